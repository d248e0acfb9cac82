"""Servers for the load tools: a free loopback port, and gunicorn started and stopped around a run."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# A load test logs in and registers hundreds of players from one address: the limits would stop it.
# The load runs' players make many tables and moves from one address: the per-account and per-address
# limits a public site sets against floods would refuse them.
NO_LIMITS = {"LOGIN_ATTEMPTS": 10**6, "REGISTRATIONS_PER_ADDRESS": 10**6, "TABLES_PER_ACCOUNT": 10**6,
             "MAX_OPEN_TABLES": 10**6, "CHAT_LINES": 10**6, "CHAT_LINES_PER_DAY": 10**6}
NO_LIMITS_ENV = {f"BGA_{key}": str(value) for key, value in NO_LIMITS.items()}
# The benches open many streams with one token from one address (a thousand pages on one table): the app's
# bounds on open streams per account, table and address would refuse all but a few.
UNBOUNDED_STREAMS_ENV = {f"BGA_EVENTS_STREAMS_{key}": "1000000" for key in
                         ("PER_ACCOUNT", "WATCHING", "PER_TABLE", "PER_TABLE_WATCHED", "PER_ADDRESS")}
# The push process's worker (deploy/bga-push.service): gevent, a greenlet per open event stream. Without
# these the app runs on gunicorn.conf.py's gthread worker, as the JSON API does.
PUSH_WORKER_ARGS = ("--worker-class", "gevent", "--worker-connections", "2000")


@contextmanager
def bench_databases(postgres: bool, prefix: str) -> Iterator[list[tuple[str, Callable[[], str]]]]:
    """(label, a new database's URL) for SQLite (a fresh file each call) and, with `postgres`, a
    throwaway PostgreSQL cluster, stopped when the block ends."""
    from tests.postgres import throwaway_cluster  # needs the test tools: only when asked

    databases = [("SQLite", lambda: f"sqlite:///{tempfile.mkdtemp(prefix=prefix)}/bench.sqlite")]
    with throwaway_cluster() if postgres else nullcontext() as pg_url:
        if postgres:
            databases.append(("PostgreSQL", lambda: pg_url))
        yield databases


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Gunicorn:
    """gunicorn on 127.0.0.1 with `workers` processes, serving `app_spec` on the database at `url`.

    `port` restarts a host where a proxy expects it; `own_group` puts master and workers in a process
    group of their own, so kill_group() can end them all at once as a crashed machine would;
    `extra_args` go to gunicorn's command line (another worker class, say).
    """

    def __init__(self, app_spec: str, url: str, workers: int, extra_env: dict | None = None,
                 port: int | None = None, own_group: bool = False, extra_args: tuple[str, ...] = ()):
        self.port = port or free_port()
        env = {**os.environ, "BGA_SQLALCHEMY_DATABASE_URI": url, "PYTHONPATH": str(ROOT), **(extra_env or {})}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--workers", str(workers), "--bind", f"127.0.0.1:{self.port}",
             "--graceful-timeout", "5", "--log-level", "warning", *extra_args, app_spec], env=env, cwd=ROOT,
            start_new_session=own_group)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("gunicorn did not start within 30 s")

    def worker_pids(self) -> list[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(p) for p in children.read_text().split()] if children.exists() else []

    def worker_cpu(self) -> float:
        """CPU seconds (user and system) the workers have used so far; read before stop()."""
        return cpu_seconds(self.worker_pids())

    def kill_group(self) -> None:
        """SIGKILL to the master and its workers together (needs own_group): nothing gets to clean up.
        Returns once every one of them is dead (gone, or a zombie nobody reaps)."""
        workers = self.worker_pids()
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.01)

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()


def cpu_seconds(pids: list[int]) -> float:
    """CPU seconds (user and system) these processes have used so far; one that just exited counts 0."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False
