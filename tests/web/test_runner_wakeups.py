"""On PostgreSQL the bot runner is woken by NOTIFY: the transactions that make an expert's turn due send
one (and tables without an expert's turn send none), and a runner whose poll is a minute apart still
claims an expert's turn within moments of the move, the seating or the zombie that made it due."""
from __future__ import annotations

import time

import pytest
from sqlalchemy import select

from framework.store import MoveRecord, Seat, db
from framework.store.changes import libpq_url
from framework.store.runner import claim, play_claimed
from framework.store.wakeups import RUNNER_CHANNEL, Wakeups
from tests.conftest import Api, make_app
from tools.bench_runner_wakeup import claim_delays, start_runner

pytestmark = pytest.mark.postgres

POLL = 60.0   # the runner's own look: far beyond the test's patience, so only a notification can wake it
PROMPT = 5.0  # seconds within which a woken runner claims (a notification takes milliseconds here)


@pytest.fixture
def listening(pg_database):
    """What a runner would hear on the runners' channel: call it for the table ids notified since the last call."""
    import psycopg
    from sqlalchemy.engine import make_url

    connection = psycopg.connect(libpq_url(make_url(pg_database)), autocommit=True)
    connection.execute(f"LISTEN {RUNNER_CHANNEL}")

    def heard(wait: float = 0.3) -> list[int]:
        return [int(note.payload) for note in connection.notifies(timeout=wait)]

    yield heard
    connection.close()


@pytest.fixture
def pg_api(pg_database):
    app = make_app(pg_database, ZOMBIE_LEVEL="expert", EXPERT_ITERATIONS=20)
    api = Api(app.test_client())
    for name in ("anna", "ben"):
        api.register(name)
    yield app, api
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_what_makes_an_experts_turn_due_notifies_the_runners_and_nothing_else_does(pg_api, listening):
    app, api = pg_api
    games = app.extensions["games"]
    # Heuristic bots and people alone: their turns are the requests', a runner is never woken for them.
    quick = api.new_table("anna", players=2, options={"hand_size": 4})
    api.post(f"/api/tables/{quick}/bots", "anna", json={"count": 1, "level": "heuristic"})
    assert api.act(quick, "anna", "pickCharm", charm="amber").status_code == 200
    people = api.new_table("anna", joiners=["ben"], players=2)
    assert listening() == []
    # Seating two experts starts the game: both must pick a charm.
    table_id = api.new_table("anna", players=3, options={"hand_size": 4})
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 2, "level": "expert"})
    assert listening() == [table_id]
    with app.app_context():
        first, second = claim(table_id, games, 30), claim(table_id, games, 30)
        assert listening() == []  # claims make nothing due
        assert play_claimed(first, games) is True  # the other expert, claimed, is still due: no one to wake
        assert listening() == []
        assert play_claimed(second, games) is False  # overtaken: its seat is free again, a runner looks at once
        assert listening() == [table_id]
        db.session.remove()
    # Ben leaves: his zombie plays at the expert level (the app's setting), so the runners are told.
    assert api.post(f"/api/tables/{people}/leave", "ben").status_code == 200
    assert listening() == [people]


def test_a_waiting_runner_wakes_on_a_notification_and_otherwise_after_its_poll(pg_api, pg_database):
    app, api = pg_api
    wakeups = Wakeups(pg_database, poll=1.0)
    try:
        started = time.monotonic()
        wakeups.wait()
        assert time.monotonic() - started >= 0.9  # nothing due: the safety poll
        table_id = api.new_table("anna", players=2)
        api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "expert"})
        started = time.monotonic()
        wakeups.wait()
        assert time.monotonic() - started < 0.5  # the seating's notification, queued while nobody waited
    finally:
        wakeups.close()
    sqlite = Wakeups("sqlite:///unused.sqlite", poll=0.2)
    started = time.monotonic()
    sqlite.wait()
    assert 0.15 < time.monotonic() - started < 1.0 and sqlite.connection is None


@pytest.mark.slow
def test_a_move_that_makes_an_experts_turn_due_wakes_the_runner_at_once(tmp_path, pg_database):
    delays, _missed = claim_delays(pg_database, 6, POLL, True, tmp_path / "runner.log", iterations=1500)
    assert len(delays) == 6 and max(delays) < PROMPT, delays


def bot_started(app, table_id: int, player: int, played_only: bool = False) -> bool:
    """The runner claimed the seat's turn or already played it (`played_only`: played it)."""
    with app.app_context():
        thinking = db.session.scalar(select(Seat.thinking_since).where(Seat.table_id == table_id,
                                                                       Seat.user_id == player))
        played = db.session.scalar(select(MoveRecord.id).where(MoveRecord.table_id == table_id,
                                                               MoveRecord.player_id == player).limit(1))
        db.session.remove()
    return played is not None or thinking is not None and not played_only


def seconds_until_started(app, table_id: int, player: int, played_only: bool = False, limit: float = 30.0) -> float:
    started = time.monotonic()
    while not bot_started(app, table_id, player, played_only):
        assert time.monotonic() - started < limit, "the runner never took the turn"
        time.sleep(0.01)
    return time.monotonic() - started


def until_idle(app, table_id: int, player: int) -> None:
    """The runner played the seat's move, and has had time to look again and find nothing: it waits."""
    seconds_until_started(app, table_id, player, played_only=True)
    time.sleep(1.0)


@pytest.mark.slow
def test_seating_an_expert_and_a_zombie_at_the_expert_level_wake_the_runner_at_once(tmp_path, pg_database):
    app = make_app(pg_database, ZOMBIE_LEVEL="expert")
    api = Api(app.test_client())
    for name in ("anna", "ben"):
        api.register(name)
    log = tmp_path / "runner.log"
    with log.open("w") as out:
        runner = start_runner(pg_database, out, POLL, env={"BGA_ZOMBIE_LEVEL": "expert"})
        try:
            # The runner is up (and listening) once it has played the first table's expert, which its
            # first round finds whenever it starts.
            first = api.new_table("anna", players=2)
            bot = api.post(f"/api/tables/{first}/bots", "anna", json={"count": 1, "level": "expert"}).json
            until_idle(app, first, bot["players"][1]["id"])
            # An expert seated: the game starts, and the bot must pick its charm.
            table_id = api.new_table("anna", players=2)
            started = time.monotonic()
            seated = api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "expert"}).json
            seconds_until_started(app, table_id, seated["players"][1]["id"])
            assert time.monotonic() - started < PROMPT
            until_idle(app, table_id, seated["players"][1]["id"])
            # Ben leaves at his turn: his zombie plays at the expert level, so the runner plays it.
            table_id = api.new_table("anna", joiners=["ben"], players=2)
            assert api.post(f"/api/tables/{table_id}/leave", "ben").status_code == 200
            assert seconds_until_started(app, table_id, api.ids["ben"]) < PROMPT
        finally:
            runner.kill()
            runner.wait()
            with app.app_context():
                db.session.remove()
                db.engine.dispose()
    assert "Traceback" not in log.read_text(), log.read_text()


def test_a_runner_whose_listening_connection_dies_listens_again(pg_api, pg_database, caplog):
    import psycopg
    from sqlalchemy.engine import make_url

    app, api = pg_api
    wakeups = Wakeups(pg_database, poll=5.0)
    try:
        with psycopg.connect(libpq_url(make_url(pg_database)), autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (wakeups.connection.info.backend_pid,))
        started = time.monotonic()
        wakeups.wait()  # the lost connection ends the wait: a round looks, rather than a poll's wait
        assert time.monotonic() - started < 2.0 and wakeups.connection is None
        assert "listening connection failed" in caplog.text
        wakeups.wait()  # listens again, then returns for a round (what came meanwhile)
        assert wakeups.connection is not None
        table_id = api.new_table("anna", players=2)
        api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "expert"})
        started = time.monotonic()
        wakeups.wait()
        assert time.monotonic() - started < 0.5
    finally:
        wakeups.close()
