"""Connecting: SQLite by default (WAL, write lock taken at the start of a write), PostgreSQL by URL."""
from __future__ import annotations

import contextvars
import fcntl
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

from flask import Flask, current_app
from sqlalchemy import Engine, event

from .changes import init_changes
from .models import db

SQLITE_TIMEOUT = 30  # seconds a writer waits for another to finish before giving up

# Set while an action's transaction runs, so SQLite begins it with BEGIN IMMEDIATE: the write lock
# is held from the first read, and two processes cannot both load the same snapshot and write.
_write_intent: contextvars.ContextVar[bool] = contextvars.ContextVar("write_intent", default=False)


def database_uri(app: Flask) -> str:
    url = app.config.get("SQLALCHEMY_DATABASE_URI") or os.environ.get("DATABASE_URL")
    if not url:
        return "sqlite:///" + os.path.join(app.instance_path, "bga.sqlite")
    if url.startswith("postgres://"):  # the form Heroku-style hosts give
        url = "postgresql://" + url.removeprefix("postgres://")
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


def init_database(app: Flask) -> None:
    app.config["SQLALCHEMY_DATABASE_URI"] = database_uri(app)
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        os.makedirs(app.instance_path, exist_ok=True)
        options = app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {})
        options.setdefault("connect_args", {}).setdefault("timeout", SQLITE_TIMEOUT)
    db.init_app(app)
    init_changes(app)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            _use_sqlite_locking(db.engine)
            database = db.engine.url.database
            if database and database != ":memory:" and not database.startswith("file:"):
                app.extensions["sqlite_writer_lock"] = WriterLock(database + ".lock")


def _use_sqlite_locking(engine: Engine) -> None:
    """SQLAlchemy's pysqlite recipe: let SQLAlchemy issue BEGIN itself, IMMEDIATE for writes."""

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection):
        # On the driver's connection: SQLAlchemy's execution machinery would double the cost of a BEGIN.
        connection.connection.driver_connection.execute("BEGIN IMMEDIATE" if _write_intent.get() else "BEGIN")


class WriterLock:
    """An OS lock on a file next to the SQLite database, taken by writers before BEGIN IMMEDIATE.

    A writer waiting on SQLite's own lock polls it with growing sleeps (1, 2, 5, 10 ... 100 ms),
    which makes the slowest moves under two workers; this lock is tried again every 2 ms at most.
    BEGIN IMMEDIATE remains the guarantee. A descriptor per transaction: flock excludes descriptors
    (so threads and forked workers too), and closing it, or dying, releases the lock. A writer gives
    up after `timeout` seconds, as SQLite's own wait does, so a stuck holder cannot hang the rest.
    """

    def __init__(self, path: str, timeout: float = SQLITE_TIMEOUT):
        self.path = path
        self.timeout = timeout
        self.local = threading.local()

    @contextmanager
    def held(self) -> Iterator[None]:
        if getattr(self.local, "held", False):  # nested in this thread's own write: already ours
            yield
            return
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            self._acquire(fd)
            self.local.held = True
            try:
                yield
            finally:
                self.local.held = False
        finally:
            os.close(fd)

    def _acquire(self, fd: int) -> None:
        deadline, pause = time.monotonic() + self.timeout, 0.0002
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise TimeoutError(f"another writer has held the database for {self.timeout:.0f} s") from None
                time.sleep(pause)
                pause = min(2 * pause, 0.002)


def in_write_transaction() -> bool:
    """Whether a `write_transaction` is open here: a write now joins it rather than starting its own."""
    return _write_intent.get()


@contextmanager
def write_transaction() -> Iterator[None]:
    """One atomic write: commits on success, rolls everything back on any error."""
    db.session.rollback()  # end any read transaction, so the write one starts with the lock
    lock = current_app.extensions.get("sqlite_writer_lock")
    token = _write_intent.set(True)
    try:
        with lock.held() if lock else nullcontext():
            try:
                yield
                db.session.commit()
            except BaseException:
                db.session.rollback()
                raise
    finally:
        _write_intent.reset(token)
