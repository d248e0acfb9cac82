"""A process serving a thread per request bounds its event streams, so open pages never take every
thread from the moves: past `EVENTS_MAX_STREAMS` a page is answered 503 and polls instead, and a slot
frees when its stream ends. gunicorn.conf.py sets the bound for its gthread worker (`make serve`);
the push process (gevent) has none."""
from __future__ import annotations

import http.client
import threading
import time

import pytest
from werkzeug.serving import make_server

from framework.store import db
from tests.conftest import Api, make_app
from tests.sse import EventStream
from tools.servers import PUSH_WORKER_ARGS, Gunicorn
from tools.soak import SERVER_ENV, prepare


def table_with_players(api: Api) -> int:
    for name in ("anna", "ben"):
        api.register(name)
    return api.new_table("anna", joiners=["ben"], players=2)


def open_until(port: int, path: str, headers: dict, seconds: float) -> EventStream:
    """A stream opened as soon as the server has a slot for it again (a page's retry, done quickly)."""
    deadline = time.monotonic() + seconds
    while True:
        stream = EventStream(port, path, headers)
        if stream.status == 200 or time.monotonic() > deadline:
            return stream
        stream.close()
        time.sleep(0.1)


def test_past_the_bound_a_page_is_told_to_poll_and_a_closed_stream_frees_its_slot(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'slots.sqlite'}", EVENTS_MAX_STREAMS=1, EVENTS_HEARTBEAT_SECONDS=0.2)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    api = Api(app.test_client())
    table_id = table_with_players(api)
    path, headers = f"/api/tables/{table_id}/events", api.headers("ben")
    try:
        first = EventStream(server.server_port, path, headers)
        assert first.status == 200 and first.next("state")
        refused = EventStream(server.server_port, path, headers)
        assert refused.status == 503
        assert refused.response.getheader("Retry-After") == "30"
        assert b'"streams_full"' in refused.response.read()
        refused.close()
        assert api.view(table_id, "ben")["table"]["id"] == table_id  # other requests are answered meanwhile
        first.close()  # the server learns it at the next heartbeat it writes
        again = open_until(server.server_port, path, headers, seconds=5)
        assert again.status == 200
        again.close()
    finally:
        server.shutdown()
        with app.app_context():
            db.engine.dispose()


@pytest.mark.slow
@pytest.mark.parametrize("worker_args, bounded", [((), True), (PUSH_WORKER_ARGS, False)], ids=["gthread", "push"])
def test_make_serves_threads_keep_room_for_moves_and_the_push_process_has_no_bound(tmp_path, worker_args, bounded):
    """gunicorn as `make serve` runs it (1 worker of 4 threads): 2 streams, then 503; a GET is answered at
    once with both held. The push process's gevent worker holds 20 and more (the bounds per account and
    table, counted in the database, raised for this one player)."""
    url = f"sqlite:///{tmp_path / 'serve.sqlite'}"
    table = prepare(url, 1, 1, 2)[0][0]
    env = {**SERVER_ENV, "BGA_EVENTS_STREAMS_PER_ACCOUNT": "20", "BGA_EVENTS_STREAMS_PER_TABLE": "20"}
    server = Gunicorn("framework.web:create_app()", url, 1, env, extra_args=worker_args)
    path = f"/api/tables/{table['id']}/events"
    headers = {"Authorization": f"Bearer {table['players'][0][1]}"}
    streams = []
    try:
        for _ in range(20 if not bounded else 3):
            streams.append(EventStream(server.port, path, headers))
        statuses = [s.status for s in streams]
        assert statuses == ([200, 200, 503] if bounded else [200] * 20)
        started = time.monotonic()
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        conn.request("GET", f"/api/tables/{table['id']}", headers=headers)
        assert conn.getresponse().status == 200
        assert time.monotonic() - started < 2
        conn.close()
    finally:
        for stream in streams:
            stream.close()
        server.stop()
