"""The "your turn" outbox: one message per table per turn, not while the player is looking."""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import select

from framework.engine.states import substitute

from .models import MoveRecord, NotificationRecord, OutboxMessage, db

if TYPE_CHECKING:
    from .locked import LockedSeat, LockedTable

PRESENCE_WINDOW = timedelta(minutes=5)  # polled the table this recently: they are on the page
DIGEST_LINES = 30


def queue_your_turn(record: LockedTable, seat: LockedSeat, now: datetime) -> None:
    user = seat.user
    if seat.last_seen is not None and now - seat.last_seen < PRESENCE_WINDOW:
        return
    channels = []
    if user.email and user.email_confirmed_at and user.notify_email:  # an unconfirmed address gets nothing
        channels.append(("email", user.email))
    if user.webhook_url and user.notify_webhook:
        channels.append(("webhook", user.webhook_url))
    if not channels:
        return
    subject = f"Your turn: {record.game} table {record.id}"
    body = "\n".join([f"It is your turn at table {record.id} ({record.game}).", "", "Since your last move:",
                      *digest(record.id, user.id)])
    for channel, address in channels:
        db.session.add(OutboxMessage(user_id=user.id, table_id=record.id, turn=seat.active_since,
                                     channel=channel, address=address, subject=subject, body=body[:8000],
                                     next_attempt_at=now))


def digest(table_id: int, user_id: int) -> list[str]:
    """The log lines this player may see since their own last move at the table."""
    last_own = db.session.scalars(select(MoveRecord.number)
                                  .where(MoveRecord.table_id == table_id, MoveRecord.player_id == user_id)
                                  .order_by(MoveRecord.number.desc()).limit(1)).first() or 0
    rows = db.session.scalars(
        select(NotificationRecord).where(NotificationRecord.table_id == table_id,
                                         NotificationRecord.move > last_own,
                                         NotificationRecord.visible_to(user_id),
                                         NotificationRecord.log != "")
        .order_by(NotificationRecord.seq.desc()).limit(DIGEST_LINES))
    return [f"- {render_log(row.log, row.args)}" for row in reversed(list(rows))]


def render_log(log: str, args: dict) -> str:
    """A log template as plain text (lists joined), for e-mails and webhooks."""
    flat = {k: ", ".join(map(str, v)) if isinstance(v, list) else v for k, v in args.items()}
    return substitute(log, flat)


def due_messages(now: datetime, limit: int = 100) -> list[OutboxMessage]:
    return list(db.session.scalars(select(OutboxMessage).where(OutboxMessage.status == "pending",
                                                               OutboxMessage.next_attempt_at <= now)
                                   .order_by(OutboxMessage.id).limit(limit)))
