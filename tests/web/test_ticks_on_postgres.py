"""Two `flask tick`s at once on PostgreSQL, as two hosts' timers would run them: every late player is
marked once, every zombie move is made once, every "your turn" message is sent once."""
from __future__ import annotations

import threading
from collections import Counter
from datetime import datetime, timedelta

import pytest
from sqlalchemy import func, select

from framework.engine import replay
from framework.store import MoveRecord, db
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


def ticks_at_once(app, now: datetime, count: int = 2) -> list[dict]:
    """`count` ticks started together, each in its own app context and connection, as separate hosts."""
    start, reports, errors = threading.Barrier(count), [], []

    def one_tick():
        with app.app_context():
            start.wait(10)
            try:
                reports.append(run_tick(now))
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
    with pg_app.app_context():
        queued = db.session.scalar(select(func.count()).select_from(OutboxMessage)
                                   .where(OutboxMessage.table_id.is_not(None)))
    assert queued == TABLES

    # Both players of every table are late: marked zombies, who then play each game to its end.
    reports = ticks_at_once(pg_app, datetime.utcnow() + timedelta(hours=2))
    assert sum(r["zombies"] for r in reports) == 2 * TABLES
    with pg_app.app_context():
        automatic = db.session.scalar(select(func.count()).select_from(MoveRecord).where(
            MoveRecord.actor.in_(["zombie", "bot"])))
        sent = db.session.scalars(select(OutboxMessage.status).where(OutboxMessage.table_id.is_not(None))).all()
    assert automatic > TABLES and sum(r["moves"] for r in reports) == automatic
    assert sum(r["sent"] for r in reports) == len(inbox.messages) == sent.count("sent") == TABLES
    assert Counter(tuple(recipients) for recipients, _ in inbox.messages).most_common(1)[0][1] == 1
    for table_id in tables:
        assert_replays(pg_app, api, table_id)

    # And nothing is left for a third pair.
    again = ticks_at_once(pg_app, datetime.utcnow() + timedelta(hours=3))
    assert all(r["zombies"] == r["moves"] == r["sent"] == 0 for r in again)


def assert_replays(app, api, table_id: int) -> None:
    from framework.store.models import TableRecord
    from tests.sample_game import Climb

    with app.app_context():
        record = db.session.get(TableRecord, table_id)
        assert record.status == "finished"
        moves = db.session.scalars(select(MoveRecord).where(MoveRecord.table_id == table_id)
                                   .order_by(MoveRecord.number)).all()
        assert [m.number for m in moves] == list(range(1, record.move + 1))
        players = [{"id": s.user_id, "name": s.user.name} for s in sorted(record.players, key=lambda s: s.seat)]
        again = replay(Climb, players, record.options, record.seed,
                       [{"player": m.player_id, "action": m.action, "args": m.args} for m in moves])
        assert again.state_hash() == record.state_hash
