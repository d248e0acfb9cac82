"""Seats nobody clicks for: bots and zombies play through the same path as people, logged alike.

After a move commits, `play_automatic_moves` plays the bots' and zombies' turns one transaction
each, for a bounded time; what is left is played on the next request to the table or by the tick.
"""
from __future__ import annotations

import time
from datetime import datetime

from sqlalchemy import exists, select

from framework.engine import BOTS, Game, Table

from .database import write_transaction
from .models import GameTable, Seat, clock, db
from .tables import automatic_seat, load_engine_table, locked_table, record_move, set_zombie

REQUEST_BUDGET = 0.15  # seconds of bot play a human's request may pay for after its own move


def choose_move(record: GameTable, table: Table, seat: Seat) -> tuple[str, dict, str]:
    player = seat.user_id
    if seat.zombie:
        action, args = table.zombie_move(player)
        return action, args, "zombie"
    action, args = BOTS[seat.bot_level](f"{record.seed}:{table.move}:{player}").choose(table, player)
    return action, args, "bot"


def play_automatic_moves(table_id: int, games: dict[str, type[Game]], budget: float | None = REQUEST_BUDGET,
                         max_moves: int = 5000, now: datetime | None = None) -> int:
    """Play bot and zombie turns until a person must act, the game ends, or the budget is spent."""
    if not has_automatic_seats(table_id):
        return 0  # all people: no write transaction to pay for
    started, played = time.monotonic(), 0
    while played < max_moves and (budget is None or time.monotonic() - started < budget):
        with write_transaction():
            record = locked_table(table_id)
            if record.status != "playing":
                break
            table = load_engine_table(record, games)
            seat = automatic_seat(record, table)
            if seat is None:
                break
            action, args, actor = choose_move(record, table, seat)
            made = table.apply(seat.user_id, action, args, rollback=False)
            record_move(record, table, seat.user_id, action, args, made, actor, now)
        played += 1
    return played


def has_automatic_seats(table_id: int) -> bool:
    return db.session.scalar(select(exists().where(
        Seat.table_id == table_id, Seat.zombie.is_(True) | Seat.bot_level.is_not(None))))


def expire_deadlines(games: dict[str, type[Game]], now: datetime | None = None) -> list[int]:
    """Players past their deadline become zombies (their turn is then played); the tables touched."""
    now = now or clock()
    late = db.session.execute(select(Seat.table_id, Seat.id).join(GameTable).where(
        GameTable.status == "playing", Seat.deadline.is_not(None), Seat.deadline <= now,
        Seat.zombie.is_(False))).all()
    touched = []
    for table_id, seat_id in late:
        with write_transaction():
            record = locked_table(table_id)
            seat = next(s for s in record.players if s.id == seat_id)
            # Checked again under the lock: a second tick, or the player's move, may have come first.
            if record.status != "playing" or seat.zombie or seat.deadline is None or seat.deadline > now:
                continue
            set_zombie(record, load_engine_table(record, games), seat, True, "is out of time")
        touched.append(table_id)
    return touched


def tables_waiting_for_automatic_moves() -> list[int]:
    rows = db.session.scalars(select(Seat.table_id).join(GameTable).where(
        GameTable.status == "playing", Seat.active_since.is_not(None),
        Seat.zombie.is_(True) | Seat.bot_level.is_not(None)).distinct())
    return list(rows)
