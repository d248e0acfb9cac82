"""Which tables changed: one listener per process wakes the connections waiting on a table (push).

A write transaction that changes a table calls `announce(table_id)`. On PostgreSQL that runs
`pg_notify` in the transaction itself, so the NOTIFY is delivered at commit, never ahead of the data;
a listener thread LISTENs on its own connection. On SQLite a listener thread asks `PRAGMA data_version`
on its own connection every `SQLITE_TICK` seconds and, when another connection committed, reads the
counters of the watched tables in one query. Either way the process's own commits wake their tables
at once. The listener starts with the first subscriber and ends after the last one leaves.
"""
from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from flask import current_app
from sqlalchemy import String, bindparam, event, func, select
from sqlalchemy.engine import URL, make_url
from sqlalchemy.orm import Session

from .driver import Prebuilt
from .models import db

CHANNEL = "bga_tables"
SQLITE_TICK = 0.025       # seconds between two looks at PRAGMA data_version
RECONNECT_PAUSE = 1.0     # after the listener lost its connection
ANNOUNCED = "changes.announced"  # Session.info key: (hub, table ids) waiting for the commit

log = logging.getLogger(__name__)

# What the SQLite listener compares: anything a page shows that a commit can change.
SQLITE_COUNTERS = """
SELECT t.id, t.move, t.status,
       (SELECT max(seq) FROM notifications n WHERE n.table_id = t.id),
       (SELECT max(id) FROM chat_messages c WHERE c.table_id = t.id),
       (SELECT count(*) || ':' || coalesce(sum(zombie), 0) || ':' || count(thinking_since)
        FROM seats s WHERE s.table_id = t.id)
FROM tables t WHERE t.id IN ({marks})
"""


class Watch:
    """One table's waiters: a version bumped on each change, and the condition they wait on."""

    def __init__(self):
        self.condition = threading.Condition()
        self.version = 0
        self.subscribers = 0
        self.shared: dict = {}  # what the subscribers share while any is left (the push streams' last read)


class Subscription:
    """One connection's interest in a table: `wait(timeout)` is true once the table changed since the
    last wait (or since subscribing: a change while the caller was reading is never missed)."""

    def __init__(self, watch: Watch):
        self.watch = watch
        self.seen = watch.version

    @property
    def shared(self) -> dict:
        return self.watch.shared

    def version(self) -> int:
        return self.watch.version

    def wait(self, timeout: float) -> bool:
        with self.watch.condition:
            changed = self.watch.condition.wait_for(lambda: self.watch.version != self.seen, timeout)
            self.seen = self.watch.version
        return changed


class TableChanges:
    """The process's hub for one database: subscribers by table, and the listener that wakes them."""

    def __init__(self, database_url: str):
        self.url = make_url(database_url)
        self.watches: dict[int, Watch] = {}
        self.lock = threading.Lock()
        self.listener: threading.Thread | None = None

    @contextmanager
    def subscribe(self, table_id: int) -> Iterator[Subscription]:
        with self.lock:
            watch = self.watches.setdefault(table_id, Watch())
            watch.subscribers += 1
            if self.listener is None or not self.listener.is_alive():
                self.listener = threading.Thread(target=self._listen, name="table-changes", daemon=True)
                self.listener.start()
        try:
            yield Subscription(watch)
        finally:
            with self.lock:
                watch.subscribers -= 1
                if not watch.subscribers:
                    del self.watches[table_id]

    def wake(self, table_ids) -> None:
        for table_id in table_ids:
            watch = self.watches.get(table_id)
            if watch is not None:
                with watch.condition:
                    watch.version += 1
                    watch.condition.notify_all()

    def watched(self) -> list[int]:
        with self.lock:
            return list(self.watches)

    def _listen(self) -> None:
        listen = self._listen_postgres if self.url.get_backend_name() == "postgresql" else self._listen_sqlite
        while True:
            with self.lock:  # the last subscriber left: the next one starts a new listener
                if not self.watches:
                    self.listener = None
                    return
            try:
                listen()
            except Exception:  # a lost connection: every watcher looks again, then a new connection
                log.exception("the table change listener lost its connection; reconnecting")
                self.wake(self.watched())
                time.sleep(RECONNECT_PAUSE)

    def _listen_sqlite(self) -> None:
        if self.url.database in (None, "", ":memory:"):  # no file to watch: this process's own commits only
            time.sleep(RECONNECT_PAUSE)
            return
        connection = sqlite3.connect(self.url.database, timeout=5, check_same_thread=False)
        try:
            version, counters = None, {}
            while self.watched():
                current = connection.execute("PRAGMA data_version").fetchone()[0]
                if current != version:
                    version = current
                    tables = self.watched()
                    rows = connection.execute(SQLITE_COUNTERS.format(marks=",".join("?" * len(tables))), tables)
                    fresh = {row[0]: row[1:] for row in rows}
                    self.wake([t for t, values in fresh.items() if counters.get(t) != values])
                    counters = fresh
                time.sleep(SQLITE_TICK)
        finally:
            connection.close()

    def _listen_postgres(self) -> None:
        import psycopg

        with psycopg.connect(libpq_url(self.url), autocommit=True) as connection:
            connection.execute(f"LISTEN {CHANNEL}")
            self.wake(self.watched())  # anything committed while no one listened
            while self.watched():
                for note in connection.notifies(timeout=1.0):
                    if note.payload.isdigit():
                        self.wake([int(note.payload)])


def libpq_url(url: URL) -> str:
    """The database's URL as psycopg's own connect takes it (a listening connection is no pool's)."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


def init_changes(app) -> None:
    app.extensions["table_changes"] = TableChanges(app.config["SQLALCHEMY_DATABASE_URI"])


def hub() -> TableChanges:
    return current_app.extensions["table_changes"]


NOTIFY = Prebuilt(select(func.pg_notify(bindparam("channel", type_=String), bindparam("table", type_=String))))


def announce(table_id: int) -> None:
    """This transaction changes the table: wake its watchers at commit (PostgreSQL: every process's)."""
    session = db.session()
    _, announced = session.info.setdefault(ANNOUNCED, (hub(), set()))
    if table_id in announced:
        return
    announced.add(table_id)
    if session.get_bind().dialect.name == "postgresql":
        NOTIFY.execute({"channel": CHANNEL, "table": str(table_id)})  # prebuilt: it runs with every move


@event.listens_for(Session, "after_commit")
def _wake_after_commit(session: Session) -> None:
    found = session.info.pop(ANNOUNCED, None)
    if found:
        found[0].wake(found[1])


@event.listens_for(Session, "after_rollback")
def _forget_after_rollback(session: Session) -> None:
    session.info.pop(ANNOUNCED, None)
