"""Stored tables to engine tables: the game class, the players, the loaded table, who the server plays.

A table comes here in either of its two forms: the `TableRecord` the ORM reads (the web's reads) or
the `LockedTable` read under the move's write lock (moves), with their seats (`Seat`, `LockedSeat`).
The two forms have the same attribute names, so these functions take either.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from framework.engine import Game, Table

from .errors import NotFound
from .locked import LockedSeat, LockedTable
from .models import Seat, TableRecord

SeatT = TypeVar("SeatT", Seat, LockedSeat)  # a seat is found in, and returned as, the form it was read in


def game_class(games: dict[str, type[Game]], name: str) -> type[Game]:
    if name not in games:
        raise NotFound(f"There is no game {name!r}.")
    return games[name]


def engine_players(seats: Sequence[Seat | LockedSeat]) -> list[dict]:
    """The players as the engine takes them, in seat order."""
    return [{"id": seat.user_id, "name": seat.user.name} for seat in seats]


def load_engine_table(record: TableRecord | LockedTable, games: dict[str, type[Game]]) -> Table:
    return Table.load(game_class(games, record.game), engine_players(record.players), record.options, record.seed,
                      record.snapshot)


def find_seat(seats: Sequence[SeatT], user_id: int) -> SeatT | None:
    return next((s for s in seats if s.user_id == user_id), None)


def automatic_seat(seats: Sequence[SeatT], table: Table, which: Callable[[SeatT], bool] | None = None) -> SeatT | None:
    """The seat of an active bot or zombie, if any (of those `which` takes): the server plays it."""
    active = table.active_players()
    return next((s for s in seats if s.user_id in active and (s.bot_level or s.zombie) and (which is None or which(s))),
                None)


def may_see(record: TableRecord | LockedTable, user_id: int | None) -> bool:
    """A private table is for its players, its creator and the users it waits for (by id); to
    everyone else it does not exist."""
    return (not record.private or user_id is not None and (
        record.creator_id == user_id or user_id in record.reserved or find_seat(record.players, user_id) is not None))
