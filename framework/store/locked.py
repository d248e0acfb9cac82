"""A table under its write lock as typed plain rows, read and written with prebuilt statements.

`LockedTable`, `LockedSeat` and `LockedSeatUser` are the rows of the ORM's `TableRecord`, `Seat` and
`User`, read under the move's write lock. Every move goes through here. The SQL is cheap; the ORM's
identity map, lazy loads and unit of work cost several times more, so writes load plain rows and
write back only what changed. The statements are built once and run on the driver's cursor
(`driver.Prebuilt`). The row classes mirror the columns of `tables`, `seats` and (what a move needs
of them) `users`, under the same attribute names.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import bindparam, select, update

from .driver import ManyRows, Prebuilt, Sent
from .errors import NotFound
from .models import Seat, TableRecord, User

TABLES, SEATS, USERS = TableRecord.__table__, Seat.__table__, User.__table__


@dataclass(slots=True)
class LockedSeatUser:
    """What the write path needs of a seat's user (a `User`): a name for the engine, its kind, addresses for
    the outbox."""

    id: int
    name: str
    kind: str
    email: str | None
    email_confirmed_at: datetime | None
    webhook_url: str | None
    notify_email: bool
    notify_webhook: bool

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"  # as `User.is_bot`


@dataclass(slots=True)
class LockedSeat:
    """A `seats` row read under the write lock (the attribute names of `Seat`); `set` remembers changes for
    `save_seats`."""

    id: int
    table_id: int
    seat: int
    user_id: int
    zombie: bool
    bot_level: str | None
    active_since: int | None
    deadline: datetime | None
    last_seen: datetime | None
    thinking_since: datetime | None
    user: LockedSeatUser
    changed: dict = field(default_factory=dict)

    def set(self, **values) -> None:
        for name, value in values.items():
            if getattr(self, name) != value:
                setattr(self, name, value)
                self.changed[name] = value


@dataclass(slots=True)
class LockedTable:
    """A `tables` row read under the table's write lock (the attribute names of `TableRecord`), with its seats."""

    id: int
    game: str
    game_version: int
    options: dict
    seed: str
    seats: int
    status: str
    move: int
    snapshot: dict | None
    state_hash: str | None
    creator_id: int
    created_at: datetime
    updated_at: datetime
    turn_hours: int
    private: bool
    invite_code: str | None
    reserved: list
    hotseat: bool
    forked_from: int | None
    spectator_chat: bool
    players: list[LockedSeat] = field(default_factory=list)  # in seat order


USER_COLUMNS = tuple(name for name in LockedSeatUser.__dataclass_fields__ if name != "id")

LOCK_TABLE = Prebuilt(select(TABLES).where(TABLES.c.id == bindparam("table_id")).with_for_update())
SEATS_OF = Prebuilt(select(SEATS, *(USERS.c[name] for name in USER_COLUMNS))
                    .join(USERS, USERS.c.id == SEATS.c.user_id).where(SEATS.c.table_id == bindparam("table_id"))
                    .order_by(SEATS.c.seat))
# No values(): the SET clause is the columns named in the parameters.
UPDATE_TABLE = Prebuilt(update(TABLES).where(TABLES.c.id == bindparam("table_id")))
UPDATE_SEATS = ManyRows(SEATS)


def lock_table(table_id: int) -> LockedTable:
    """The table row (locked: FOR UPDATE on PostgreSQL, BEGIN IMMEDIATE on SQLite) and its seats."""
    return ask_table(table_id)()


def ask_table(table_id: int) -> Callable[[], LockedTable]:
    """`lock_table` sent (the seats' read after the lock's), to be read by calling the answer: in a
    `pipelined()` block, both wait for their answers together with whatever else was sent."""
    table, seats = LOCK_TABLE.send({"table_id": table_id}), SEATS_OF.send({"table_id": table_id})

    def read() -> LockedTable:
        row = table.first()
        if row is None:
            seats.rows()  # read and closed, as every statement sent must be
            raise NotFound(f"There is no table {table_id}.")
        return LockedTable(**row, players=_seats(seats))

    return read


def _seats(sent: Sent) -> list[LockedSeat]:
    seats = []
    for values in sent.rows():
        user = LockedSeatUser(id=values["user_id"], **{name: values.pop(name) for name in USER_COLUMNS})
        seats.append(LockedSeat(**values, user=user))
    return seats


def save_table(record: LockedTable, **values) -> None:
    for name, value in values.items():
        setattr(record, name, value)
    UPDATE_TABLE.execute({"table_id": record.id, **values})


def save_seats(record: LockedTable) -> None:
    """One UPDATE per set of changed columns, over all the seats that changed them."""
    groups: dict[tuple[str, ...], list[dict]] = {}
    for seat in record.players:
        if seat.changed:
            groups.setdefault(tuple(sorted(seat.changed)), []).append({"id": seat.id, **seat.changed})
            seat.changed = {}
    for rows in groups.values():
        UPDATE_SEATS.update(rows)
