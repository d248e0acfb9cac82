"""Push across processes: a stream served by one gunicorn worker sees the moves and chat committed through
another, on SQLite (the listener's PRAGMA data_version) and on PostgreSQL (LISTEN/NOTIFY at commit).

Two servers of one worker each on one database, so the stream and the moves are sure to be served by
different processes (gunicorn's own workers share a socket: which one answers is the kernel's choice)."""
from __future__ import annotations

import json

import pytest

from tests.sse import EventStream, call
from tools.servers import Gunicorn
from tools.soak import SERVER_ENV, prepare


def pushed_until_move(stream: EventStream, move: int) -> list[dict]:
    found = []
    while True:
        event = stream.next()
        if event.kind == "notification":
            found.append(event.data)
        elif event.kind == "state" and event.data["move"] >= move:
            return found


def check_push_across_processes(url: str):
    table = prepare(url, 1, 1, 2)[0][0]
    (first, first_token), (_, second_token) = table["players"]
    watching, acting = (Gunicorn("framework.web:create_app()", url, 1, SERVER_ENV) for _ in range(2))
    stream = None
    try:
        path = f"/api/tables/{table['id']}"
        stream = EventStream(watching.port, f"{path}/events", {"Authorization": f"Bearer {second_token}"})
        assert stream.status == 200
        pushed = pushed_until_move(stream, 0)
        answer = call(acting.port, "POST", f"{path}/actions/pickCharm", first_token, {"charm": "amber"})
        pushed += pushed_until_move(stream, answer["move"])
        assert pushed == call(watching.port, "GET", f"{path}/notifications", second_token)["notifications"]
        assert "amber" not in json.dumps(pushed)    # the other player's private pick
        said = call(acting.port, "POST", f"{path}/chat", first_token, {"text": "from the other process"})
        assert stream.next("chat").data["id"] == said["id"]
    finally:
        if stream:
            stream.close()
        watching.stop()
        acting.stop()


@pytest.mark.slow
def test_push_across_processes_on_sqlite(tmp_path):
    check_push_across_processes(f"sqlite:///{tmp_path / 'across.sqlite'}")


@pytest.mark.slow
@pytest.mark.postgres
def test_push_across_processes_on_postgresql(pg_database):
    check_push_across_processes(pg_database)
