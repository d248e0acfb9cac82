"""Two `flask tick`s (and two `flask deliver`s) at once on PostgreSQL, as two hosts' timers would run
them: every late player is marked once, every zombie move is made once, every "your turn" message is
sent once, and a table nobody is left to play is abandoned once."""
from __future__ import annotations

import threading
from collections import Counter
from datetime import datetime, timedelta

import pytest
from sqlalchemy import func, select

from framework.engine import replay
from framework.store import MoveRecord, db
from framework.store.delivery import deliver_due
from framework.store.models import OutboxMessage
from framework.web.cli import run_tick
from tests.confirmations import set_confirmed_email
from tests.conftest import Api, make_app

pytestmark = pytest.mark.postgres
TABLES = 6


@pytest.fixture
def pg_app(pg_database, smtp):
    port, _ = smtp
    app = make_app(pg_database, MAIL_SERVER="127.0.0.1", MAIL_PORT=port)
    yield app
    with app.app_context():
        db.engine.dispose()


def ticks_at_once(app, now: datetime, count: int = 2, run=run_tick) -> list[dict]:
    """`count` ticks (or `run`s) started together, each in its own app context and connection, as separate hosts."""
    start, reports, errors = threading.Barrier(count), [], []

    def one_tick():
        with app.app_context():
            start.wait(10)
            try:
                reports.append(run(now))
            except Exception as err:  # a double move would surface here as a unique violation
                errors.append(err)

    threads = [threading.Thread(target=one_tick) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not errors and len(reports) == count, errors
    return reports


def test_two_ticks_at_once_do_nothing_twice(pg_app, smtp):
    _, inbox = smtp
    api = Api(pg_app.test_client())
    api.register("anna")
    tables = []
    for number in range(TABLES):
        api.register(f"p{number}")
        set_confirmed_email(pg_app, api, f"p{number}", f"p{number}@example.org")
        tables.append(api.new_table("anna", joiners=[f"p{number}"], players=2, turn_hours=1))
        api.act(tables[-1], f"p{number}", "pickCharm", charm="jade")  # only anna is left to act, and late
    with pg_app.app_context():
        queued = db.session.scalar(select(func.count()).select_from(OutboxMessage)
                                   .where(OutboxMessage.table_id.is_not(None)))
    assert queued == TABLES

    # Anna is late at every table: marked a zombie, who plays her turns until her opponent must act.
    reports = ticks_at_once(pg_app, datetime.utcnow() + timedelta(hours=2))
    assert sum(r["zombies"] for r in reports) == TABLES
    with pg_app.app_context():
        automatic = db.session.scalar(select(func.count()).select_from(MoveRecord).where(
            MoveRecord.actor.in_(["zombie", "bot"])))
    assert automatic >= TABLES and sum(r["moves"] for r in reports) == automatic
    for table_id in tables:
        assert_replays(pg_app, api, table_id, "playing")
    delivered = ticks_at_once(pg_app, datetime.utcnow() + timedelta(hours=2),
                              run=lambda now: deliver_due(now, pg_app.config))
    with pg_app.app_context():
        sent = db.session.scalars(select(OutboxMessage.status).where(OutboxMessage.table_id.is_not(None))).all()
    # Each opponent's first turn and the turn the zombie's moves gave them: every row reaches the mail
    # server once.
    assert sum(r["sent"] for r in delivered) == len(inbox.messages) == sent.count("sent") == len(sent) == 2 * TABLES
    assert set(Counter(tuple(recipients) for recipients, _ in inbox.messages).values()) == {2}

    # Now the opponents are late too: nobody is left to play, and each table is abandoned once.
    later = ticks_at_once(pg_app, datetime.utcnow() + timedelta(hours=4))
    assert sum(r["zombies"] for r in later) == TABLES and sum(r["moves"] for r in later) == 0
    for table_id in tables:
        assert_replays(pg_app, api, table_id, "abandoned")
        notes = api.get(f"/api/tables/{table_id}/notifications", "anna").json["notifications"]
        assert [n["type"] for n in notes].count("tableAbandoned") == 1

    # And nothing is left for a third pair.
    again = ticks_at_once(pg_app, datetime.utcnow() + timedelta(hours=5))
    assert all(r["zombies"] == r["moves"] == 0 for r in again)


def assert_replays(app, api, table_id: int, status: str) -> None:
    from framework.store.models import TableRecord
    from tests.sample_game import Climb

    with app.app_context():
        record = db.session.get(TableRecord, table_id)
        assert record.status == status
        moves = db.session.scalars(select(MoveRecord).where(MoveRecord.table_id == table_id)
                                   .order_by(MoveRecord.number)).all()
        assert [m.number for m in moves] == list(range(1, record.move + 1))
        players = [{"id": s.user_id, "name": s.user.name} for s in sorted(record.players, key=lambda s: s.seat)]
        again = replay(Climb, players, record.options, record.seed,
                       [{"player": m.player_id, "action": m.action, "args": m.args} for m in moves])
        assert again.state_hash() == record.state_hash
