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
worker_shutdown_timeout 10s;
events {{ worker_connections 4096; }}
http {{
    log_format upstreams '$upstream_addr $upstream_status $status $request_method';
    access_log {access_log};
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


def site_for_test(port: int, upstream_port: int | list[int], site: Path = SITE) -> str:
    """A shipped site as it is, but listening on `port` and proxying to gunicorn on `upstream_port`
    (several ports: the upstream's server lines in order, each keeping its parameters)."""
    ports = [upstream_port] if isinstance(upstream_port, int) else list(upstream_port)
    text = site.read_text()
    text, listens = re.subn(r"listen 80;", f"listen 127.0.0.1:{port};", text, count=1)
    numbered = iter(ports)
    text, upstreams = re.subn(r"(?m)^(\s*server) [\w.-]+:\d+", lambda m: f"{m[1]} 127.0.0.1:{next(numbered)}", text)
    assert listens == 1 and upstreams == len(ports), \
        f"{site.name} no longer has `listen 80;` and {len(ports)} upstream server line(s)"
    return text


def main_config(workdir: Path, access_log: Path | None = None) -> str:
    # As root nginx would hand its workers to `nobody`, who cannot write here: keep them as this user.
    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};" if os.geteuid() == 0 else ""
    # The log, when asked for, says which upstream answered each request (and what each tried said).
    log = f"{access_log} upstreams" if access_log else "off"
    return MAIN.format(user=user, dir=workdir, access_log=log)


def config_test(site: str) -> subprocess.CompletedProcess:
    """`nginx -t` on `site` wrapped as the distribution would, in a temporary prefix."""
    binary = nginx_binary()
    if binary is None:
        unavailable("nginx is not installed")
    workdir = Path(tempfile.mkdtemp(prefix="bga-nginx-t-"))
    try:
        (workdir / "site.conf").write_text(site)
        (workdir / "nginx.conf").write_text(main_config(workdir))
        return subprocess.run([binary, "-t", "-p", str(workdir), "-e", str(workdir / "error.log"),
                               "-c", str(workdir / "nginx.conf")], capture_output=True, text=True, timeout=30)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


@contextmanager
def throwaway_nginx(upstream_port: int | list[int], site: Path = SITE, access_log: Path | None = None):
    """Yield the port of an nginx in front of 127.0.0.1:`upstream_port` (or several); stop it and delete its
    files after, but for `access_log` if given."""
    with running_nginx(upstream_port, site, access_log) as nginx:
        yield nginx.port


class RunningNginx:
    """A started throwaway nginx: its port, its site as written, and a graceful reload with another site."""

    def __init__(self, port: int, site: str, workdir: Path, process: subprocess.Popen):
        self.port, self.site, self.workdir, self.process = port, site, workdir, process

    def reload(self, site: str, timeout: float = 15) -> None:
        """Serve `site` from now on (SIGHUP): returns once the old worker has finished its requests and gone."""
        old = self._workers()
        (self.workdir / "site.conf").write_text(site)
        self.process.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            workers = self._workers()
            if workers and not workers & old:
                return
            time.sleep(0.05)
        raise RuntimeError(f"nginx did not reload within {timeout} s")

    def _workers(self) -> set[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return {int(pid) for pid in children.read_text().split()} if children.exists() else set()


@contextmanager
def running_nginx(upstream_port: int | list[int], site: Path = SITE, access_log: Path | None = None):
    """As throwaway_nginx, but yield the RunningNginx, to reload it with another site."""
    binary = nginx_binary()
    if binary is None:
        unavailable("nginx is not installed")
    port = free_port()
    text = site_for_test(port, upstream_port, site)
    workdir = Path(tempfile.mkdtemp(prefix="bga-nginx-"))
    process = None
    try:
        (workdir / "site.conf").write_text(text)
        (workdir / "nginx.conf").write_text(main_config(workdir, access_log))
        process = subprocess.Popen([binary, "-p", str(workdir), "-e", str(workdir / "error.log"),
                                    "-c", str(workdir / "nginx.conf"), "-g", "daemon off;"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _wait_for(port, process, workdir)
        yield RunningNginx(port, text, workdir, process)
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
