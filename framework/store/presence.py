"""Presence: when a seated player last acted at or looked at a table (for "your turn" messages).

Bookkeeping, not a game change: it is written on reads too (the view and the notifications
polls), at most every `SEEN_PRECISION` per seat so polls stay cheap.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import update

from .database import write_transaction
from .loading import find_seat
from .locked import LockedSeat
from .models import Seat, clock, db

# Presence is written at most this often: acting or polling need not write a row every time.
SEEN_PRECISION = timedelta(seconds=30)


def due(last_seen: datetime | None, now: datetime) -> bool:
    return last_seen is None or now - last_seen > SEEN_PRECISION


def note_acting(seat: LockedSeat, now: datetime) -> None:
    """Acting is being here (no "your turn" mail for this visit); saved with the move's seat changes."""
    if due(seat.last_seen, now):
        seat.set(last_seen=now)


def mark_seen(seats: list[Seat], user_id: int, now: datetime | None = None) -> None:
    """Presence from polling (`seats`: a table's, read through the ORM): a short write of its own,
    when the last one is older than `SEEN_PRECISION`."""
    now = now or clock()
    seat = find_seat(seats, user_id)
    if seat is not None and due(seat.last_seen, now):
        with write_transaction():
            db.session.execute(update(Seat).where(Seat.id == seat.id).values(last_seen=now))
