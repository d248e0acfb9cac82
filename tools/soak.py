"""`make soak`: many clients send conflicting, duplicate and stale moves at the same tables through
gunicorn (2 workers) on SQLite and on PostgreSQL, one worker is killed with SIGKILL in the middle,
and afterwards every table is checked: each accepted move in the log exactly once, nothing from a
refused one, and every table replaying to its stored hash. Everything runs on 127.0.0.1, bounded.

    python -m tools.soak --moves 10000 --db both
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import create_engine, text

from framework.engine import Table, replay
from framework.engine.plugins import load_game
from tools.servers import NO_LIMITS, NO_LIMITS_ENV, Gunicorn

GAME_SPEC = "tests.sample_game:Climb"


@dataclass
class Report:
    database: str
    sent: int = 0
    statuses: Counter = field(default_factory=Counter)
    failed_requests: int = 0  # no answer: connection reset by the killed worker, or a timeout
    accepted: list = field(default_factory=list)  # (table, move, player, action, args)
    sent_unanswered: list = field(default_factory=list)  # the same, for requests that got no answer
    lost: int = 0
    doubled: int = 0
    applied_unanswered: int = 0
    tables: int = 0
    tables_verified: int = 0
    killed_worker: int | None = None
    seconds: float = 0.0

    def line(self) -> str:
        refused = sum(n for status, n in self.statuses.items() if 400 <= status < 500)
        errors = sum(n for status, n in self.statuses.items() if status >= 500)
        return (f"{self.database}: moves sent {self.sent}, accepted {len(self.accepted)}, refused {refused}, "
                f"no answer {self.failed_requests} (worker {self.killed_worker} killed), "
                f"applied without answer {self.applied_unanswered}, lost {self.lost}, doubled {self.doubled}, "
                f"tables verified {self.tables_verified}/{self.tables}, 5xx {errors}, {self.seconds:.0f} s")


def load(value):
    """A JSON column as read with plain SQL: text on SQLite, already decoded on PostgreSQL."""
    return json.loads(value) if isinstance(value, str) else value


def players_of(conn, table_id: int) -> list[dict]:
    """The engine's players of a table, read with plain SQL."""
    seats = conn.execute(text("SELECT s.user_id, u.name FROM seats s JOIN users u ON u.id = s.user_id "
                              "WHERE s.table_id = :id ORDER BY s.seat"), {"id": table_id}).all()
    return [{"id": user_id, "name": name} for user_id, name in seats]


SERVER_ENV = {"BGA_GAMES": "[]", "BGA_GAMES_EXTRA": json.dumps([GAME_SPEC]), **NO_LIMITS_ENV}


def prepare(url: str, lanes: int, tables_per_lane: int, seats: int) -> list[list[dict]]:
    """Schema, users and started tables, through the app itself. A lane is the same players at one
    table after another (a Climb game lasts a few dozen moves): [[{id, players: [(id, token)]}]]."""
    from framework.store import db
    from framework.web import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "GAMES": [], "GAMES_EXTRA": [GAME_SPEC], **NO_LIMITS})
    with app.app_context():
        db.create_all()
    client, made = app.test_client(), []
    for lane in range(lanes):
        players = []
        for seat in range(seats):
            answer = client.post("/api/users", json={"name": f"soak{lane}-{seat}-{random.random():.6f}",
                                                      "password": "soak-password"}).json
            players.append((answer["id"], answer["token"]))
        tables = []
        for _ in range(tables_per_lane):
            headers = {"Authorization": f"Bearer {players[0][1]}"}
            table_id = client.post("/api/tables", headers=headers, json={
                "game": "climb", "players": seats, "options": {"hand_size": 4}}).json["id"]
            for _, token in players[1:]:
                client.post(f"/api/tables/{table_id}/join", headers={"Authorization": f"Bearer {token}"})
            tables.append({"id": table_id, "players": players})
        made.append(tables)
    with app.app_context():
        db.engine.dispose()
    return made


class Client(threading.Thread):
    """One browser tab: looks, picks a legal move, sends it; sometimes resends or sends stale."""

    def __init__(self, port, lane, player, token, engine, budget, report, lock, seed):
        super().__init__(daemon=True)
        self.port, self.lane, self.player, self.token = port, lane, player, token
        self.table = lane[0]
        self.engine, self.budget, self.report, self.lock = engine, budget, report, lock
        self.rng = random.Random(seed)
        self.game = load_game(GAME_SPEC)

    def request(self, method, path, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=json.dumps(body) if body is not None else None,
                               headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"})
            answer = connection.getresponse()
            body = answer.read()
            # A proxy's 5xx page is HTML, not JSON: its status is all that counts (tools/multihost.py).
            return answer.status, (json.loads(body or b"null") if answer.status < 500 else None)
        finally:
            connection.close()

    def pick(self, view) -> tuple[str, dict] | None:
        """A random legal move at the table as this view saw it; None when it has moved on or none is ours."""
        with self.engine.connect() as conn:
            row = conn.execute(text("SELECT options, seed, snapshot FROM tables WHERE id = :id"),
                               {"id": self.table}).one()
            players = players_of(conn, self.table)
        table = Table.load(self.game, players, load(row[0]), row[1], load(row[2]))
        return table.random_action(self.player, self.rng) if table.move == view["table"]["move"] else None

    def run(self):
        for table in self.lane:
            self.table = table
            if not self.play_table():
                return

    def play_table(self) -> bool:
        """Play at this table until it ends (True: go on to the next) or the budget is spent."""
        while True:
            with self.lock:
                if self.budget[0] <= 0:
                    return False
            try:
                status, view = self.request("GET", f"/api/tables/{self.table}")
                if status != 200:
                    return False
                if view["table"]["status"] != "playing":
                    return True
                chosen = self.pick(view)
                if chosen is None:
                    continue
                action, args = chosen
                number = view["table"]["move"]
                if self.rng.random() < 0.1:
                    number = max(0, number - 1 - self.rng.randrange(3))  # stale on purpose
                self.send(action, args, number)
                if self.rng.random() < 0.1:
                    self.send(action, args, number)  # a retry after a "lost" answer
            except (OSError, http.client.HTTPException):
                with self.lock:
                    self.report.failed_requests += 1
                time.sleep(0.05)

    def send(self, action, args, number):
        with self.lock:
            self.budget[0] -= 1
            self.report.sent += 1
        try:
            status, answer = self.request("POST", f"/api/tables/{self.table}/actions/{action}",
                                          {**args, "move": number})
        except (OSError, http.client.HTTPException):
            with self.lock:
                self.report.failed_requests += 1
                self.report.sent_unanswered.append((self.table, number + 1, self.player, action, args))
            return
        with self.lock:
            self.report.statuses[status] += 1
            if status == 200:
                self.report.accepted.append((self.table, answer["move"], self.player, action, args))


MOVES_SENT_PER_TABLE = 40  # a Climb game of 4 cards each takes about 35 accepted moves, more with refusals


def run_soak(url: str, label: str, moves: int, clients_per_player: int = 2, tables: int = 6, seats: int = 2,
             kill: bool = True, seed: int = 1) -> Report:
    """`tables` lanes played at once, each with enough tables in turn for its share of `moves`."""
    report = Report(label)
    started = time.perf_counter()
    lanes = prepare(url, tables, max(1, -(-moves // (tables * MOVES_SENT_PER_TABLE))), seats)
    made = [table for lane in lanes for table in lane]
    report.tables = len(made)
    server = Gunicorn("framework.web:create_app()", url, 2, SERVER_ENV)
    port = server.port
    try:
        engine = create_engine(url)
        budget, lock = [moves], threading.Lock()
        workers = [Client(port, [t["id"] for t in lane], player, token, engine, budget, report, lock,
                          f"{seed}-{lane[0]['id']}-{player}-{n}")
                   for lane in lanes for player, token in lane[0]["players"] for n in range(clients_per_player)]
        for client in workers:
            client.start()
        if kill:
            while budget[0] > moves // 2 and any(c.is_alive() for c in workers):
                time.sleep(0.1)
            pids = server.worker_pids()
            if pids:
                report.killed_worker = pids[0]
                os.kill(pids[0], signal.SIGKILL)
        stop_at = time.monotonic() + 600
        for client in workers:
            client.join(max(1, stop_at - time.monotonic()))
    finally:
        server.stop()
    verify(report, engine, made)
    engine.dispose()
    report.seconds = time.perf_counter() - started
    return report


def verify(report: Report, engine, made: list[dict]) -> None:
    game = load_game(GAME_SPEC)
    accepted = Counter((t, n) for t, n, *_ in report.accepted)
    report.doubled = sum(count - 1 for count in accepted.values() if count > 1)
    accepted_moves = {(t, n): (p, a, args) for t, n, p, a, args in report.accepted}
    unanswered = {(t, n): (p, a, args) for t, n, p, a, args in report.sent_unanswered}
    with engine.connect() as conn:
        for made_table in made:
            table_id = made_table["id"]
            row = conn.execute(text("SELECT options, seed, state_hash, move FROM tables WHERE id = :id"),
                               {"id": table_id}).one()
            logged = conn.execute(text("SELECT number, player_id, action, args FROM moves WHERE table_id = :id "
                                       "ORDER BY number"), {"id": table_id}).all()
            players = players_of(conn, table_id)
            numbers = [m[0] for m in logged]
            if numbers != list(range(1, row[3] + 1)):
                report.doubled += len(numbers) - len(set(numbers))
            in_log = {(table_id, m[0]): (m[1], m[2], load(m[3])) for m in logged}
            for key, move in accepted_moves.items():
                if key[0] == table_id and in_log.get(key) != (move[0], move[1], move[2]):
                    report.lost += 1
            for key in in_log:
                if key not in accepted_moves:
                    if key in unanswered:
                        report.applied_unanswered += 1
                    else:
                        report.doubled += 1  # in the log, yet nobody was told it was accepted
            moves = [{"player": m[1], "action": m[2], "args": load(m[3])} for m in logged]
            again = replay(game, players, load(row[0]), row[1], moves)
            if again.state_hash() == row[2]:
                report.tables_verified += 1


def run_audit(games: int) -> list:
    """The hidden-information audit of the test suite, on `games` random games of every game."""
    from tests.audit import GAMES, audit

    reports = []
    for name in GAMES:
        def progress(done, name=name):
            if done % 100 == 0 or done == games:
                print(f"\r  audit {name}: {done}/{games} games", end="", file=sys.stderr, flush=True)

        reports.append(audit(name, games, progress))
        print(file=sys.stderr)
        report = reports[-1]
        print(f"hidden-information audit, {name}: {report.games} games, {report.moves} moves, "
              f"{report.views} views and {report.notifications} notifications checked, leaks {len(report.leaks)}",
              flush=True)
        for leak in report.leaks[:5]:
            print(f"  {leak}")
    return reports


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=10_000, help="moves to send in all, per database")
    parser.add_argument("--db", choices=["sqlite", "postgres", "both", "none"], default="both")
    parser.add_argument("--tables", type=int, default=12, help="tables played at once")
    parser.add_argument("--audit-games", type=int, default=1000, help="random games per game for the audit")
    args = parser.parse_args()
    runs = []
    if args.db in ("sqlite", "both"):
        folder = Path(tempfile.mkdtemp(prefix="bga-soak-"))
        runs.append(run_soak(f"sqlite:///{folder / 'soak.sqlite'}", "SQLite", args.moves, tables=args.tables))
        print(runs[-1].line(), flush=True)
    if args.db in ("postgres", "both"):
        from tests.postgres import throwaway_cluster

        with throwaway_cluster() as url:
            runs.append(run_soak(url, "PostgreSQL", args.moves, tables=args.tables))
        print(runs[-1].line(), flush=True)
    audits = run_audit(args.audit_games) if args.audit_games else []
    sent, accepted = sum(r.sent for r in runs), sum(len(r.accepted) for r in runs)
    refused = sum(n for r in runs for status, n in r.statuses.items() if 400 <= status < 500)
    errors = sum(n for r in runs for status, n in r.statuses.items() if status >= 500)
    lost, doubled = sum(r.lost for r in runs), sum(r.doubled for r in runs)
    verified, tables = sum(r.tables_verified for r in runs), sum(r.tables for r in runs)
    leaks = sum(len(a.leaks) for a in audits)
    print(f"TOTAL: moves sent {sent}, accepted {accepted}, refused {refused}, lost {lost}, doubled {doubled}, "
          f"tables verified {verified}/{tables}, leaks {leaks} (in {sum(a.games for a in audits)} audited games), "
          f"5xx {errors}")
    return 0 if lost == doubled == leaks == errors == 0 and verified == tables else 1


if __name__ == "__main__":
    sys.exit(main())
