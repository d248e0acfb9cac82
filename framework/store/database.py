"""Connecting: SQLite by default (WAL, write lock taken at the start of a write), PostgreSQL by URL."""
from __future__ import annotations

import contextvars
import os
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask
from sqlalchemy import Engine, event

from .models import db

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
        options.setdefault("connect_args", {}).setdefault("timeout", 30)
    db.init_app(app)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            _use_sqlite_locking(db.engine)


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
        connection.exec_driver_sql("BEGIN IMMEDIATE" if _write_intent.get() else "BEGIN")


@contextmanager
def write_transaction() -> Iterator[None]:
    """One atomic write: commits on success, rolls everything back on any error."""
    db.session.rollback()  # end any read transaction, so the write one starts with the lock
    token = _write_intent.set(True)
    try:
        yield
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    finally:
        _write_intent.reset(token)
