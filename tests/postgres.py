"""A throwaway PostgreSQL cluster for the tests: initdb + pg_ctl on a free loopback port.

Without PostgreSQL binaries the tests that need it skip with the reason, unless REQUIRE_POSTGRES=1
(set by .ci/run), which makes them fail instead.
"""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from contextlib import contextmanager

import pytest


def _bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def unavailable(reason: str):
    if os.environ.get("REQUIRE_POSTGRES") == "1":
        pytest.fail(f"REQUIRE_POSTGRES=1 but {reason}")
    pytest.skip(f"PostgreSQL tests skipped: {reason} (install postgresql, or run .ci/run)")


@contextmanager
def throwaway_cluster():
    """Yield a SQLAlchemy URL of a fresh cluster; stop and delete it afterwards."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if not initdb or not pg_ctl:
        unavailable("initdb/pg_ctl are not installed")
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        runuser = shutil.which("runuser")
        if not runuser:
            unavailable("running as root without runuser")
        as_postgres = [runuser, "-u", "postgres", "--"]
    workdir = tempfile.mkdtemp(prefix="bga-pg-")
    os.chmod(workdir, 0o777)
    datadir = os.path.join(workdir, "data")
    port = _free_port()
    if as_postgres:
        shutil.chown(workdir, "postgres")
    try:
        subprocess.run([*as_postgres, initdb, "-D", datadir, "-A", "trust", "-U", "postgres", "--no-sync"],
                       check=True, capture_output=True)
        subprocess.run([*as_postgres, pg_ctl, "-D", datadir, "-l", os.path.join(workdir, "log"), "-w", "-o",
                        f"-p {port} -k {workdir} -c listen_addresses=127.0.0.1 -c fsync=off", "start"],
                       check=True, capture_output=True)
    except subprocess.CalledProcessError as err:
        shutil.rmtree(workdir, ignore_errors=True)
        unavailable(f"the cluster did not start: {err.stderr.decode(errors='replace')[-300:]}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_postgres, pg_ctl, "-D", datadir, "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(workdir, ignore_errors=True)
