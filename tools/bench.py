"""`make bench`: the project's speed, measured in one run on this machine, printed as a table.

1 baseline HTTP (read a row, update, commit) · 2 real Dragon and Phoenix moves over HTTP, SQLite and
PostgreSQL, 1 and 2 gunicorn workers · 3 engine self-play per game · 4 replay at 1k/10k/100k moves
· 5 bytes stored per move · 6 building a view · 7 the table page in Chromium · 8 push: open event
streams, idle and when a move reaches them · 10 the expert bot: search iterations/s, a short arena, fast
self-play beside the peer Tichu engine (tools/bench_peer.py: BGA_PEER_TICHU names its checkout). Servers
and clients run on 127.0.0.1 only, for bounded times; everything started is stopped.
"""
from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import asdict
from datetime import date
from pathlib import Path

from framework.engine import RandomBot, Table, replay
from framework.engine.plugins import load_game
from framework.testing import default_players
from framework.testing.random_play import fewer_collections
from tools.bench_browser_push import browser_push_report, browser_push_section
from tools.bench_peer import peer_report
from tools.bench_push import push_section
from tools.bench_search import iterations_per_s, short_arena
from tools.servers import NO_LIMITS, NO_LIMITS_ENV, Gunicorn, bench_databases

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["dragon_phoenix", "summon_dragon", "zhubu_shengji"]
HAND_END = {"dragon_phoenix": "handScore", "summon_dragon": "handScore", "zhubu_shengji": "handScored"}
TARGETS = {"dragon_phoenix": 350, "zhubu_shengji": 400, "summon_dragon": 1000}


# ----- 3. engine self-play -----------------------------------------------------------------
ARENA_RUNS = ROOT / "docs" / "arena-runs.md"


def self_play(name: str, seconds: float) -> dict:
    """Random bots, one process, every move checked: hands and actions per second."""
    game = load_game(name)
    players = default_players(game.max_players)
    hand_end, actions, hands, seed = HAND_END[name], 0, 0, 0
    started = time.perf_counter()
    with fewer_collections():  # as the random-play test runs: many short-lived dicts per move
        while time.perf_counter() - started < seconds:
            seed += 1
            table = Table.create(game, players, None, f"bench-{seed}")
            bot = RandomBot(seed)
            while table.status == "playing" and time.perf_counter() - started < seconds:
                player = table.active_players()[0]
                made = table.apply(player, *bot.choose(table, player), rollback=False)
                actions += 1
                for notification in made:
                    if notification.type == hand_end:
                        hands += 1
    elapsed = time.perf_counter() - started
    return {"hands_per_s": hands / elapsed, "actions_per_s": actions / elapsed}


def recorded_games(name: str, total_moves: int) -> list[dict]:
    """Whole games by random bots until `total_moves` moves are logged."""
    game = load_game(name)
    players = default_players(game.max_players)
    logs, count, seed = [], 0, 0
    while count < total_moves:
        seed += 1
        table = Table.create(game, players, {"target": 500} if name == "dragon_phoenix" else None, f"log-{seed}")
        bot, moves = RandomBot(seed), []
        while table.status == "playing" and count + len(moves) < total_moves:
            player = table.active_players()[0]
            action, args = bot.choose(table, player)
            table.apply(player, action, args, rollback=False)
            moves.append({"player": player, "action": action, "args": args})
        logs.append({"players": players, "options": table.options, "seed": f"log-{seed}", "moves": moves})
        count += len(moves)
    return logs


# ----- 4. replay ---------------------------------------------------------------------------
def replay_speed(name: str, sizes: list[int]) -> dict:
    game = load_game(name)
    logs = recorded_games(name, max(sizes))
    out = {}
    for size in sizes:
        chosen, count = [], 0
        for log in logs:
            if count >= size:
                break
            take = log["moves"][: size - count]
            chosen.append({**log, "moves": take})
            count += len(take)
        started = time.perf_counter()
        for log in chosen:
            replay(game, log["players"], log["options"], log["seed"], log["moves"])
        out[size] = count / (time.perf_counter() - started)
    return out


# ----- 5 and 6: storage and views ------------------------------------------------------------
def storage_and_view(name: str) -> dict:
    """Bytes per move of what the store writes (move rows, notification rows, the snapshot once),
    and the time to build one player's view in the middle of a game."""
    game = load_game(name)
    players = default_players(game.max_players)
    table = Table.create(game, players, None, "storage")
    written = sum(len(json.dumps(asdict(n))) for n in table.take_notifications())
    bot, moves, middle = RandomBot(7), 0, None
    while table.status == "playing" and moves < 3000:
        player = table.active_players()[0]
        action, args = bot.choose(table, player)
        made = table.apply(player, action, args, rollback=False)
        written += len(json.dumps({"player": player, "action": action, "args": args})) + 40  # row overhead
        written += sum(len(json.dumps(asdict(n))) + 24 for n in made)
        moves += 1
        if moves == 150:
            middle = Table.load(game, players, table.options, table.seed, json.loads(json.dumps(table.snapshot())))
    written += len(json.dumps(table.snapshot()))
    viewer = players[0]["id"]
    runs = 500
    started = time.perf_counter()
    for _ in range(runs):
        middle.view(viewer)
    return {"bytes_per_move": written / moves, "view_ms": (time.perf_counter() - started) * 1000 / runs}


# ----- 1 and 2: HTTP ---------------------------------------------------------------------------
def post(port: int, path: str, body: dict, token: str | None = None) -> tuple[int, float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    started = time.perf_counter()
    connection.request("POST", path, body=json.dumps(body), headers=headers)
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return answer.status, time.perf_counter() - started


def load(server: Gunicorn, scripts: list[list[tuple[str, dict, str | None]]], seconds: float) -> dict:
    """One thread per script, each sending its requests in order until time runs out.

    `cpu_ms`: the server's worker CPU per request answered, from a fifth of the way in (the workers'
    start and warm-up left out) to the end; unlike the rates it does not depend on how fast the
    clients, on the same cores, send."""
    latencies, errors, done, lock = [], [0], [0], threading.Lock()
    stop_at = time.perf_counter() + seconds

    def run(script):
        mine = []
        for path, body, token in script:
            if time.perf_counter() >= stop_at:
                break
            status, took = post(server.port, path, body, token)
            if status != 200:
                with lock:
                    errors[0] += 1
                break
            mine.append(took)
            with lock:
                done[0] += 1
        with lock:
            latencies.extend(mine)

    started = time.perf_counter()
    threads = [threading.Thread(target=run, args=(s,)) for s in scripts]
    for thread in threads:
        thread.start()
    time.sleep(seconds / 5)
    with lock:
        cpu_from, done_from = server.worker_cpu(), done[0]
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    cpu_ms = 1000 * (server.worker_cpu() - cpu_from) / max(done[0] - done_from, 1)
    latencies.sort()
    if not latencies:
        raise RuntimeError(f"no request succeeded ({errors[0]} errors): see the server's log above")
    return {"per_s": len(latencies) / elapsed, "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))], "errors": errors[0], "cpu_ms": cpu_ms}


def baseline_http(url: str, workers: int, clients: int, seconds: float) -> dict:
    from tools.bench_baseline import prepare

    prepare(url)
    server = Gunicorn("tools.bench_baseline:create_app()", url, workers)
    try:
        scripts = [[("/bump", {}, None)] * 100_000 for _ in range(clients)]
        return load(server, scripts, seconds)
    finally:
        server.stop()


def moves_http(url: str, workers: int, clients: int, seconds: float) -> dict:
    """Dragon and Phoenix tables played through the action endpoint by scripted clients: each
    table's moves are worked out beforehand by bots on the same seed, then sent by its players."""
    from framework.store import db
    from framework.web import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "TESTING": True, "GAMES": ["dragon_phoenix"], **NO_LIMITS})
    with app.app_context():
        db.create_all()
    client, game, scripts = app.test_client(), load_game("dragon_phoenix"), []
    stamp = f"{time.time():.0f}-{workers}"
    for number in range(clients):
        tokens, players = {}, []
        for seat in range(4):
            answer = client.post("/api/users", json={"name": f"b{stamp}-{number}-{seat}",
                                                      "password": "bench-password"}).json
            tokens[answer["id"]] = answer["token"]
            players.append({"id": answer["id"], "name": f"b{stamp}-{number}-{seat}"})
        first = next(iter(tokens.values()))
        seed = f"http-{stamp}-{number}"
        table_id = client.post("/api/tables", headers={"Authorization": f"Bearer {first}"},
                               json={"game": "dragon_phoenix", "seed": seed}).json["id"]
        for token in list(tokens.values())[1:]:
            client.post(f"/api/tables/{table_id}/join", headers={"Authorization": f"Bearer {token}"})
        table, bot, script = Table.create(game, players, None, seed), RandomBot(number), []
        while table.status == "playing" and len(script) < 5000:
            player = table.active_players()[0]
            action, args = bot.choose(table, player)
            table.apply(player, action, args, rollback=False)
            script.append((f"/api/tables/{table_id}/actions/{action}", {**args, "move": table.move - 1},
                           tokens[player]))
        scripts.append(script)
    with app.app_context():
        db.engine.dispose()
    server = Gunicorn("framework.web:create_app()", url, workers,
                    {"BGA_GAMES": '["dragon_phoenix"]', **NO_LIMITS_ENV})
    try:
        return load(server, scripts, seconds)
    finally:
        server.stop()


def http_section(seconds: float, clients: int, postgres: bool) -> list[tuple]:
    rows = []
    with bench_databases(postgres, "bga-bench-") as databases:
        for label, make_url in databases:
            for workers in (1, 2):
                base = baseline_http(make_url(), workers, clients, seconds)
                real = moves_http(make_url(), workers, clients, seconds)
                rows.append((label, workers, base, real))
    return rows


# ----- 7. the browser ----------------------------------------------------------------------------
# Interactive: the table's status bar says whose turn it is and an action control is in place,
# timed by the page itself from the start of navigation (Playwright's polling adds its own delay).
INTERACTIVE_MARK = """
new MutationObserver((changes, observer) => {
  const ready = document.querySelector('.table-page .status-bar:not(:empty)') &&
    document.querySelector('.table-page .action-buttons button, .table-page .generic-forms form');
  if (ready) { window.__interactiveAt = performance.now(); observer.disconnect(); }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

def record_size(response, sizes: dict) -> None:
    if response.url.endswith((".js", ".css")):
        with contextlib.suppress(Exception):  # a response the page navigated away from has no body left
            sizes[response.url] = len(response.body())


def browser_section() -> dict | None:
    import shutil

    chromium = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if not chromium:
        return None
    from framework.store import db
    from tests.conftest import Api, make_app

    url = f"sqlite:///{tempfile.mkdtemp(prefix='bga-bench-')}/page.sqlite"
    app = make_app(url, GAMES=["dragon_phoenix"])
    api = Api(app.test_client())
    for name in ("p0", "p1", "p2", "p3"):
        api.register(name)
    table_id = api.new_table("p0", game="dragon_phoenix", joiners=["p1", "p2", "p3"])
    with app.app_context():
        db.engine.dispose()
    # Served as `make serve` serves it (gunicorn.conf.py's worker included), in processes of its
    # own: not in this one, where the browser's driver would share the interpreter with it.
    server = Gunicorn("framework.web:create_app()", url, 2, {"BGA_GAMES": '["dragon_phoenix"]'})
    base = f"http://127.0.0.1:{server.port}"
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    timings, observed, sizes = [], [], {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=args)
            # Load 0 weighs the files only: reading bodies back from the browser while a load is timed
            # would slow it. Loads 1-7 are timed; each context starts with an empty cache.
            for load_number in range(8):
                context = browser.new_context(base_url=base)
                context.add_init_script(
                    f"localStorage.setItem('bga.token', {json.dumps(api.tokens['p0'])});"
                    f"localStorage.setItem('bga.user', {json.dumps(json.dumps({'id': api.ids['p0'], 'name': 'p0'}))});")
                context.add_init_script(INTERACTIVE_MARK)
                page = context.new_page()
                if load_number == 0:
                    page.on("response", lambda r: record_size(r, sizes))
                started = time.perf_counter()
                page.goto(f"/#/table/{table_id}")
                page.wait_for_selector(".table-page .status-bar:not(:empty)")
                page.wait_for_selector(".table-page .action-buttons button, .table-page .generic-forms form")
                if load_number > 0:
                    observed.append(time.perf_counter() - started)
                    timings.append(page.evaluate("window.__interactiveAt") / 1000)  # set before the page shows it
                context.close()
            browser.close()
    finally:
        server.stop()
    return {"tti_ms": 1000 * statistics.median(timings), "observed_ms": 1000 * statistics.median(observed),
            "js_css_kb": sum(sizes.values()) / 1024, "files": len(sizes)}


# ----- the report --------------------------------------------------------------------------------
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each HTTP and self-play run")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--write", default=str(ROOT / "BENCHMARKS.md"), help="where to write the results")
    args = parser.parse_args()
    lines = ["# Benchmarks\n", f"`make bench` on {date.today()}: {platform.machine()}, {os.cpu_count()} cores, "
             f"Python {platform.python_version()}, {platform.platform()}.\n"]

    def out(text=""):
        print(text, flush=True)
        lines.append(text)

    out("## 1-2. Moves over HTTP (gunicorn, "
        f"{args.clients} clients, {args.seconds:.0f} s each)\n")
    out("| database | workers | baseline req/s | p50 | p99 | D&P moves/s | p50 | p99 | throughput ratio | p99 ratio "
        "| worker CPU per move / per baseline request |")
    out("|---|---|---|---|---|---|---|---|---|---|---|")
    http_rows = http_section(args.seconds, args.clients, not args.no_postgres)
    for label, workers, base, real in http_rows:
        out(f"| {label} | {workers} | {base['per_s']:.0f} | {base['p50_ms']:.1f} ms | {base['p99_ms']:.1f} ms | "
            f"{real['per_s']:.0f} | {real['p50_ms']:.1f} ms | {real['p99_ms']:.1f} ms | "
            f"{real['per_s'] / base['per_s']:.2f} (target 0.8) | {real['p99_ms'] / base['p99_ms']:.2f} (target 2) | "
            f"{real['cpu_ms'] / base['cpu_ms']:.2f} ({real['cpu_ms']:.2f} / {base['cpu_ms']:.2f} ms) |")
    pg = [real["per_s"] for label, _, _, real in http_rows if label == "PostgreSQL"]
    if len(pg) == 2:
        out(f"\nPostgreSQL, 2 workers / 1 worker: {pg[1] / pg[0]:.2f} (target 1.5)")

    out("\n## 3. Engine self-play (random bots, one process, every move checked)\n")
    out("| game | hands/s | actions/s | target hands/s |")
    out("|---|---|---|---|")
    for name in GAMES:
        result = self_play(name, args.seconds)
        out(f"| {name} | {result['hands_per_s']:.0f} | {result['actions_per_s']:.0f} | {TARGETS[name]} |")

    out("\n## 4. Replay (Dragon and Phoenix logs, many games end to end)\n")
    out("| moves | actions/s |")
    out("|---|---|")
    for size, speed in replay_speed("dragon_phoenix", [1_000, 10_000, 100_000]).items():
        out(f"| {size:,} | {speed:.0f} |")

    out("\n## 5-6. Storage per move and building a view\n")
    out("| game | bytes stored per move (target 1024) | view for one player |")
    out("|---|---|---|")
    for name in GAMES:
        result = storage_and_view(name)
        out(f"| {name} | {result['bytes_per_move']:.0f} | {result['view_ms']:.3f} ms |")

    out("\n## 7. The table page in headless Chromium\n")
    page = browser_section()
    if page:
        out(f"Served as `make serve` serves it. Interactive in {page['tti_ms']:.0f} ms (median of 7, target 300), "
            f"timed in the page from the start "
            f"of navigation until the status bar and an action control are shown ({page['observed_ms']:.0f} ms as "
            f"Playwright sees it, its polling included); {page['js_css_kb']:.1f} KB of JS+CSS in {page['files']} "
            f"files (target 150 KB).")
    else:
        out("Skipped: Chromium or Playwright is not installed.")
    out("\n## 8. Push: open event streams on one table (the push process, gevent's worker)\n")
    out("Each run: N streams for one player on one table, held by the push process (`make serve`'s and "
        "deploy/bga-push.service's), then 10 moves by the players sent to the API process beside it (Climb: a "
        "card played, then taken back). Delivery: from sending the move to a stream reading its notification; "
        "\"to all\": until every stream has it. Idle: CPU and memory of the push process (master and workers) "
        "over 10 s with the "
        "streams open and nothing happening (targets for 1,000: under 10% of a core, 200 MB; all reached in 1 s "
        "p95).\n")
    out("| database | workers | streams | delivery p50 | p95 | to all p95 | idle CPU | memory |")
    out("|---|---|---|---|---|---|---|---|")
    push_rows, polling_rows = push_section(not args.no_postgres)
    for row in push_rows:
        out(f"| {row['label']} | {row['workers']} | {row['streams']:,} | {row['p50_ms']:.0f} ms | "
            f"{row['p95_ms']:.0f} ms | {row['all_p95_ms']:.0f} ms | {row['idle_cpu_pct']:.1f}% | {row['rss_mb']} MB |")
    out("\nThe same number of pages polling instead, as before push (each the view and the chat every 2 s, a "
        "connection per poll), against the API process (2 workers); CPU and memory are the API's, while "
        "polling:\n")
    out("| database | pages | CPU | memory | polls answered / wanted per s | poll p95 |")
    out("|---|---|---|---|---|---|")
    for row in polling_rows:
        out(f"| {row['label']} | {row['pages']:,} | {row['cpu_pct']:.0f}% | {row['rss_mb']} MB | "
            f"{row['polls_per_s']:.0f} / {row['wanted_per_s']:.0f} | {row['p95_ms']:.0f} ms |")
    out("\n## 9. Push in the browser\n")
    for line in browser_push_report(browser_push_section(not args.no_postgres)):
        out(line)
    out("\n## 10. The expert bot (ISMCTS over determinizations, one process)\n")
    out("Iterations per second: the median over 8 positions of seeded heuristic play. The arena: the expert at "
        "its default budget against the heuristic bot, duplicate deals of one hand (each twice, seats swapped); "
        "the score difference per hand with its 95% interval, the share of games won, the expert's time per "
        "move.\n")
    out("| game | iterations/s, random playouts | heuristic playouts | arena deals | difference per hand | "
        "won | time per move, median | max |")
    out("|---|---|---|---|---|---|---|---|")
    decisions = []
    for name in GAMES:
        if not load_game(name).can_determinize():
            out(f"| {name} | no determinize: no expert | | | | | | |")
            continue
        rates, duel = iterations_per_s(name, args.seconds), short_arena(name)
        out(f"| {name} | {rates['random']:.0f} | {rates['heuristic']:.0f} | {duel['deals']} | "
            f"{duel['difference']:+.1f} ({duel['low']:+.1f} to {duel['high']:+.1f}) | {duel['won']:.0%} | "
            f"{duel['median_s'] * 1000:.0f} ms | {duel['max_s'] * 1000:.0f} ms |")
        decisions.append(f"- {name}: " + ", ".join(f"{label} {mine:.2f} / {theirs:.2f}"
                                                   for label, mine, theirs in duel["decisions"]))
    out("\nIn those arenas, the game's player statistics per hand, expert / heuristic (what the heuristic never "
        "does shows as 0 on its side):\n")
    for line in decisions:
        out(line)
    for line in peer_report(args.seconds):
        out(line)
    out("")
    out(ARENA_RUNS.read_text().rstrip("\n"))  # the long runs, kept by hand: hours each, never rerun here
    Path(args.write).write_text("\n".join(lines) + "\n")
    print(f"\nwritten to {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
