"""Mutes: a user hides another account's chat lines from themselves (the chat read and the push stream).

The muted account is not told and still talks to everyone else; muting is per viewer, never a sanction.
"""
from __future__ import annotations

from sqlalchemy import delete, func, select

from .database import write_transaction
from .errors import Conflict, NotFound
from .models import Mute, User, db

MAX_MUTES = 500  # accounts one user may mute: more than any player needs, and a bound on the list and its filter


def muted_by(user_id: int) -> set[int]:
    """The accounts `user_id` has muted."""
    return set(db.session.scalars(select(Mute.muted_id).where(Mute.user_id == user_id)))


def mutes_of(user_id: int) -> list[Mute]:
    return list(db.session.scalars(select(Mute).where(Mute.user_id == user_id).order_by(Mute.id)))


def mute(user_id: int, muted_id: int) -> bool:
    """Mute an account; True if newly muted, False if it already was."""
    if muted_id == user_id:
        raise Conflict("You cannot mute yourself.")  # a 409: the id is well formed, the request is not for you
    with write_transaction():
        db.session.execute(select(User.id).where(User.id == user_id).with_for_update())  # one count at a time
        if db.session.get(User, muted_id) is None:
            raise NotFound(f"There is no user {muted_id}.")
        if db.session.scalar(select(Mute.id).where(Mute.user_id == user_id, Mute.muted_id == muted_id)):
            return False
        if db.session.scalar(select(func.count()).select_from(Mute).where(Mute.user_id == user_id)) >= MAX_MUTES:
            raise Conflict(f"You have muted {MAX_MUTES} accounts, the most there may be: unmute one first.")
        db.session.add(Mute(user_id=user_id, muted_id=muted_id))
    return True


def unmute(user_id: int, muted_id: int) -> bool:
    """Unmute an account; True if it was muted (a 404 for an account that never was)."""
    with write_transaction():
        gone = db.session.execute(delete(Mute).where(Mute.user_id == user_id, Mute.muted_id == muted_id))
        if not gone.rowcount and db.session.get(User, muted_id) is None:
            raise NotFound(f"There is no user {muted_id}.")
    return bool(gone.rowcount)
