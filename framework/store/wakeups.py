"""How a bot runner hears of an expert's turn: woken on PostgreSQL, polling on SQLite.

On PostgreSQL the transaction that makes an expert's turn due (a move, a seating that starts the game,
a zombie taking over at the expert level, a runner giving up a stale claim) sends NOTIFY on
`RUNNER_CHANNEL`, delivered at its commit and never ahead of the data; each runner LISTENs on a
connection of its own and plays at once, keeping a slow poll as the safety net (a claim whose lease
lapsed, a notification lost with a connection). SQLite has no notifications: the runner polls.
"""
from __future__ import annotations

import logging
import time

from sqlalchemy.engine import make_url

from framework.engine import Table

from .changes import NOTIFY, libpq_url
from .levels import runner_seat
from .locked import LockedTable
from .models import db

RUNNER_CHANNEL = "bga_bots"
SQLITE_POLL = 0.5      # seconds between two looks for due turns on SQLite (nothing wakes the runner there)
LISTENING_POLL = 5.0   # on PostgreSQL, the safety net: a look even when no notification came
RECONNECT_PAUSE = 1.0  # after the listening connection failed

log = logging.getLogger(__name__)


def on_postgres() -> bool:
    return db.session.get_bind().dialect.name == "postgresql"


def wake_runners(table_id: int) -> None:
    """This transaction leaves an expert's turn at the table for a runner: wake them at commit."""
    if on_postgres():
        NOTIFY.execute({"channel": RUNNER_CHANNEL, "table": str(table_id)})


def expert_turn_due(record: LockedTable, table: Table) -> None:
    """Where turns or zombies changed: wake the runners if an expert's turn is due that nobody thinks for
    (one already claimed needs no runner; a notification for nothing would cost them a look only)."""
    if table.status == "playing" and runner_seat(record.players, table, lambda s: s.thinking_since is None):
        wake_runners(record.id)


def default_poll(database_url: str) -> float:
    return LISTENING_POLL if make_url(database_url).get_backend_name() == "postgresql" else SQLITE_POLL


class Wakeups:
    """What a runner waits on between rounds that found nothing: `wait()` returns when a notification
    came (PostgreSQL) or after `poll` seconds. Listening starts here, before the first round, so a turn
    made due while a round runs is never missed: its notification waits on the connection."""

    def __init__(self, database_url: str, poll: float, listen: bool = True):
        self.url = make_url(database_url)
        self.poll = poll
        self.listens = listen and self.url.get_backend_name() == "postgresql"
        self.connection = None
        if self.listens:
            self._connect()

    def _connect(self) -> bool:
        import psycopg

        try:
            self.connection = psycopg.connect(libpq_url(self.url), autocommit=True)
            self.connection.execute(f"LISTEN {RUNNER_CHANNEL}")
            return True
        except psycopg.Error:
            log.exception("the bot runner could not LISTEN; polling every %s s until it can", self.poll)
            self.close()
            return False

    def wait(self) -> None:
        if not self.listens:
            time.sleep(self.poll)
            return
        if self.connection is None:  # lost: listen again, then a round for what came meanwhile
            time.sleep(RECONNECT_PAUSE)
            self._connect()
            return
        import psycopg

        try:
            for _ in self.connection.notifies(timeout=self.poll, stop_after=1):
                break
            for _ in self.connection.notifies(timeout=0):  # the others queued: one round serves them all
                pass
        except psycopg.Error:
            log.exception("the bot runner's listening connection failed; listening again")
            self.close()

    def close(self) -> None:
        if self.connection is not None:
            try:
                self.connection.close()
            finally:
                self.connection = None
