"""How soon the bot runner claims an expert's turn after the move that made it due: polling against
LISTEN/NOTIFY, on a throwaway PostgreSQL cluster. `python -m tools.bench_runner_wakeup --turns 20`.

Anna plays Climb against one expert bot over the JSON API (in this process); a `flask bots` process
plays the expert. For each of her moves that makes the bot's turn due, the delay is the claim's time
(`seats.thinking_since`, set by the runner) less her move's (`moves.created_at`): both are the machine's
UTC clock, so no polling of ours adds to the figure. A search long enough to be seen (the claim is
read while the runner still thinks) is asked for with `iterations`.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import select

from tools.servers import ROOT

GAME = "tests.sample_game:Climb"
TURN_TIMEOUT = 20.0  # seconds an expert's turn may wait before the measure gives up on it


def start_runner(uri: str, out, poll: float, listen: bool = True, iterations: int = 2000,
                 lease: float = 30, env: dict | None = None) -> subprocess.Popen:
    """`flask bots` on `uri`, as on a host of its own, writing to `out` (`env`: more BGA_ settings)."""
    env = {**os.environ, "BGA_SQLALCHEMY_DATABASE_URI": uri, "BGA_GAMES": "[]", "BGA_GAMES_EXTRA": f'["{GAME}"]',
           "BGA_TESTING": "true", "BGA_EXPERT_ITERATIONS": str(iterations), "BGA_BOT_LEASE_SECONDS": str(lease),
           "PYTHONPATH": str(ROOT), **(env or {})}
    args = ["bots", "--poll", str(poll), *(() if listen else ("--no-listen",))]
    return subprocess.Popen([sys.executable, "-m", "flask", "--app", "framework.web", *args],
                            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def claim_delays(uri: str, turns: int, poll: float, listen: bool, log_path: Path,
                 iterations: int = 2000) -> tuple[list[float], int]:
    """Seconds from each of Anna's moves that makes the expert's turn due to the runner's claim, over
    `turns` such moves (as many games as it takes), and how many claims were missed (seen too late)."""
    from framework.store import MoveRecord, db
    from tests.conftest import Api, make_app

    app = make_app(uri)
    api = Api(app.test_client())
    api.register("anna")
    anna = api.ids["anna"]
    delays: list[float] = []
    missed = 0
    with log_path.open("w") as out:
        runner = start_runner(uri, out, poll, listen, iterations)
        try:
            while len(delays) < turns:
                table_id = api.new_table("anna", players=2, options={"hand_size": 4})
                bot = api.post(f"/api/tables/{table_id}/bots", "anna",
                               json={"count": 1, "level": "expert"}).json["players"][1]["id"]
                deadline = time.monotonic() + TURN_TIMEOUT
                while len(delays) < turns:
                    view = api.view(table_id, "anna")
                    if view["table"]["status"] != "playing":
                        break
                    active = view["state"]["active_players"]
                    if anna not in active:
                        if time.monotonic() > deadline:
                            raise TimeoutError(f"the runner left the expert's turn waiting over {TURN_TIMEOUT} s")
                        time.sleep(0.01)
                        continue
                    deadline = time.monotonic() + TURN_TIMEOUT
                    made_due = bot not in active
                    anna_moves(api, table_id, view)
                    if not made_due:
                        continue
                    with app.app_context():
                        after = db.session.execute(select(MoveRecord.number, MoveRecord.created_at).where(
                            MoveRecord.table_id == table_id).order_by(MoveRecord.number.desc()).limit(1)).one()
                        db.session.remove()
                    if bot not in api.view(table_id, "anna")["state"]["active_players"]:
                        continue  # her move ended the game, or it is hers again
                    claimed = wait_for_claim(app, table_id, bot, after.number, deadline)
                    if claimed is None:
                        missed += 1
                    else:
                        delays.append((claimed - after.created_at).total_seconds())
        finally:
            runner.kill()
            runner.wait()
            with app.app_context():
                db.session.remove()
                db.engine.dispose()
    assert "Traceback" not in log_path.read_text(), log_path.read_text()
    return delays, missed


def wait_for_claim(app, table_id: int, bot: int, move: int, deadline: float):
    """The claim's time, read while the runner thinks; None if the bot's move was stored first."""
    from framework.store import Seat, TableRecord, db

    with app.app_context():
        try:
            while time.monotonic() < deadline:
                since, now_at = db.session.execute(
                    select(Seat.thinking_since, TableRecord.move).join(TableRecord)
                    .where(Seat.table_id == table_id, Seat.user_id == bot)).one()
                db.session.rollback()
                if since is not None:
                    return since
                if now_at != move:
                    return None
                time.sleep(0.002)
        finally:
            db.session.remove()
    raise TimeoutError(f"the runner left the expert's turn waiting over {TURN_TIMEOUT} s")


def anna_moves(api, table_id: int, view: dict) -> None:
    action = view["state"]["possible_actions"][0]
    args = {"charm": "amber"} if action == "pickCharm" else \
        {"card": view["state"]["args"]["playable"][0]} if action == "playCard" else {}
    answer = api.act(table_id, "anna", action, **args)
    assert answer.status_code == 200, answer.json


def summary(label: str, delays: list[float], missed: int) -> str:
    ms = sorted(d * 1000 for d in delays)
    return (f"{label:<32} {len(ms):>3} turns  median {statistics.median(ms):7.1f} ms  "
            f"min {ms[0]:6.1f} ms  max {ms[-1]:7.1f} ms  ({missed} claims seen too late)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--poll", type=float, default=0.5,
                        help="the polling runner's interval (the SQLite default)")
    args = parser.parse_args()
    from tests.postgres import throwaway_cluster

    with throwaway_cluster() as pg_url, tempfile.TemporaryDirectory(prefix="bench-wakeup-") as logs:
        import psycopg

        plain = pg_url.replace("postgresql+psycopg://", "postgresql://")
        for label, poll, listen in ((f"polling every {args.poll} s", args.poll, False),
                                    ("LISTEN (safety poll 60 s)", 60.0, True)):
            name = "wakeup_" + ("listen" if listen else "poll")
            with psycopg.connect(plain, autocommit=True) as connection:
                connection.execute(f'CREATE DATABASE "{name}"')
            delays, missed = claim_delays(pg_url.rsplit("/", 1)[0] + "/" + name, args.turns, poll, listen,
                                          Path(logs) / f"{name}.log")
            print(summary(label, delays, missed), flush=True)


if __name__ == "__main__":
    main()
