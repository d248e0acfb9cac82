"""The production setup (README, "Deployment"): gunicorn as `make serve` runs it, behind nginx
with the shipped deploy/nginx.conf. Clients that send half a request and wait hold one of a gunicorn
worker's connections each, for as long as they like; through nginx they hold nothing of gunicorn's,
and everyone else is still answered at once."""
from __future__ import annotations

import http.client
import os
import runpy
import selectors
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from types import SimpleNamespace

import pytest

from tests.nginx import throwaway_nginx
from tests.sse import EventStream, call
from tools.servers import PUSH_WORKER_ARGS, ROOT, Gunicorn, free_port

SLOW_CLIENTS = 12  # twice what stopped `make serve`'s 2 workers x 2 threads, before nginx
# A request stopped before its blank line, and one whose body stops half-way.
HALF_REQUESTS = (
    b"GET /api/games HTTP/1.1\r\nHost: bga.test\r\nUser-Agent: slow\r\n",
    b'POST /api/login HTTP/1.1\r\nHost: bga.test\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{"na',
)


@pytest.fixture
def gunicorn(tmp_path):
    """The servers as `make serve` starts them: init-db, then the API's 2 workers (gunicorn.conf.py's
    threads) and the push process (gevent), on loopback. The API's port is `.port`, the push's `.push_port`."""
    url = f"sqlite:///{tmp_path / 'bga.sqlite'}"
    subprocess.run([sys.executable, "-m", "flask", "--app", "framework.web", "init-db"], cwd=ROOT, check=True,
                   capture_output=True, timeout=60, env={**os.environ, "BGA_SQLALCHEMY_DATABASE_URI": url})
    server = Gunicorn("framework.web:create_app()", url, workers=2)
    push = Gunicorn("framework.web:create_app()", url, workers=1, extra_args=PUSH_WORKER_ARGS)
    try:
        warm_up(server.port)
        yield SimpleNamespace(port=server.port, push_port=push.port, upstreams=[server.port, push.port])
    finally:
        push.stop()
        server.stop()


@contextmanager
def slow_clients(port: int, count: int = SLOW_CLIENTS):
    """`count` connections that each send half a request and then wait, held open while the block runs."""
    held: list[socket.socket] = []
    try:
        for i in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=2)
            sock.sendall(HALF_REQUESTS[i % len(HALF_REQUESTS)])
            held.append(sock)
        time.sleep(0.5)  # the server has taken them in and is waiting for the rest
        yield held
    finally:
        for sock in held:
            sock.close()


def timed_gets(port: int, count: int, timeout: float) -> list[float | None]:
    """Seconds each of `count` GET /api/games took, one after another; None for no good answer in `timeout`."""
    times: list[float | None] = []
    for _ in range(count):
        start = time.monotonic()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        try:
            conn.request("GET", "/api/games")
            response = conn.getresponse()
            body = response.read()
            ok = response.status == 200 and b'"games"' in body
            times.append(time.monotonic() - start if ok else None)
        except OSError:  # a timeout included
            times.append(None)
        finally:
            conn.close()
    return times


def warm_up(port: int) -> None:
    """Five quick answers in a row: a worker's first answer takes seconds (it imports and boots the app)."""
    deadline, quick = time.monotonic() + 60, 0
    while quick < 5:
        assert time.monotonic() < deadline, "gunicorn did not answer quickly within 60 s"
        took = timed_gets(port, 1, timeout=30)[0]
        quick = quick + 1 if took is not None and took < 0.5 else 0


def p95(times: list[float]) -> float:
    return sorted(times)[max(0, round(0.95 * len(times)) - 1)]


@pytest.mark.slow
def test_through_nginx_slow_clients_do_not_stop_the_server(gunicorn):
    with throwaway_nginx(gunicorn.upstreams) as port, slow_clients(port):
        times = timed_gets(port, 20, timeout=2)
    answered = [t for t in times if t is not None]
    print(f"\nthrough nginx, {SLOW_CLIENTS} slow clients held: {len(answered)}/20 answered, "
          f"p95 {p95(answered) * 1000:.0f} ms, slowest {max(answered) * 1000:.0f} ms" if answered else "none answered")
    assert len(answered) == 20, f"{20 - len(answered)} of 20 requests got no answer within 2 s"


@pytest.mark.slow
def test_through_nginx_event_streams_go_to_the_push_process_and_moves_to_the_api(gunicorn, tmp_path):
    log = tmp_path / "access.log"
    with throwaway_nginx(gunicorn.upstreams, access_log=log) as port:
        tokens = [call(port, "POST", "/api/users", body={"name": f"deploy{n}", "password": "correct horse battery"})
                  ["token"] for n in range(2)]
        table_id = call(port, "POST", "/api/tables", tokens[0], {"game": "zhubu_shengji"})["id"]
        call(port, "POST", f"/api/tables/{table_id}/join", tokens[1])
        stream = EventStream(port, f"/api/tables/{table_id}/events", {"Authorization": f"Bearer {tokens[1]}"})
        try:
            assert stream.status == 200
            assert stream.next("state").data["status"] == "playing"
        finally:
            stream.close()
    served = {}
    for line in log.read_text().splitlines():  # "$upstream_addr $upstream_status $status $request_method"
        upstream, _, status, method = line.split()[:4]
        served.setdefault(int(upstream.rsplit(":", 1)[1]), []).append(method)
    assert served[gunicorn.push_port] == ["GET"]  # the stream, and nothing else
    assert served[gunicorn.port].count("POST") == 4


@pytest.mark.slow
def test_nginx_refuses_bodies_the_app_would_refuse_without_passing_them_on(gunicorn):
    limit = 64 * 1024  # the app's MAX_CONTENT_LENGTH
    with throwaway_nginx(gunicorn.upstreams) as port:
        for size, refused_by_nginx in ((limit, False), (limit + 1, True)):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            try:
                conn.request("POST", "/api/login", body=b" " * size, headers={"Content-Type": "application/json"})
                response = conn.getresponse()
                body = response.read()
            finally:
                conn.close()
            assert (response.status == 413 and b"nginx" in body) is refused_by_nginx, (size, response.status)


@pytest.mark.slow
def test_without_nginx_slow_clients_stop_gunicorn(tmp_path):
    """What the proxy is for: straight at gunicorn each slow client holds one of a worker's connections
    (gunicorn's worker_connections, 1,000 by default: a few thousand stop `make serve`). Here the workers
    take 4 each, and the same 12 clients take them all: nobody else is answered."""
    url = f"sqlite:///{tmp_path / 'direct.sqlite'}"
    subprocess.run([sys.executable, "-m", "flask", "--app", "framework.web", "init-db"], cwd=ROOT, check=True,
                   capture_output=True, timeout=60, env={**os.environ, "BGA_SQLALCHEMY_DATABASE_URI": url})
    server = Gunicorn("framework.web:create_app()", url, workers=2,
                      extra_args=("--worker-connections", str(SLOW_CLIENTS // 3)))
    try:
        warm_up(server.port)
        with slow_clients(server.port):
            times = timed_gets(server.port, 10, timeout=1)
    finally:
        server.stop()
    unanswered = sum(t is None for t in times)
    print(f"\nstraight to gunicorn, {SLOW_CLIENTS} slow clients held: {unanswered}/10 got no answer within 1 s")
    assert unanswered >= 1


@pytest.mark.slow
def test_make_serve_says_it_is_not_for_the_internet_and_serves(tmp_path):
    venv = sys.prefix  # this virtualenv, kept as it is (-o: not reinstalled on account of pyproject.toml)
    port = free_port()
    env = {**os.environ, "BGA_SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'bga.sqlite'}"}
    make = subprocess.Popen(["make", "--no-print-directory", "-o", f"{venv}/.installed", "serve", f"VENV={venv}",
                             f"PORT={port}"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)  # its own process group: make, flask and gunicorn stop together
    try:
        printed = read_until(make, b"Not meant to face the internet", seconds=60)
        assert b"Not meant to face the internet directly" in printed and b"deploy/nginx.conf" in printed
        warm_up(port)
    finally:
        os.killpg(make.pid, signal.SIGTERM)
        try:
            make.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(make.pid, signal.SIGKILL)
            make.wait()


def read_until(process: subprocess.Popen, marker: bytes, seconds: float) -> bytes:
    """What `process` printed until a line with `marker` (or it exited, or `seconds` passed)."""
    out, deadline = b"", time.monotonic() + seconds
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while marker not in out and time.monotonic() < deadline:
            if selector.select(timeout=max(0.0, deadline - time.monotonic())):
                line = process.stdout.readline()
                if not line:
                    break
                out += line
    return out


def gunicorn_hook_warnings(*addresses) -> list[str]:
    """What gunicorn.conf.py's when_ready logs for a server bound to `addresses` (as gunicorn parses them)."""
    warnings: list[str] = []
    log = SimpleNamespace(warning=lambda message, *args: warnings.append(message % args))
    hooks = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    hooks["when_ready"](SimpleNamespace(cfg=SimpleNamespace(address=list(addresses)), log=log))
    return warnings


def test_gunicorn_logs_a_warning_when_bound_where_the_internet_reaches_it():
    assert gunicorn_hook_warnings(("127.0.0.1", 5000), ("::1", 5000), "/run/bga.sock") == []
    (warning,) = gunicorn_hook_warnings(("127.0.0.1", 5000), ("0.0.0.0", 8000), ("::", 8000))
    assert "0.0.0.0:8000, :::8000" in warning and "not meant to face the internet directly" in warning
    assert "deploy/nginx.conf" in warning


@pytest.mark.slow
def test_through_nginx_answers_carry_hsts_and_no_version_and_other_digits_name_no_table(gunicorn):
    """deploy/nginx.conf: every answer (nginx's own refusals too) says Strict-Transport-Security and a Server
    without its version; a table id in Arabic-Indic digits misses nginx's [0-9]+ locations, and the app's 404
    (no route has it: before any check of the token) meets it."""
    with throwaway_nginx(gunicorn.upstreams) as port:
        for method, path, body, status in (("GET", "/api/games", None, 200),
                                           ("POST", "/api/login", b" " * (64 * 1024 + 1), 413),
                                           ("GET", "/api/tables/%D9%A3/events", None, 404)):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            try:
                conn.request(method, path, body=body, headers={"Content-Type": "application/json"})
                response = conn.getresponse()
                response.read()
            finally:
                conn.close()
            assert response.status == status, (path, response.status)
            assert response.getheader("Strict-Transport-Security") == "max-age=31536000", path
            assert response.getheader("Server") == "nginx", (path, response.getheader("Server"))
