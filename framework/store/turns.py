"""Turns: who is active, deadlines and "your turn" messages, zombies (out of time, left, back).

A zombie's moves themselves are played by the move service (`moves.play_automatic`).
"""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select

from framework.engine import Game, Table

from . import outbox
from .changes import announce
from .database import write_transaction
from .errors import Conflict
from .journal import write_notifications, write_snapshot
from .loading import find_seat, load_engine_table
from .locked import LockedSeat, LockedTable, lock_table, save_seats
from .models import Seat, TableRecord, clock, db
from .wakeups import expert_turn_due


def update_turns(record: LockedTable, table: Table, now: datetime | None = None,
                 mover: int | None = None, new_state: bool = False) -> None:
    """Who became active: a deadline when the table has a time limit, and a "your turn" message.

    A player still active after their own move, or after a move that entered a state (`new_state`),
    starts a new turn: a new deadline, and `active_since` is that move (a stale answer is judged by
    it). Writes every seat change made since the table was locked (presence included).
    """
    now = now or clock()
    active = set(table.active_players()) if table.status == "playing" else set()
    for seat in record.players:
        if seat.user_id not in active or seat.user_id == mover or new_state:
            seat.set(active_since=None, deadline=None)
        if seat.user_id in active and seat.active_since is None:
            seat.set(active_since=table.move)
            if record.turn_hours:
                seat.set(deadline=now + timedelta(hours=record.turn_hours))
            if not (seat.user.is_bot or seat.zombie):
                outbox.queue_your_turn(record, seat, now)
    save_seats(record)
    expert_turn_due(record, table)  # an expert's "your turn": the bot runners' wake-up (PostgreSQL)


def set_zombie(record: LockedTable, table: Table, seat: LockedSeat, zombie: bool, reason: str = "") -> None:
    """Mark a seat as played by the zombie (BGA), or give it back; everyone is told."""
    seat.set(zombie=zombie)
    if zombie:
        seat.set(deadline=None)
        expert_turn_due(record, table)  # where the zombie plays at the expert level, and it is the seat's turn
        table.notify(None, "zombie", "${player_name} " + reason + ": the zombie plays for them",
                     {"player_id": seat.user_id})
    else:
        seat.set(thinking_since=None)  # a runner thinking for the zombie will find the seat no longer its own
        if seat.active_since is not None and record.turn_hours:
            seat.set(deadline=clock() + timedelta(hours=record.turn_hours))
        table.notify(None, "zombieBack", "${player_name} is back", {"player_id": seat.user_id})
    write_notifications(record.id, table.take_notifications())
    write_snapshot(record, table)
    save_seats(record)


def leave_table(table_id: int, user_id: int, games: dict[str, type[Game]]) -> None:
    """A player leaves a running game: the zombie plays for them until they come back."""
    with write_transaction():
        record = lock_table(table_id)
        seat = find_seat(record.players, user_id)
        if seat is None or record.status != "playing":
            raise Conflict("You can leave only a game you play in while it runs.")
        if not seat.zombie:
            set_zombie(record, load_engine_table(record, games), seat, True, "left the table")


def return_to_table(table_id: int, user_id: int, games: dict[str, type[Game]]) -> None:
    with write_transaction():
        record = lock_table(table_id)
        seat = find_seat(record.players, user_id)
        if seat is None or not seat.zombie:
            raise Conflict("You are not away from this table.")
        if record.status == "playing":
            seat.set(last_seen=clock())
            set_zombie(record, load_engine_table(record, games), seat, False)
        else:
            seat.set(zombie=False)
            save_seats(record)
            announce(table_id)


def expire_deadlines(games: dict[str, type[Game]], now: datetime | None = None) -> list[int]:
    """Players past their deadline become zombies (their turn is then played); the tables touched."""
    now = now or clock()
    late = db.session.execute(select(Seat.table_id, Seat.id).join(TableRecord).where(
        TableRecord.status == "playing", Seat.deadline.is_not(None), Seat.deadline <= now,
        Seat.zombie.is_(False))).all()
    touched = []
    for table_id, seat_id in late:
        with write_transaction():
            record = lock_table(table_id)
            seat = next(s for s in record.players if s.id == seat_id)
            # Checked again under the lock: a second tick, or the player's move, may have come first.
            if record.status != "playing" or seat.zombie or seat.deadline is None or seat.deadline > now:
                continue
            set_zombie(record, load_engine_table(record, games), seat, True, "is out of time")
        touched.append(table_id)
    return touched
