"""Push in the browser: how soon the real table page shows another player's move. `python -m tools.bench_browser_push`.

Served as deployed: the JSON API (gunicorn, 2 workers) and the push process (gevent, 1 worker) behind nginx
with deploy/nginx.conf when nginx is installed, else the pages talk to the API port straight (its spare
threads hold the streams). A Dragon and Phoenix table of 4; two of them have the table page open in headless
Chromium, and all four send their moves over HTTP from here, one at a time, each once the pages show the one
before. Per move and page (the page's own player's moves left out): from sending the move (and from its
answer, the commit) until the page's DOM holds the view after it (the page sets `data-move` on its table
section last, once all of the view is on screen; a MutationObserver notes when, in the page's clock, Date.now()
on the same machine). The pages' requests are watched: a poll (the notifications or chat read on a timer)
means the stream failed somewhere. Loopback only.
"""
from __future__ import annotations

import argparse
import http.client
import json
import re
import shutil
import statistics
import time
from contextlib import ExitStack, nullcontext
from urllib.parse import urlsplit

from framework.engine import RandomBot, Table
from framework.engine.plugins import load_game
from tools.servers import NO_LIMITS, NO_LIMITS_ENV, PUSH_WORKER_ARGS, UNBOUNDED_STREAMS_ENV, Gunicorn, bench_databases

GAME = "dragon_phoenix"
PAGES = 2  # of the 4 seats, the first two have the page open
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# The pages show others' moves at once: this measures delivery, not the table's chosen pace (0.7 s between moves).
INSTANT_PACE = json.dumps({"pace": "instant"})
POLLS = re.compile(r"/api/tables/\d+/(notifications|chat)$")
# Each time the table section's data-move changes: [move, performance.now()].
SHOWN_MARK = """
window.__shown = [];
new MutationObserver(() => {
  const move = Number(document.querySelector('.table-page')?.dataset.move);
  const last = window.__shown[window.__shown.length - 1];
  if (move && (!last || last[0] !== move)) window.__shown.push([move, performance.now()]);
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-move'] });
"""


def prepare(url: str, moves: int) -> tuple[int, list[dict], list[tuple[str, dict, str, int]]]:
    """Four players at a started table; its first `moves` moves worked out by a bot on the table's seed:
    (table id, players with tokens, [(action, args with the expected move, token, player id)])."""
    from framework.store import db
    from framework.web import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "TESTING": True, "GAMES": [GAME], **NO_LIMITS})
    with app.app_context():
        db.create_all()
    client, stamp, players = app.test_client(), f"{time.time_ns()}", []
    for seat in range(4):
        name = f"bp{stamp[-9:]}{seat}"
        answer = client.post("/api/users", json={"name": name, "password": "bench-password"}).json
        players.append({"id": answer["id"], "name": name, "token": answer["token"]})
    seed = f"browser-push-{stamp}"
    table_id = client.post("/api/tables", headers={"Authorization": f"Bearer {players[0]['token']}"},
                           json={"game": GAME, "seed": seed}).json["id"]
    for player in players[1:]:
        client.post(f"/api/tables/{table_id}/join", headers={"Authorization": f"Bearer {player['token']}"})
    with app.app_context():
        db.engine.dispose()
    tokens = {p["id"]: p["token"] for p in players}
    table = Table.create(load_game(GAME), [{"id": p["id"], "name": p["name"]} for p in players], None, seed)
    bot, script = RandomBot(1), []
    while table.status == "playing" and len(script) < moves:
        player = table.active_players()[0]
        action, args = bot.choose(table, player)
        table.apply(player, action, args, rollback=False)
        script.append((action, {**args, "move": table.move - 1}, tokens[player], player))
    return table_id, players, script


def wait_until_shown(page, move: int, timeout: float = 10) -> None:
    # Asked from here: the page's CSP refuses the eval wait_for_function needs.
    ends = time.monotonic() + timeout
    while page.evaluate("Math.max(0, ...window.__shown.map(([move]) => move))") < move:
        if time.monotonic() > ends:
            raise RuntimeError(f"the page did not show move {move} within {timeout} s")
        time.sleep(0.01)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


def measure(url: str, label: str, moves: int = 40, pause: float = 0.3, nginx: bool = True) -> dict:
    from playwright.sync_api import sync_playwright

    from tests.nginx import nginx_binary, running_nginx

    table_id, players, script = prepare(url, moves)
    env = {"BGA_GAMES": json.dumps([GAME]), "BGA_TRUSTED_PROXIES": "1", **NO_LIMITS_ENV, **UNBOUNDED_STREAMS_ENV}
    behind_nginx = nginx and nginx_binary() is not None
    with ExitStack() as stack:
        api = Gunicorn("framework.web:create_app()", url, 2, env)
        stack.callback(api.stop)
        push = Gunicorn("framework.web:create_app()", url, 1, env, extra_args=PUSH_WORKER_ARGS)
        stack.callback(push.stop)
        proxy = stack.enter_context(running_nginx([api.port, push.port]) if behind_nginx else nullcontext())
        port = proxy.port if behind_nginx else api.port
        pw = stack.enter_context(sync_playwright())
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        stack.callback(browser.close)
        pages, requests, view_reads = [], [], []
        for player in players[:PAGES]:
            reads: list[tuple[float, float]] = []
            view_reads.append(reads)
            context = browser.new_context(base_url=f"http://127.0.0.1:{port}")
            user = json.dumps({"id": player["id"], "name": player["name"]})
            context.add_init_script(f"localStorage.setItem('bga.token', {json.dumps(player['token'])});"
                                    f"localStorage.setItem('bga.user', {json.dumps(user)});"
                                    f"localStorage.setItem('bga.settings', {json.dumps(INSTANT_PACE)});")
            context.add_init_script(SHOWN_MARK)
            page = context.new_page()
            made: list[tuple[float, str, str]] = []
            page.on("request", lambda r, made=made: made.append((time.time(), r.method, urlsplit(r.url).path)))
            page.on("requestfinished", lambda r, reads=reads: note_view_read(r, table_id, reads))
            with page.expect_response(lambda r: "/events" in r.url):   # the stream is open
                page.goto(f"/#/table/{table_id}")
            page.wait_for_selector(".table-page[data-move]")
            pages.append(page)
            requests.append(made)
        time.sleep(1)   # a read under way as the streams opened has ended
        started = time.time()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        sent_moves = []   # (move number after it, player, sent, answered), wall-clock seconds
        for action, args, token, player in script:
            sent = time.time()
            connection.request("POST", f"/api/tables/{table_id}/actions/{action}", body=json.dumps(args),
                               headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
            answer = connection.getresponse()
            body = answer.read()
            answered = time.time()
            if answer.status != 200:
                raise RuntimeError(f"move {args['move']} refused: {answer.status} {body[:200]!r}")
            sent_moves.append((args["move"] + 1, player, sent, answered))
            for page in pages:
                wait_until_shown(page, args["move"] + 1)
            time.sleep(pause)
        ended = time.time()
        shown = []
        for page in pages:
            # The page's clock to wall-clock: performance.now() and Date.now() read at one moment.
            offset, marks = page.evaluate("[Date.now() - performance.now(), window.__shown]")
            shown.append([(move, (offset + at) / 1000) for move, at in marks])
    from_sent, from_answer, parts = [], [], {"to_view_read": [], "view_read": [], "to_dom": []}
    for number, player, sent, answered in sent_moves:
        for seat, marks in enumerate(shown):
            if players[seat]["id"] == player:
                continue   # the page's own player: not what the target is about
            at = min(t for move, t in marks if move >= number)
            from_sent.append(1000 * (at - sent))
            from_answer.append(1000 * (at - answered))
            # Where the time went: until the page asked for its view (the stream's news), the read, the rest.
            read = min((r for r in view_reads[seat] if r[0] >= sent), default=None)
            if read and read[1] <= at:
                parts["to_view_read"].append(1000 * (read[0] - sent))
                parts["view_read"].append(1000 * (read[1] - read[0]))
                parts["to_dom"].append(1000 * (at - read[1]))
    during = [(method, path) for made in requests for at, method, path in made if started <= at <= ended]
    polls = [path for method, path in during if method == "GET" and POLLS.search(path)]
    views = [path for method, path in during if method == "GET" and path == f"/api/tables/{table_id}"]
    return {"label": label, "served": "nginx (deploy/nginx.conf), API + push process" if behind_nginx
            else "the API port straight (no nginx)", "moves": len(sent_moves), "samples": len(from_sent),
            "p50_ms": round(statistics.median(from_sent), 1), "p95_ms": round(percentile(from_sent, 0.95), 1),
            "max_ms": round(max(from_sent), 1), "after_answer_p50_ms": round(statistics.median(from_answer), 1),
            "after_answer_p95_ms": round(percentile(from_answer, 0.95), 1), "polls": len(polls),
            "view_reads": len(views), "requests": len(during),
            "parts_p50_p95_ms": {name: [round(statistics.median(v), 1), round(percentile(v, 0.95), 1)]
                                 for name, v in parts.items() if v}}


def note_view_read(request, table_id: int, reads: list) -> None:
    """A view read the page made: (started, answered), wall-clock seconds (Playwright's timing: epoch ms, then
    ms after the start)."""
    if request.method == "GET" and urlsplit(request.url).path == f"/api/tables/{table_id}":
        timing = request.timing
        reads.append((timing["startTime"] / 1000, (timing["startTime"] + timing["responseEnd"]) / 1000))


def available() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return shutil.which("chromium") is not None


def browser_push_section(postgres: bool, moves: int = 40) -> list[dict] | None:
    """`make bench`'s rows: SQLite, then PostgreSQL (a throwaway cluster); None without Chromium or Playwright."""
    if not available():
        return None
    with bench_databases(postgres, "bench-browser-push-") as databases:
        return [measure(make_url(), label, moves) for label, make_url in databases]


def browser_push_report(rows: list[dict] | None) -> list[str]:
    """The section's lines for BENCHMARKS.md."""
    if rows is None:
        return ["Skipped: Chromium or Playwright is not installed."]
    lines = [f"Two table pages (headless Chromium) of a 4-player Dragon and Phoenix table, served through "
             f"{rows[0]['served']}; {rows[0]['moves']} moves sent over HTTP by the four players, one at a time. "
             "From sending a move until the other players' pages hold the view after it in their DOM (target "
             "200 ms p95), the pages' pace setting at \"instant\" (delivery, not the 0.7 s the table leaves between "
             "others' moves by default); \"after the answer\": from the move's answer (its commit). Polls: the pages' "
             "notifications or chat reads during the run (0: every move came by push).\n",
             "| database | samples | p50 | p95 | max | after the answer p50 | p95 | polls |",
             "|---|---|---|---|---|---|---|---|"]
    lines += [f"| {r['label']} | {r['samples']} | {r['p50_ms']:.0f} ms | {r['p95_ms']:.0f} ms | {r['max_ms']:.0f} ms | "
              f"{r['after_answer_p50_ms']:.0f} ms | {r['after_answer_p95_ms']:.0f} ms | {r['polls']} |" for r in rows]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--pause", type=float, default=0.3, help="seconds between a move shown and the next sent")
    parser.add_argument("--postgres", action="store_true", help="also on a throwaway PostgreSQL cluster")
    parser.add_argument("--no-nginx", action="store_true", help="pages straight on the API port")
    options = parser.parse_args()
    if not available():
        raise SystemExit("needs Python Playwright and Chromium on PATH")
    with bench_databases(options.postgres, "bench-browser-push-") as databases:
        for label, make_url in databases:
            print(json.dumps(measure(make_url(), label, options.moves, options.pause, not options.no_nginx)),
                  flush=True)


if __name__ == "__main__":
    main()
