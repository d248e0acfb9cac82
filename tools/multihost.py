"""Several app hosts on one PostgreSQL behind nginx (deploy/nginx-hosts.conf, round robin, no sticky
sessions), loaded with the soak's players: racing, stale and repeated moves. Half-way host A is killed
with SIGKILL (master and workers at once, as a machine that loses power), then started again; then
host B is restarted (stopped gracefully, started again), as an upgrade goes host by host. Each host
is an API process and a push process, as deploy/ runs them, and every table has an open page (an
event stream) throughout. Afterwards the soak's checks: nothing lost, nothing doubled, every table
replayed to its stored hash, 5xx only for requests that were in flight to the killed host, and every
stream cut by the kill or the restart resumed with no notification missed or given twice.
Everything runs on 127.0.0.1, bounded.

    python -m tools.multihost --moves 4000

The hosts share one loopback and differ by port: separate network namespaces would need root, a veth
pair for each host and PostgreSQL listening beyond loopback, and change nothing nginx or PostgreSQL
can tell apart. A host's master and workers are one process group, killed together.
"""
from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import create_engine

from tools.push_watch import PushWatch, notification_seqs
from tools.servers import PUSH_WORKER_ARGS, ROOT, UNBOUNDED_STREAMS_ENV, Gunicorn
from tools.soak import SERVER_ENV, Client, Report, prepare, verify

SITE = ROOT / "deploy" / "nginx-hosts.conf"
# As deploy/bga.env: nginx in front. A heartbeat every second lets the watchers' reads stop promptly.
# Every page comes from this one machine's address, and one player follows all its lane's tables at once
# (17 with make soak's 4,000 moves): the stream bounds are lifted.
HOST_ENV = {**SERVER_ENV, "BGA_TRUSTED_PROXIES": "1", "BGA_EVENTS_HEARTBEAT_SECONDS": "1", **UNBOUNDED_STREAMS_ENV}
APP = "framework.web:create_app()"


class Host:
    """One app host as deploy/ runs it: the API (bga.service, 2 gthread workers) and the push process
    (bga-push.service, gevent), each its own process group; `ports` keeps them across restarts."""

    def __init__(self, url: str, ports: tuple[int, int] | None = None):
        api_port, push_port = ports or (None, None)
        self.api = Gunicorn(APP, url, 2, HOST_ENV, port=api_port, own_group=True)
        self.push = Gunicorn(APP, url, 1, HOST_ENV, port=push_port, own_group=True, extra_args=PUSH_WORKER_ARGS)
        self.ports = (self.api.port, self.push.port)

    def kill(self) -> None:
        self.api.kill_group()
        self.push.kill_group()

    def stop(self) -> None:
        self.api.stop()
        self.push.stop()


class GatewayError(http.client.HTTPException):
    """nginx answered 5xx: for the soak's checks the same as no answer (a POST may have been applied)."""


@dataclass
class HostsReport(Report):
    killed_at: float | None = None  # host A sent SIGKILL
    dead_at: float | None = None  # every process of host A dead
    events: dict = field(default_factory=dict)  # what happened when, in time.monotonic()
    errors: list = field(default_factory=list)  # (started, ended, method, status) of every 5xx
    answered_by: Counter = field(default_factory=Counter)  # upstream port: requests it answered
    passed_on: int = 0  # requests nginx sent to the other host after the first failed
    push: dict = field(default_factory=dict)  # the open pages' streams (tools.push_watch.PushWatch.figures)

    def in_flight_at_kill(self) -> list:
        """5xx for requests under way while host A was being killed: started before its last process died,
        answered after the SIGKILL was sent."""
        if self.killed_at is None or self.dead_at is None:
            return []
        return [e for e in self.errors if e[0] <= self.dead_at and e[1] >= self.killed_at]

    def timeline(self) -> str:
        """The events and every 5xx, in seconds from the kill."""
        marks = [(t, name) for name, t in self.events.items()]
        marks += [(self.killed_at, "SIGKILL to host A"), (self.dead_at, "host A dead")] if self.killed_at else []
        marks += [(e[0], f"{e[2]} answered {e[3]} after {e[1] - e[0]:.3f} s") for e in self.errors]
        origin = self.killed_at or 0.0
        return "; ".join(f"{t - origin:+.3f} {what}" for t, what in sorted(marks))

    def line(self) -> str:
        refused = sum(n for status, n in self.statuses.items() if 400 <= status < 500)
        in_flight = self.in_flight_at_kill()
        hosts = ", ".join(f"{port}: {n}" for port, n in sorted(self.answered_by.items()))
        return (f"{self.database}: moves sent {self.sent}, accepted {len(self.accepted)}, refused {refused}, "
                f"no answer {self.failed_requests}, applied without answer {self.applied_unanswered}, "
                f"lost {self.lost}, doubled {self.doubled}, tables replayed to their hash "
                f"{self.tables_verified}/{self.tables}, 5xx in flight to the killed host {len(in_flight)} "
                f"({Counter(e[3] for e in in_flight)}), other 5xx {len(self.errors) - len(in_flight)}, "
                f"answers per host {{{hosts}}}, passed on to the other host {self.passed_on}, push streams "
                f"{self.push.get('streams')}: resumed {self.push.get('resumed')} (without a gap or duplicate "
                f"{self.push.get('resumed_whole')}), reconnections {self.push.get('reconnections')}, gaps "
                f"{self.push.get('gaps')}, duplicates {self.push.get('duplicates')}, {self.seconds:.0f} s")


class NginxClient(Client):
    """The soak's browser tab, through nginx: a 5xx is kept with its times and treated as no answer."""

    def request(self, method, path, body=None):
        started = time.monotonic()
        status, answer = super().request(method, path, body)
        if status >= 500:
            with self.lock:
                self.report.errors.append((started, time.monotonic(), method, status))
            raise GatewayError(status)
        return status, answer


def init_db(url: str) -> None:
    """`flask init-db` once, as an operator does before the hosts start."""
    subprocess.run([sys.executable, "-m", "flask", "--app", "framework.web", "init-db"], cwd=ROOT, check=True,
                   capture_output=True, timeout=120, env={**os.environ, "BGA_SQLALCHEMY_DATABASE_URI": url})


def count_upstreams(log: Path) -> tuple[Counter, int]:
    """Requests answered per upstream port (the last address nginx tried), and how many nginx passed on
    to another host after the first failed, from the access log's `$upstream_addr`."""
    counts: Counter = Counter()
    passed_on = 0
    for line in log.read_text().splitlines() if log.exists() else []:
        ports = re.findall(r"127\.0\.0\.1:(\d+)", line)
        if ports:
            counts[int(ports[-1])] += 1
            passed_on += len(ports) > 1
    return counts, passed_on


def run_multihost(url: str, moves: int, tables: int = 6, clients_per_player: int = 2, seats: int = 2,
                  seed: int = 1) -> HostsReport:
    """Two hosts (API and push process each) behind nginx, host A killed half-way and restarted, then
    host B restarted. Every table has an open page (an event stream, as its first player) all along."""
    from tests.nginx import running_nginx
    from tools.soak import MOVES_SENT_PER_TABLE

    report = HostsReport("PostgreSQL, 2 hosts")
    started = time.perf_counter()
    init_db(url)
    lanes = prepare(url, tables, max(1, -(-moves // (tables * MOVES_SENT_PER_TABLE))), seats)
    made = [table for lane in lanes for table in lane]
    report.tables = len(made)
    hosts: list[Host] = []
    engine = create_engine(url)
    logdir = Path(tempfile.mkdtemp(prefix="bga-hosts-"))
    watch = None
    try:
        hosts = [Host(url), Host(url)]
        # nginx-hosts.conf's server lines in order: the API upstream's, then the push upstream's.
        upstreams = [h.ports[0] for h in hosts] + [h.ports[1] for h in hosts]
        with running_nginx(upstreams, SITE, access_log=logdir / "access.log") as nginx:
            watch = PushWatch(nginx.port, [(t["id"], t["players"][0][1]) for t in made])
            budget, lock = [moves], threading.Lock()
            clients = [NginxClient(nginx.port, [t["id"] for t in lane], player, token, engine, budget, report,
                                   lock, f"{seed}-{lane[0]['id']}-{player}-{n}")
                       for lane in lanes for player, token in lane[0]["players"] for n in range(clients_per_player)]
            for client in clients:
                client.start()
            wait_for_budget(budget, moves // 2, clients)
            report.killed_at = time.monotonic()
            hosts[0].kill()
            report.dead_at = time.monotonic()
            time.sleep(1.0)  # nginx meets a dead host for a while, as it would before a supervisor restarts it
            hosts[0] = Host(url, hosts[0].ports)
            report.events["host A restarted"] = time.monotonic()
            wait_for_budget(budget, moves // 4, clients)
            hosts[1] = rolling_restart(nginx, hosts[1], url, report.events)
            stop_at = time.monotonic() + 600
            for client in clients:
                client.join(max(1, stop_at - time.monotonic()))
            expected = {t["id"]: notification_seqs(nginx.port, t["id"], t["players"][0][1]) for t in made}
            watch.stop({table_id: seqs[-1] for table_id, seqs in expected.items() if seqs})
            report.push = watch.figures(expected)
    finally:
        if watch:
            watch.stopping.set()
        for host in hosts:
            host.stop()
    report.answered_by, report.passed_on = count_upstreams(logdir / "access.log")
    shutil.rmtree(logdir, ignore_errors=True)
    verify(report, engine, made)
    engine.dispose()
    report.seconds = time.perf_counter() - started
    return report


def rolling_restart(nginx, host: Host, url: str, events: dict) -> Host:
    """Restart one host with no request lost: out of nginx's upstreams first (`down`, a graceful reload
    that lets requests under way finish), stopped, started, and back in. Stopped while still in the
    upstream, the requests nginx had just written to its kept-alive connections would be cut, and a
    POST cut that way cannot be sent elsewhere (it may have been received). Its open streams end with
    the reload (nginx's worker_shutdown_timeout) or the stop, and the pages reconnect to host A."""
    drained = nginx.site
    for port in host.ports:
        address = f"127.0.0.1:{port} "
        assert address in drained
        drained = drained.replace(address, f"127.0.0.1:{port} down ", 1)
    events["host B drained"] = time.monotonic()
    nginx.reload(drained)
    events["host B stopped"] = time.monotonic()
    host.stop()  # graceful: each worker finishes what it was answering
    host = Host(url, host.ports)
    events["host B back"] = time.monotonic()
    nginx.reload(nginx.site)
    return host


def wait_for_budget(budget: list[int], left: int, clients: list[threading.Thread]) -> None:
    while budget[0] > left and any(c.is_alive() for c in clients):
        time.sleep(0.05)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=4000, help="moves to send in all")
    parser.add_argument("--tables", type=int, default=8, help="tables played at once")
    args = parser.parse_args()
    from tests.postgres import throwaway_cluster

    with throwaway_cluster() as url:
        report = run_multihost(url, args.moves, tables=args.tables)
    print(report.line(), flush=True)
    print(f"timeline (s from the kill): {report.timeline()}", flush=True)
    other = len(report.errors) - len(report.in_flight_at_kill())
    push = report.push
    whole = push["gaps"] == push["duplicates"] == 0 and push["whole"] == push["streams"]
    return 0 if report.lost == report.doubled == other == 0 and report.tables_verified == report.tables and whole else 1


if __name__ == "__main__":
    sys.exit(main())
