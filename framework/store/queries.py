"""Reads for the web and the tools: tables, the lobby, a player's tables, notifications, the move log.

Nothing here writes.
"""
from __future__ import annotations

from sqlalchemy import func, select

from framework.engine import Game, Table, replay

from .errors import NotFound
from .loading import engine_players, game_class
from .models import MoveRecord, NotificationRecord, Seat, TableRecord, db


def get_table(table_id: int) -> TableRecord:
    record = db.session.scalars(select(TableRecord).where(TableRecord.id == table_id)).first()
    if record is None:
        raise NotFound(f"There is no table {table_id}.")
    return record


def get_table_for_update(table_id: int) -> TableRecord:
    """The table, row-locked until the transaction ends (FOR UPDATE; SQLite's writer lock is already held)."""
    query = (select(TableRecord).where(TableRecord.id == table_id).with_for_update()
             .execution_options(populate_existing=True))
    record = db.session.scalars(query).first()
    if record is None:
        raise NotFound(f"There is no table {table_id}.")
    return record


def table_for_code(code: str) -> TableRecord:
    record = db.session.scalars(select(TableRecord).where(TableRecord.invite_code == code)).first()
    if record is None:
        raise NotFound("No table has this invitation code.")
    return record


def open_tables() -> list[TableRecord]:
    query = (select(TableRecord).where(TableRecord.status == "open", TableRecord.private.is_(False))
             .order_by(TableRecord.created_at.desc()).limit(200))
    return list(db.session.scalars(query))


def tables_of(user_id: int) -> list[TableRecord]:
    query = (select(TableRecord).join(Seat).where(Seat.user_id == user_id)
             .order_by(TableRecord.updated_at.desc()))
    return list(db.session.scalars(query))


def notifications_for(table_id: int, viewer: int | None, after: int, limit: int = 500) -> list[dict]:
    """What `viewer` may see after seq `after` (at most `limit`), in order, as the client takes them."""
    query = select(NotificationRecord).where(NotificationRecord.table_id == table_id, NotificationRecord.seq > after,
                                             NotificationRecord.visible_to(viewer))
    rows = db.session.scalars(query.order_by(NotificationRecord.seq).limit(limit))
    return [row.as_dict() for row in rows]


def last_notification_for(table_id: int, viewer: int | None) -> NotificationRecord | None:
    """The last notification `viewer` may see."""
    query = select(NotificationRecord).where(NotificationRecord.table_id == table_id,
                                             NotificationRecord.visible_to(viewer))
    return db.session.scalars(query.order_by(NotificationRecord.seq.desc()).limit(1)).first()


def seen_since(table_id: int, viewer: int | None, before: int, until: int) -> tuple[int, list[dict]]:
    """`viewer`'s last notification up to seq `before` (0: none), and what they may see after it up to seq
    `until`, in order: one read (nothing they may see lies between that one and `before`)."""
    visible = (NotificationRecord.table_id == table_id, NotificationRecord.visible_to(viewer))
    last_before = select(func.coalesce(func.max(NotificationRecord.seq), 0)).where(
        *visible, NotificationRecord.seq <= before).scalar_subquery()
    query = select(NotificationRecord).where(*visible, NotificationRecord.seq >= last_before,
                                             NotificationRecord.seq <= until)
    rows = db.session.scalars(query.order_by(NotificationRecord.seq))
    found = [row.as_dict() for row in rows]
    if found and found[0]["seq"] <= before:
        return found[0]["seq"], found[1:]
    return 0, found


def moves_announced(table_id: int) -> set[int]:
    """The numbers of the moves that made at least one notification for everyone."""
    return set(db.session.scalars(select(NotificationRecord.move).where(
        NotificationRecord.table_id == table_id, NotificationRecord.recipient.is_(None)).distinct()))


def moves_of(table_id: int) -> list[MoveRecord]:
    return list(db.session.scalars(select(MoveRecord).where(MoveRecord.table_id == table_id)
                                   .order_by(MoveRecord.number)))


def replayed(record: TableRecord, games: dict[str, type[Game]], until: int | None = None) -> Table:
    """The table replayed from its log (to move `until`)."""
    return replay(game_class(games, record.game), engine_players(record.players), record.options, record.seed,
                  [m.logged() for m in moves_of(record.id)], until)
