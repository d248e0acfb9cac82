"""A throwaway nginx serving the shipped site (deploy/nginx.conf) on a free loopback port.

Without nginx the tests that need it skip with the reason, unless REQUIRE_NGINX=1 (set by .ci/run),
which makes them fail instead.
"""
from __future__ import annotations

import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from tools.servers import ROOT, free_port

SITE = ROOT / "deploy" / "nginx.conf"

# The distribution's main nginx.conf wraps the site as `http { include sites-enabled/*; }`; this one
# keeps every file nginx writes in a temporary folder, so it runs as any user.
MAIN = """\
{user}
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
worker_processes 1;
events {{ worker_connections 512; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    include {dir}/site.conf;
}}
"""


def unavailable(reason: str):
    if os.environ.get("REQUIRE_NGINX") == "1":
        pytest.fail(f"REQUIRE_NGINX=1 but {reason}")
    pytest.skip(f"nginx tests skipped: {reason} (apt-get install nginx, or run .ci/run)")


def nginx_binary() -> str | None:
    # Debian puts it in /usr/sbin, which is not on an ordinary user's PATH.
    found = shutil.which("nginx")
    return found or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)


def site_for_test(port: int, upstream_port: int) -> str:
    """The shipped site as it is, but listening on `port` and proxying to gunicorn on `upstream_port`."""
    text = SITE.read_text()
    text, listens = re.subn(r"listen 80;", f"listen 127.0.0.1:{port};", text, count=1)
    text, upstreams = re.subn(r"server 127\.0\.0\.1:\d+;", f"server 127.0.0.1:{upstream_port};", text, count=1)
    assert listens == upstreams == 1, "deploy/nginx.conf no longer has `listen 80;` and one upstream server line"
    return text


@contextmanager
def throwaway_nginx(upstream_port: int):
    """Yield the port of an nginx in front of 127.0.0.1:`upstream_port`; stop it and delete its files after."""
    binary = nginx_binary()
    if binary is None:
        unavailable("nginx is not installed")
    port = free_port()
    site = site_for_test(port, upstream_port)
    # As root nginx would hand its workers to `nobody`, who cannot write here: keep them as this user.
    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};" if os.geteuid() == 0 else ""
    workdir = Path(tempfile.mkdtemp(prefix="bga-nginx-"))
    process = None
    try:
        (workdir / "site.conf").write_text(site)
        (workdir / "nginx.conf").write_text(MAIN.format(user=user, dir=workdir))
        process = subprocess.Popen([binary, "-p", str(workdir), "-e", str(workdir / "error.log"),
                                    "-c", str(workdir / "nginx.conf"), "-g", "daemon off;"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _wait_for(port, process, workdir)
        yield port
    finally:
        if process is not None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(workdir, ignore_errors=True)


def _wait_for(port: int, process: subprocess.Popen, workdir: Path) -> None:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log = (workdir / "error.log").read_text(errors="replace") if (workdir / "error.log").exists() else ""
            # Installed but refusing to run: the shipped site is broken, which must not pass as a skip.
            pytest.fail(f"nginx did not start: {process.stderr.read().decode(errors='replace')[-300:]} {log[-300:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("nginx did not listen within 10 s")
