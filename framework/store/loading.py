"""Stored tables to engine tables: the game class, the players, the loaded table, who the server plays.

Both kinds of stored table come through here: a `TableRecord` read through the ORM (the web's
reads) and a `TableRow` read under the write lock (moves). These functions need only the
attributes the protocols below name, which both have.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from framework.engine import Game, Table

from .errors import NotFound


class NamedUser(Protocol):
    name: str


class StoredSeat(Protocol):
    user_id: int
    zombie: bool
    bot_level: str | None

    @property
    def user(self) -> NamedUser: ...


class StoredTable(Protocol):
    """What loading a table needs (the game, its options and seed, the snapshot, the seats in order)
    and who may see it (private, creator, reservations)."""

    game: str
    options: dict
    seed: str
    snapshot: dict | None
    private: bool
    creator_id: int
    reserved: list

    @property
    def players(self) -> Sequence[StoredSeat]: ...


SeatT = TypeVar("SeatT", bound=StoredSeat)


def game_class(games: dict[str, type[Game]], name: str) -> type[Game]:
    if name not in games:
        raise NotFound(f"There is no game {name!r}.")
    return games[name]


def engine_players(seats: Sequence[StoredSeat]) -> list[dict]:
    """The players as the engine takes them, in seat order."""
    return [{"id": seat.user_id, "name": seat.user.name} for seat in seats]


def load_engine_table(record: StoredTable, games: dict[str, type[Game]]) -> Table:
    return Table.load(game_class(games, record.game), engine_players(record.players), record.options, record.seed,
                      record.snapshot)


def seat_of(seats: Sequence[SeatT], user_id: int) -> SeatT | None:
    return next((s for s in seats if s.user_id == user_id), None)


def automatic_seat(seats: Sequence[SeatT], table: Table) -> SeatT | None:
    """The seat of an active bot or zombie, if any: the server plays it."""
    active = table.active_players()
    return next((s for s in seats if s.user_id in active and (s.bot_level or s.zombie)), None)


def may_see(record: StoredTable, user_id: int | None) -> bool:
    """A private table is for its players, its creator and the users it waits for (by id); to
    everyone else it does not exist."""
    return (not record.private or user_id is not None and (
        record.creator_id == user_id or user_id in record.reserved or seat_of(record.players, user_id) is not None))
