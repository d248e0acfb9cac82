"""Push under load: N open event streams on one table behind gunicorn; what they cost idle (CPU,
memory) and how soon a move reaches all of them. `python -m tools.bench_push --streams 1000`.

One client thread reads every stream (non-blocking sockets, one selector); moves are sent by the
table's players over HTTP meanwhile (Climb: play a card, take it back, again). As deployed, the streams
are held by a push process (gevent's worker, tools.servers.PUSH_WORKER_ARGS) and the moves go to an API
process of 2 workers beside it; the idle cost is the push process's. Loopback only.
"""
from __future__ import annotations

import argparse
import http.client
import json
import selectors
import socket
import statistics
import tempfile
import time
from pathlib import Path

from tools.servers import PUSH_WORKER_ARGS, UNBOUNDED_STREAMS_ENV, Gunicorn, bench_databases, cpu_seconds
from tools.soak import SERVER_ENV, prepare


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


class Streams:
    """N event streams read by one selector: per stream, the highest notification id seen so far."""

    def __init__(self, port: int, table_id: int, token: str, count: int):
        self.selector = selectors.DefaultSelector()
        self.seen: dict[socket.socket, int] = {}
        self.buffers: dict[socket.socket, bytes] = {}
        self.ready: set[socket.socket] = set()  # answered (the first state event)
        request = (f"GET /api/tables/{table_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n").encode()
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(request)
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ)
            self.seen[sock], self.buffers[sock] = 0, b""

    def pump(self, timeout: float) -> list[socket.socket]:
        """Read what arrived; the streams whose last notification id grew."""
        grew = []
        for key, _ in self.selector.select(timeout):
            sock = key.fileobj
            try:
                chunk = sock.recv(65536)
            except BlockingIOError:
                continue
            if not chunk:
                self.selector.unregister(sock)
                continue
            self.ready.add(sock)
            data = self.buffers[sock] + chunk
            head, _, self.buffers[sock] = data.rpartition(b"\n\n")
            ids = [int(line[4:]) for line in head.split(b"\n") if line.startswith(b"id: ")]
            if ids and max(ids) > self.seen[sock]:
                self.seen[sock] = max(ids)
                grew.append(sock)
        return grew

    def settle(self, seconds: float) -> None:
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            self.pump(0.05)

    def close(self) -> None:
        for sock in self.seen:
            sock.close()


class Pollers:
    """N pages polling as before push, each every `interval` s (the page's 2 s): the view, then the chat,
    on one connection opened for the poll (gunicorn keeps idle connections 2 s, so one poll's connection
    is rarely there for the next). One selector drives them all; what counts is the API's cost."""

    def __init__(self, port: int, table_id: int, token: str, count: int, interval: float = 2.0):
        self.port, self.interval = port, interval
        self.paths = [f"/api/tables/{table_id}", f"/api/tables/{table_id}/chat?after=0"]
        self.auth = f"Authorization: Bearer {token}\r\n"
        self.selector = selectors.DefaultSelector()
        now = time.monotonic()
        self.due = [now + interval * i / count for i in range(count)]  # staggered, as pages opened apart
        self.polls: list[float] = []  # seconds each finished poll took
        self.failed = 0

    def run(self, seconds: float) -> None:
        ends, waiting = time.monotonic() + seconds, {}
        while time.monotonic() < ends:
            now = time.monotonic()
            for page, due in enumerate(self.due):
                if due <= now and page not in waiting:
                    waiting[page] = self._start(page, now)
            for key, _ in self.selector.select(0.01):
                page = key.data
                if self._read(waiting[page]):
                    poll = waiting.pop(page)
                    self.due[page] = poll["started"] + self.interval
        for poll in waiting.values():
            poll["sock"].close()

    def _start(self, page: int, now: float) -> dict:
        sock = socket.create_connection(("127.0.0.1", self.port))
        sock.setblocking(False)
        poll = {"sock": sock, "started": now, "step": 0, "buffer": b""}
        self._send(poll)
        self.selector.register(sock, selectors.EVENT_READ, page)
        return poll

    def _send(self, poll: dict) -> None:
        last = poll["step"] == len(self.paths) - 1
        poll["sock"].sendall(f"GET {self.paths[poll['step']]} HTTP/1.1\r\nHost: 127.0.0.1\r\n{self.auth}"
                             f"{'Connection: close' if last else 'Connection: keep-alive'}\r\n\r\n".encode())

    def _read(self, poll: dict) -> bool:
        """True once the poll's last answer is in (or it failed)."""
        try:
            chunk = poll["sock"].recv(65536)
        except BlockingIOError:
            return False
        poll["buffer"] += chunk
        head, found, body = poll["buffer"].partition(b"\r\n\r\n")
        length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), None)
        if not chunk or (found and length is not None and len(body) >= length):
            ok = bool(chunk) and head.startswith(b"HTTP/1.1 200")
            if ok and poll["step"] < len(self.paths) - 1:
                poll["step"] += 1
                poll["buffer"] = b""
                self._send(poll)
                return False
            self.selector.unregister(poll["sock"])
            poll["sock"].close()
            if ok:
                self.polls.append(time.monotonic() - poll["started"])
            else:
                self.failed += 1
            return True
        return False


def measure_polling(url: str, label: str, pages: int, seconds: float = 10) -> dict:
    """The same pages polling the API (2 workers, as deployed), as they did before push: the API's CPU and
    memory, and how many of the polls wanted it answered."""
    table = prepare(url, 1, 1, 2)[0][0]
    api = Gunicorn("framework.web:create_app()", url, 2, SERVER_ENV)
    try:
        send_move(api.port, table["id"], table["players"])
        pids = [api.process.pid, *api.worker_pids()]
        Pollers(api.port, table["id"], table["players"][1][1], min(pages, 20)).run(2)  # workers warm
        pollers = Pollers(api.port, table["id"], table["players"][1][1], pages)
        cpu_before, started = cpu_seconds(pids), time.monotonic()
        pollers.run(seconds)
        took = time.monotonic() - started
        cpu, rss = (cpu_seconds(pids) - cpu_before) / took, rss_mb(pids)
    finally:
        api.stop()
    times = sorted(pollers.polls)
    return {"label": label, "pages": pages, "cpu_pct": round(100 * cpu, 1), "rss_mb": round(rss),
            "polls_per_s": round(len(times) / took, 1), "wanted_per_s": round(pages / 2.0, 1),
            "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1) if times else None,
            "failed": pollers.failed}


def send_move(port: int, table_id: int, players: list[tuple[int, str]]) -> float:
    """The active player picks a charm, plays their first playable card, or takes back the one just played;
    returns when the move was sent."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for _, token in players:
        conn.request("GET", f"/api/tables/{table_id}", headers={"Authorization": f"Bearer {token}"})
        view = json.loads(conn.getresponse().read())
        state = view["state"]
        if view["you"] not in state.get("active_players", []):
            continue
        if state["name"] == "pickCharm":
            action, args = "pickCharm", {"charm": "amber"}
        elif "playable" in state["args"]:
            action, args = "playCard", {"card": state["args"]["playable"][0]}
        else:
            action, args = "undo", {}
        sent = time.monotonic()
        conn.request("POST", f"/api/tables/{table_id}/actions/{action}", body=json.dumps(args),
                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        answer = conn.getresponse()
        answer.read()
        assert answer.status == 200, answer.status
        return sent
    raise RuntimeError("nobody is active")


def measure(url: str, label: str, streams: int, workers: int, worker_args: tuple[str, ...], moves: int) -> dict:
    table = prepare(url, 1, 1, 2)[0][0]
    players = table["players"]
    # As deployed: moves to the API (gunicorn.conf.py's gthread worker), streams to the push process.
    api = Gunicorn("framework.web:create_app()", url, 2, SERVER_ENV)
    server = Gunicorn("framework.web:create_app()", url, workers, {**SERVER_ENV, **UNBOUNDED_STREAMS_ENV},
                      extra_args=worker_args)
    try:
        for _ in range(3):  # the charms first: the card moves follow
            send_move(api.port, table["id"], players)
        pids = [server.process.pid, *server.worker_pids()]
        opened = Streams(server.port, table["id"], players[1][1], streams)
        ends = time.monotonic() + 120
        while len(opened.ready) < streams and time.monotonic() < ends:
            opened.pump(0.1)
        opened.settle(2)
        rss, cpu_before, started = rss_mb(pids), cpu_seconds(pids), time.monotonic()
        opened.settle(10)
        idle_cpu = (cpu_seconds(pids) - cpu_before) / (time.monotonic() - started)
        latencies, reach_all = [], []
        for _ in range(moves):
            before = dict(opened.seen)
            sent = send_move(api.port, table["id"], players)
            waiting = set(before)
            ends = sent + 10
            while waiting and time.monotonic() < ends:
                for sock in opened.pump(0.05):
                    if sock in waiting and opened.seen[sock] > before[sock]:
                        waiting.discard(sock)
                        latencies.append(time.monotonic() - sent)
            reach_all.append(time.monotonic() - sent if not waiting else float("inf"))
            opened.settle(0.2)
        opened.close()
    finally:
        server.stop()
        api.stop()
    ms = sorted(1000 * x for x in latencies)
    return {"label": label, "streams": streams, "workers": workers, "worker": " ".join(worker_args),
            "idle_cpu_pct": round(100 * idle_cpu, 1), "rss_mb": round(rss),
            "p50_ms": round(statistics.median(ms), 1), "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 1),
            "all_p95_ms": round(1000 * sorted(reach_all)[int(0.95 * (len(reach_all) - 1))], 1),
            "delivered": f"{len(latencies)}/{streams * moves}"}


def push_section(postgres: bool, streams: int = 1000, moves: int = 10) -> tuple[list[dict], list[dict]]:
    """`make bench`'s rows: SQLite, then PostgreSQL (a throwaway cluster), 1 and 2 workers; a few open
    streams (a move's delivery to a page), then `streams` of them (idle cost, delivery to all). Then the
    same number of pages polling instead, per database."""
    rows, polling = [], []
    with bench_databases(postgres, "bench-push-") as databases:
        for label, make_url in databases:
            for workers in (1, 2):
                for count in (10, streams):
                    rows.append(measure(make_url(), label, count, workers, PUSH_WORKER_ARGS, moves))
            polling.append(measure_polling(make_url(), label, streams))
    return rows, polling


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--worker-args", default=" ".join(PUSH_WORKER_ARGS),
                        help="the push process's gunicorn options, e.g. '--worker-class gthread --threads 1100'")
    parser.add_argument("--postgres", default="", help="a PostgreSQL URL (default: a fresh SQLite file)")
    options = parser.parse_args()
    url = options.postgres or f"sqlite:///{tempfile.mkdtemp(prefix='bench-push-')}/push.sqlite"
    label = "PostgreSQL" if options.postgres else "SQLite"
    print(json.dumps(measure(url, label, options.streams, options.workers, tuple(options.worker_args.split()),
                             options.moves)))


if __name__ == "__main__":
    main()
