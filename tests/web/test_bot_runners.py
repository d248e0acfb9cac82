"""Two bot runners (`flask bots`, as on two hosts) on one database: one is killed with SIGKILL while it
thinks for an expert's seat, the other takes the move over once the claim lapses, and the game ends
with every move played once."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest
from sqlalchemy import select

from framework.store import MoveRecord, db
from framework.store.replays import verify_tables
from tests.conftest import Api, make_app
from tools.servers import ROOT

LEASE = 2  # seconds: a killed runner's claim lapses this soon
PLAYED = re.compile(r"^table (\d+) move (\d+): played for player (\d+)", re.M)


def runner(uri: str, out) -> subprocess.Popen:
    env = {**os.environ, "BGA_SQLALCHEMY_DATABASE_URI": uri, "BGA_GAMES": "[]",
           "BGA_GAMES_EXTRA": '["tests.sample_game:Climb"]', "BGA_TESTING": "true",
           "BGA_EXPERT_ITERATIONS": "400", "BGA_BOT_LEASE_SECONDS": str(LEASE), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "flask", "--app", "framework.web", "bots", "--poll", "0.1"],
                            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def anna_moves(api, table_id, view) -> None:
    action = view["state"]["possible_actions"][0]
    args = {"charm": "amber"} if action == "pickCharm" else \
        {"card": view["state"]["args"]["playable"][0]} if action == "playCard" else {}
    assert api.act(table_id, "anna", action, **args).status_code == 200


@pytest.fixture(params=["sqlite", "postgresql"])
def database_uri(request, tmp_path):
    """A SQLite file (one machine's runners) or a database of the tests' PostgreSQL (as on two hosts)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'runners.sqlite'}"
    return request.getfixturevalue("pg_database")


@pytest.mark.slow
def test_a_runner_killed_mid_thought_loses_nothing_and_no_move_is_played_twice(tmp_path, database_uri):
    uri = database_uri
    app = make_app(uri)
    api = Api(app.test_client())
    api.register("anna")
    table_id = api.new_table("anna", players=4, options={"hand_size": 4})
    seated = api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 3, "level": "expert"})
    assert seated.status_code == 200 and seated.json["status"] == "playing"
    anna = api.ids["anna"]
    logs = {name: tmp_path / f"{name}.log" for name in ("first", "second", "third")}
    files = {name: path.open("w") for name, path in logs.items()}
    processes = {"first": runner(uri, files["first"])}
    killed_at = None  # (move, seat) the first runner was thinking about when it was killed
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            view = api.view(table_id, "anna")
            if view["table"]["status"] == "finished":
                break
            thinking = [p["id"] for p in view["table"]["players"] if p["thinking"]]
            if killed_at is None and thinking and view["table"]["move"] >= 3:
                processes["first"].send_signal(signal.SIGKILL)  # mid-thought: its claim stays behind
                processes["first"].wait()
                killed_at = (view["table"]["move"], thinking[0])
                processes["second"] = runner(uri, files["second"])  # two runners, as on two hosts
                processes["third"] = runner(uri, files["third"])
            elif anna in view["state"]["active_players"]:
                anna_moves(api, table_id, view)
            else:
                time.sleep(0.05)
        assert view["table"]["status"] == "finished", "the game did not end"
    finally:
        for process in processes.values():
            process.kill()
            process.wait()
        for file in files.values():
            file.close()
    assert killed_at is not None, "the first runner was never seen thinking"
    outputs = {name: path.read_text() for name, path in logs.items()}
    assert "Traceback" not in "".join(outputs.values()), outputs
    played = {name: [(int(m[2]), int(m[3])) for m in PLAYED.finditer(text)] for name, text in outputs.items()}
    with app.app_context():
        log = db.session.execute(select(MoveRecord.number, MoveRecord.player_id, MoveRecord.actor)
                                 .where(MoveRecord.table_id == table_id).order_by(MoveRecord.number)).all()
        assert [problem for _record, problem in verify_tables(app.extensions["games"])] == [None]
        db.session.remove()
        db.engine.dispose()
    assert [number for number, _player, _actor in log] == list(range(1, len(log) + 1))
    bot_moves = sorted((number, player) for number, player, actor in log if actor == "bot")
    stored = sorted(move for moves in played.values() for move in moves)
    assert stored == bot_moves  # each bot move stored by exactly one runner, none twice
    # The move the first runner was thinking about was played by one of the other two.
    move, seat = killed_at
    assert (move + 1, seat) in played["second"] + played["third"]
    assert played["second"] and played["third"], "both runners played"
