"""An e-mail address receives nothing but its confirmation until its owner proves they read it.

Setting an address (new or changed) stores it unconfirmed with a token, kept as its SHA-256 and good for
CONFIRM_LIFETIME, and queues one message through the outbox with a link holding the token. Only a
confirmed address gets "your turn" messages (`outbox.queue_your_turn`). Confirmation messages are bounded
per account, so nobody can use the site to mail a stranger over and over.
"""
from __future__ import annotations

import hmac
import secrets
from datetime import datetime, timedelta

from sqlalchemy import func, select

from framework.engine import ActionError

from .database import write_transaction
from .errors import NotFound
from .models import OutboxMessage, User, db
from .sessions import token_digest

CONFIRM_LIFETIME = timedelta(hours=48)
PER_DAY = 5  # confirmation messages an account may have sent in 24 hours
SUBJECT = "Confirm your e-mail address"


class TooManyConfirmations(ActionError):
    code = "too_many_confirmations"


def set_email(user: User, address: str | None, link: str, now: datetime) -> None:
    """Store `address` for `user` (inside the caller's transaction); a new one is unconfirmed and is sent
    a confirmation whose link is `link` followed by the token. The same address again changes nothing,
    unless it is unconfirmed and its token has expired: then it gets a new one."""
    if address == user.email and (address is None or user.email_confirmed_at is not None
                                  or (user.email_token_expires_at or now) > now):
        return
    user.email, user.email_confirmed_at = address, None
    user.email_token_hash = user.email_token_expires_at = None
    if address is None:
        return
    if confirmations_sent(user.id, now) >= PER_DAY:
        raise TooManyConfirmations(f"At most {PER_DAY} confirmation messages a day: try again tomorrow.")
    token = secrets.token_urlsafe(32)
    user.email_token_hash, user.email_token_expires_at = token_digest(token), now + CONFIRM_LIFETIME
    body = "\n".join([f"Someone (we hope you) asked for \"your turn\" messages for {user.name} to go to this address.",
                      "", f"To confirm it, open this link within {CONFIRM_LIFETIME.days * 24} hours:",
                      f"{link}{token}", "", "If it was not you, ignore this message: nothing more will be sent."])
    db.session.add(OutboxMessage(user_id=user.id, table_id=None, turn=0, channel="email", address=address,
                                 subject=SUBJECT, body=body, created_at=now, next_attempt_at=now))


def confirmations_sent(user_id: int, now: datetime) -> int:
    return db.session.scalar(select(func.count()).select_from(OutboxMessage).where(
        OutboxMessage.user_id == user_id, OutboxMessage.table_id.is_(None),
        OutboxMessage.created_at > now - timedelta(days=1)))


def confirm_email(user: User, token: str, now: datetime) -> None:
    """Confirm `user`'s address with the token its confirmation carried; no confirmation of this account's
    waits for another token, or for this one once expired (404: a token is not refused as malformed)."""
    with write_transaction():
        expected, expires = user.email_token_hash, user.email_token_expires_at
        if expected is None or not hmac.compare_digest(expected, token_digest(token)):
            raise NotFound("token: no confirmation of your current address waits for this token.",
                           fields={"token": ["Not the token sent to your current address."]})
        if expires is None or expires < now:
            raise NotFound("token: this confirmation has expired: set the address again for a new one.",
                           fields={"token": ["Expired."]})
        user.email_confirmed_at, user.email_token_hash, user.email_token_expires_at = now, None, None
