"""A move's statements in two round trips on PostgreSQL: psycopg's pipeline mode.

In a `pipelined()` block, prebuilt statements go out without waiting for their answers: a read
(`Prebuilt.send`, then `.rows()`) waits once for everything sent before it, the end of the block
for the rest. The block also sends the transaction's BEGIN and COMMIT itself, among the other
statements: psycopg would wait for each of them on its own. A move's ten round trips (BEGIN, token,
lock, seats, five writes, COMMIT) become two: the reads, then the writes and the COMMIT.

A write's error is raised by a later statement or at the end of the block, as SQLAlchemy's error, and
nothing is kept. A statement SQLAlchemy runs itself (the ORM) in the block needs its answer at once:
the pipeline ends first, the transaction goes on without it. On SQLite statements run one by one.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from psycopg.pq import TransactionStatus
from sqlalchemy import Engine, event

from .driver import as_sqlalchemy_errors, current_connection, pipelines
from .models import db


@contextmanager
def pipelined() -> Iterator[None]:
    """Pipeline the block's statements; on PostgreSQL, commit when it ends (the session's own commit
    after it finds nothing left to do, and runs its hooks)."""
    dialect, connection = current_connection()
    if dialect.name != "postgresql":
        yield
        return
    begin = _begin(connection)
    own = begin is not None  # BEGIN and COMMIT are ours
    if own:
        connection.autocommit = True  # so psycopg sends no BEGIN of its own, waited for
    try:
        pipeline = connection.pipeline()
        pipeline.__enter__()
        pipelines[connection] = pipeline
        try:
            if own:
                connection.execute(begin)
            yield
            if own:
                session = db.session()
                if session.new or session.dirty or session.deleted:
                    session.flush()  # ORM writes pending belong to this transaction
                with as_sqlalchemy_errors(dialect, "COMMIT", None):  # an earlier write's error may show here
                    connection.execute("COMMIT")
        except BaseException as error:
            _end(connection, error)
            raise
        with as_sqlalchemy_errors(dialect, "(pipelined statements)", None):
            _end(connection, None)
    finally:
        if own and not connection.closed:  # a lost connection: SQLAlchemy's rollback finds it out
            with as_sqlalchemy_errors(dialect, "ROLLBACK", None):
                if connection.info.transaction_status != TransactionStatus.IDLE:  # failed: nothing is kept
                    connection.rollback()
                connection.autocommit = False


def _begin(connection) -> str | None:
    """The BEGIN psycopg would send (SQLAlchemy may set an isolation level), when no statement has
    begun the transaction yet and there is nothing more to it; None otherwise."""
    if connection.info.transaction_status != TransactionStatus.IDLE or connection.read_only is not None \
            or connection.deferrable is not None:
        return None
    level = connection.isolation_level
    return "BEGIN" if level is None else f"BEGIN ISOLATION LEVEL {level.name.replace('_', ' ')}"


def _end(connection, error: BaseException | None) -> None:
    pipeline = pipelines.pop(connection, None)
    if pipeline is not None:
        pipeline.__exit__(type(error) if error else None, error, error.__traceback__ if error else None)


@event.listens_for(Engine, "before_cursor_execute")
def _leave_pipeline(connection, cursor, statement, parameters, context, executemany) -> None:
    """A statement run by SQLAlchemy in a `pipelined()` block reads its answer at once, which pipeline
    mode cannot give: the pipeline ends first, and the block's other statements run one by one."""
    if pipelines:
        _end(connection.connection.driver_connection, None)
