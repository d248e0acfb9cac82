"""A table under its write lock as plain rows, read and written with prebuilt statements.

Every move goes through here. The SQL is cheap; the ORM's identity map, lazy loads and unit of
work cost several times more, so writes load plain rows and write back only what changed. The
statements are built once and run on the driver's cursor (`driver.Prebuilt`).
"""
from __future__ import annotations

from types import SimpleNamespace

from sqlalchemy import bindparam, select, update

from .driver import Prebuilt
from .models import GameTable, Seat, User

TABLES, SEATS, USERS = GameTable.__table__, Seat.__table__, User.__table__
LockedTable = SimpleNamespace  # a tables row's columns as attributes, plus `players`: its seats in order
# What the write path needs of a seat's user: names for the engine, flags and addresses for the outbox.
USER_COLUMNS = ("name", "is_bot", "email", "webhook_url", "notify_email", "notify_webhook")

LOCK_TABLE = Prebuilt(select(TABLES).where(TABLES.c.id == bindparam("table_id")).with_for_update())
SEATS_OF = Prebuilt(select(SEATS, *(USERS.c[name] for name in USER_COLUMNS))
                    .join(USERS, USERS.c.id == SEATS.c.user_id).where(SEATS.c.table_id == bindparam("table_id"))
                    .order_by(SEATS.c.seat))
# No values(): the SET clause is the columns named in the parameters.
UPDATE_TABLE = Prebuilt(update(TABLES).where(TABLES.c.id == bindparam("table_id")))
UPDATE_SEAT = Prebuilt(update(SEATS).where(SEATS.c.id == bindparam("seat_id")))


class LockedSeat(SimpleNamespace):
    """A seat row (same attribute names as `Seat`); `set` remembers changes for `save_seats`."""

    def set(self, **values) -> None:
        for name, value in values.items():
            if getattr(self, name) != value:
                setattr(self, name, value)
                self.changed[name] = value


def lock_table(table_id: int) -> LockedTable | None:
    """The table row (locked: FOR UPDATE on PostgreSQL, BEGIN IMMEDIATE on SQLite) and its seats."""
    row = LOCK_TABLE.first({"table_id": table_id})
    if row is None:
        return None
    record = LockedTable(**row)
    record.players = _seats(table_id)
    return record


def _seats(table_id: int) -> list[LockedSeat]:
    seats = []
    for values in SEATS_OF.rows({"table_id": table_id}):
        user = SimpleNamespace(id=values["user_id"], **{name: values.pop(name) for name in USER_COLUMNS})
        seats.append(LockedSeat(**values, user=user, changed={}))
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
            groups.setdefault(tuple(sorted(seat.changed)), []).append({"seat_id": seat.id, **seat.changed})
            seat.changed = {}
    for rows in groups.values():
        UPDATE_SEAT.execute(rows)
