"""Prebuilt statements on the driver's cursor write and read exactly what SQLAlchemy's own execution
does (JSON, dates, booleans, NULL), in the session's transaction, and fail with SQLAlchemy's errors."""
from datetime import datetime

import pytest
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError

from framework.store import db, write_transaction
from framework.store.driver import Prebuilt
from framework.store.models import MoveRecord, Seat, TableRecord, User
from tests.conftest import make_app

MOVES, SEATS = MoveRecord.__table__, Seat.__table__
INSERT_MOVE = Prebuilt(insert(MOVES))
MOVE_ROWS = Prebuilt(select(MOVES).where(MOVES.c.table_id == bindparam("table_id")).order_by(MOVES.c.number))
UPDATE_SEAT = Prebuilt(update(SEATS).where(SEATS.c.id == bindparam("seat_id")))
SEAT_ROW = Prebuilt(select(SEATS).where(SEATS.c.id == bindparam("seat_id")))
ARGS = {"cards": ["7C", "Zoë ♥"], "nested": {"n": 1, "none": None, "flag": True}}
WHEN = datetime(2026, 11, 30, 13, 45, 0)  # no microseconds: a format that drops them would show


@pytest.fixture(params=["sqlite", "postgresql"])
def app(request, tmp_path):
    url = f"sqlite:///{tmp_path / 'driver.sqlite'}" if request.param == "sqlite" else \
        request.getfixturevalue("pg_database")
    app = make_app(url)
    with app.app_context():
        user = User(name="anna", password_hash="!")
        db.session.add(user)
        db.session.flush()
        table = TableRecord(game="climb", options={}, seed="s", seats=2, creator_id=user.id)
        db.session.add(table)
        db.session.flush()
        db.session.add(Seat(table_id=table.id, seat=0, user_id=user.id))
        db.session.commit()
        yield app
        db.session.remove()
        db.engine.dispose()


def move_row(number: int) -> dict:
    return {"table_id": 1, "number": number, "player_id": 1, "action": "play", "args": ARGS, "actor": "player",
            "created_at": WHEN}


def test_written_rows_read_back_the_same_through_the_orm_and_through_prebuilt(app):
    with app.app_context():
        with write_transaction():
            INSERT_MOVE.execute(move_row(1))
            INSERT_MOVE.execute([move_row(2), move_row(3)])  # several rows at once
        by_orm = db.session.scalars(select(MoveRecord).order_by(MoveRecord.number)).all()
        assert [(m.number, m.args, m.created_at) for m in by_orm] == [(n, ARGS, WHEN) for n in (1, 2, 3)]
        rows = MOVE_ROWS.rows({"table_id": 1})
        assert [(r["number"], r["args"], r["created_at"]) for r in rows] == [(n, ARGS, WHEN) for n in (1, 2, 3)]
        assert MOVE_ROWS.rows({"table_id": 2}) == []
        assert MOVE_ROWS.first({"table_id": 2}) is None


def test_booleans_and_nulls_come_back_as_python_values(app):
    with app.app_context():
        with write_transaction():
            UPDATE_SEAT.execute({"seat_id": 1, "zombie": True, "deadline": WHEN, "active_since": None})
        row = SEAT_ROW.first({"seat_id": 1})
        assert row["zombie"] is True and row["deadline"] == WHEN and row["active_since"] is None
        assert db.session.get(Seat, 1).zombie is True


def test_a_failed_write_raises_sqlalchemys_error_and_the_transaction_keeps_nothing(app):
    with app.app_context():
        with pytest.raises(IntegrityError), write_transaction():
            INSERT_MOVE.execute(move_row(1))
            INSERT_MOVE.execute(move_row(1))  # (table_id, number) is unique
        assert MOVE_ROWS.rows({"table_id": 1}) == []


def test_each_transaction_runs_prebuilt_statements_in_itself(app):
    """The connection is looked up once per transaction: after a rollback or a commit, the next
    statement must run in the new transaction, not on the old one's connection outside any."""
    with app.app_context():
        INSERT_MOVE.execute(move_row(1))
        db.session.rollback()
        INSERT_MOVE.execute(move_row(2))
        db.session.commit()
        INSERT_MOVE.execute(move_row(3))
        db.session.rollback()
        db.session.scalars(select(MoveRecord)).all()  # the ORM begins this one
        INSERT_MOVE.execute(move_row(4))
        db.session.commit()
        assert [r["number"] for r in MOVE_ROWS.rows({"table_id": 1})] == [2, 4]


def test_a_column_default_must_be_given():
    """Connection.execute would fill `created_at` from its Python default; a prebuilt insert refuses
    instead of writing NULL."""
    app = make_app("sqlite://")
    with app.app_context(), pytest.raises(ValueError, match="created_at"):
        INSERT_MOVE.execute({k: v for k, v in move_row(1).items() if k != "created_at"})


def test_the_locked_rows_are_typed_and_track_seat_changes(app):
    from dataclasses import fields

    from framework.store.errors import NotFound
    from framework.store.locked import LockedSeat, LockedSeatUser, LockedTable, lock_table, save_seats

    # The row classes name every column of their tables: a new column shows here, not as a TypeError mid-move.
    assert {f.name for f in fields(LockedTable)} - {"players"} == set(TableRecord.__table__.c.keys())
    assert {f.name for f in fields(LockedSeat)} - {"user", "changed"} == set(SEATS.c.keys())
    with app.app_context():
        with write_transaction():
            row = lock_table(1)
            assert isinstance(row, LockedTable) and row.game == "climb" and row.options == {}
            seat = row.players[0]
            assert isinstance(seat, LockedSeat) and isinstance(seat.user, LockedSeatUser) and seat.user.name == "anna"
            seat.set(zombie=False)  # unchanged: nothing to write
            assert seat.changed == {}
            seat.set(zombie=True, last_seen=WHEN)
            assert seat.changed == {"zombie": True, "last_seen": WHEN}
            save_seats(row)
            assert seat.changed == {}
        assert SEAT_ROW.first({"seat_id": seat.id})["zombie"] is True
        with write_transaction(), pytest.raises(NotFound):
            lock_table(99)


def test_pipelined_statements_read_and_write_as_one_by_one(app):
    """In a pipelined block (PostgreSQL: psycopg's pipeline mode) reads sent together each get their
    own rows, writes land in the transaction, and the ORM may still run a statement (the pipeline
    ends first)."""
    from framework.store.pipeline import pipelined

    with app.app_context():
        with write_transaction(), pipelined():
            INSERT_MOVE.execute(move_row(1))
            first, seat = MOVE_ROWS.send({"table_id": 1}), SEAT_ROW.send({"seat_id": 1})
            INSERT_MOVE.execute([move_row(2), move_row(3)])
            assert [r["number"] for r in first.rows()] == [1]
            assert seat.first()["user_id"] == 1
            assert db.session.scalars(select(MoveRecord.number).order_by(MoveRecord.number)).all() == [1, 2, 3]
            INSERT_MOVE.execute(move_row(4))
        assert [r["number"] for r in MOVE_ROWS.rows({"table_id": 1})] == [1, 2, 3, 4]


def test_a_pipelined_write_that_fails_raises_sqlalchemys_error_and_keeps_nothing(app):
    from framework.store.pipeline import pipelined

    with app.app_context():
        with pytest.raises(IntegrityError), write_transaction(), pipelined():
            INSERT_MOVE.execute(move_row(1))
            INSERT_MOVE.execute(move_row(1))  # on PostgreSQL the error comes at the block's end
        assert MOVE_ROWS.rows({"table_id": 1}) == []
        with pytest.raises(IntegrityError), write_transaction(), pipelined():
            INSERT_MOVE.execute(move_row(1))
            INSERT_MOVE.execute(move_row(1))
            MOVE_ROWS.rows({"table_id": 1})  # or at the next read
        assert MOVE_ROWS.rows({"table_id": 1}) == []
        with write_transaction(), pipelined():  # the connection is usable again
            INSERT_MOVE.execute(move_row(5))
        assert [r["number"] for r in MOVE_ROWS.rows({"table_id": 1})] == [5]


def test_a_pipelined_transaction_keeps_the_connections_isolation_level(app):
    """A pooled connection SQLAlchemy once gave another isolation level comes back with its default set
    explicitly: the pipelined block's own BEGIN says it, as psycopg's would."""
    from sqlalchemy import text

    from framework.store.pipeline import pipelined

    with app.app_context():
        with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text("SELECT 1"))
        with write_transaction(), pipelined():
            INSERT_MOVE.execute(move_row(1))
            level = db.session.execute(text(
                "SHOW transaction_isolation" if db.engine.dialect.name == "postgresql" else "SELECT 'read committed'"))
            assert level.scalar() == "read committed"
        assert [r["number"] for r in MOVE_ROWS.rows({"table_id": 1})] == [1]


def test_many_rows_are_written_by_one_statement_each_as_one_by_one(app):
    """`ManyRows`: an INSERT with a VALUES list, an UPDATE by id with a CASE, in chunks; NULLs, JSON
    and dates as Prebuilt writes them."""
    from framework.store.driver import ManyRows

    rows = ManyRows(MOVES, most=2)
    seats = ManyRows(SEATS)
    with app.app_context():
        with write_transaction():
            ben = User(name="ben", password_hash="!")
            db.session.add(ben)
            db.session.flush()
            db.session.add(Seat(table_id=1, seat=1, user_id=ben.id))
        with write_transaction():
            rows.insert([move_row(n) for n in (1, 2, 3)])  # two statements: 2 rows, then 1
            seats.update([{"id": 1, "deadline": WHEN, "active_since": 4}, {"id": 2, "deadline": None,
                                                                           "active_since": None}])
            seats.update([{"id": 2, "zombie": True}])
        read = MOVE_ROWS.rows({"table_id": 1})
        assert [(r["number"], r["args"], r["created_at"]) for r in read] == [(n, ARGS, WHEN) for n in (1, 2, 3)]
        first, second = SEAT_ROW.first({"seat_id": 1}), SEAT_ROW.first({"seat_id": 2})
        assert (first["deadline"], first["active_since"], first["zombie"]) == (WHEN, 4, False)
        assert (second["deadline"], second["active_since"], second["zombie"]) == (None, None, True)
