"""One account must not hold the site's connections with idle event streams: streams are bounded per
account (fewer on tables it only watches), per table and per client address, counted in the database for
every process and host. Past a bound the answer is 429 with Retry-After (the page polls meanwhile); a closed
stream frees its slot at once, a dead one when its lease expires. A stream whose session is logged out,
revoked or ended by a password change sends nothing more and ends."""
from __future__ import annotations

import json
import threading
import time

import pytest
from werkzeug.serving import make_server

from framework.store import db
from framework.store.streams import StreamBounds, take_lease
from tests.conftest import Api, make_app
from tests.sse import EventStream

HEARTBEAT = 0.2  # a lease lasts four heartbeats, at least a second


class Served:
    """An app on a free loopback port (threaded, as `make run` serves it)."""

    def __init__(self, url: str, **config):
        self.app = make_app(url, **{"EVENTS_HEARTBEAT_SECONDS": HEARTBEAT, **config})
        self.server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.streams: list[EventStream] = []

    def open(self, token: str, table_id: int) -> EventStream:
        stream = EventStream(self.server.server_port, f"/api/tables/{table_id}/events",
                             {"Authorization": f"Bearer {token}"})
        self.streams.append(stream)
        return stream

    def stop(self) -> None:
        for stream in self.streams:
            stream.close()
        self.server.shutdown()
        self.thread.join(timeout=5)
        with self.app.app_context():
            db.engine.dispose()


@pytest.fixture
def served(tmp_path):
    made: list[Served] = []

    def serve(**config) -> tuple[Served, Api]:
        one = Served(f"sqlite:///{tmp_path / 'bounds.sqlite'}", **config)
        made.append(one)
        return one, Api(one.app.test_client())

    yield serve
    for one in made:
        one.stop()


def players(api: Api, *names: str) -> None:
    for name in names:
        api.register(name)


def table_of_anna_and_ben(api: Api) -> int:
    return api.new_table("anna", joiners=["ben"], players=2)


def refused(stream: EventStream, says: str) -> None:
    """A 429 the page can read: JSON with its code and why, and when to try again."""
    assert stream.status == 429
    assert int(stream.response.getheader("Retry-After")) >= 1
    error = json.loads(stream.response.read())["error"]
    assert error["code"] == "too_many_streams" and says in error["message"], error
    stream.close()


def open_until(served: Served, token: str, table_id: int, seconds: float) -> EventStream:
    deadline = time.monotonic() + seconds
    while True:
        stream = served.open(token, table_id)
        if stream.status == 200 or time.monotonic() > deadline:
            return stream
        stream.close()
        time.sleep(0.1)


def test_a_spectator_gets_two_streams_on_a_table_a_player_four_and_a_closed_one_frees_its_slot(served):
    server, api = served()
    players(api, "anna", "ben", "eve")
    table_id = table_of_anna_and_ben(api)
    watching = [server.open(api.tokens["eve"], table_id) for _ in range(2)]
    assert [s.status for s in watching] == [200, 200] and watching[0].next("state")
    refused(server.open(api.tokens["eve"], table_id), "at most 2 on a table you watch")
    playing = [server.open(api.tokens["ben"], table_id) for _ in range(4)]
    assert [s.status for s in playing] == [200] * 4
    refused(server.open(api.tokens["ben"], table_id), "at most 4 where you play")
    assert api.view(table_id, "eve")["table"]["id"] == table_id  # everything else is answered meanwhile
    assert api.get(f"/api/tables/{table_id}/notifications", "eve").status_code == 200
    watching[0].close()  # the server learns it at the next heartbeat it writes, and deletes the lease
    assert open_until(server, api.tokens["eve"], table_id, seconds=5).status == 200


def test_watching_is_bounded_over_every_table_and_playing_is_not_held_back_by_it(served):
    server, api = served()
    players(api, "anna", "ben", "eve")
    tables = [api.new_table("anna", joiners=["ben"], players=2) for _ in range(3)]
    own = api.new_table("eve", players=2)
    assert [server.open(api.tokens["eve"], t).status for t in tables[:2] for _ in range(2)] == [200] * 4
    refused(server.open(api.tokens["eve"], tables[2]), "on tables you watch (at most 4)")
    assert server.open(api.tokens["eve"], own).status == 200  # her own table: she plays there


def test_the_bounds_hold_over_every_process_and_a_dead_streams_slot_frees_when_its_lease_expires(served):
    first, api = served(EVENTS_STREAMS_PER_ADDRESS=3)
    second, _ = served(EVENTS_STREAMS_PER_ADDRESS=3)  # another process on the same database
    players(api, "anna", "ben", "eve", "zoe")
    table_id = table_of_anna_and_ben(api)
    assert first.open(api.tokens["eve"], table_id).status == 200
    assert second.open(api.tokens["eve"], table_id).status == 200
    refused(first.open(api.tokens["eve"], table_id), "at most 2 on a table you watch")
    refused(second.open(api.tokens["eve"], table_id), "at most 2 on a table you watch")
    assert second.open(api.tokens["zoe"], table_id).status == 200  # the address's third
    refused(first.open(api.tokens["anna"], table_id), "Your address holds 3 event streams (at most 3)")
    # A process that died with its streams open never deletes their leases: they expire.
    with first.app.app_context():
        bounds = StreamBounds(12, 4, 4, 2, 60, lease_seconds=1.0)
        assert isinstance(take_lease(api.ids["ben"], "198.51.100.7", table_id, True, bounds), int)
        assert isinstance(take_lease(api.ids["ben"], "198.51.100.7", table_id, True, bounds), int)
    capped = served(EVENTS_STREAMS_PER_TABLE=2)[0]
    refused(capped.open(api.tokens["ben"], table_id), "at most 2 where you play")
    started = time.monotonic()
    assert open_until(capped, api.tokens["ben"], table_id, seconds=5).status == 200
    assert time.monotonic() - started < 3


@pytest.mark.parametrize("revoked_by", ["logout", "log out everywhere", "password change"])
def test_a_revoked_session_ends_its_stream_and_it_delivers_nothing_more(served, revoked_by):
    server, api = served()
    players(api, "anna", "ben")
    table_id = table_of_anna_and_ben(api)
    stolen = api.tokens["ben"]
    again = api.post("/api/login", json={"name": "ben", "password": "secret-pass"}).json["token"]
    stream = server.open(stolen, table_id)
    assert stream.status == 200 and stream.next("state")
    if revoked_by == "logout":
        assert api.post("/api/logout", "ben").status_code == 200
    api.tokens["ben"] = again  # the owner's own session
    if revoked_by == "log out everywhere":
        assert api.client.delete("/api/me/sessions", headers=api.headers("ben")).status_code == 200
        again = api.post("/api/login", json={"name": "ben", "password": "secret-pass"}).json["token"]
        api.tokens["ben"] = again
    elif revoked_by == "password change":
        changed = api.post("/api/me/password", "ben",
                           json={"current_password": "secret-pass", "new_password": "n3w-pass!"})
        assert changed.status_code == 200 and changed.json["revoked"] == 1
    # The owner's private news, and a chat line.
    assert api.act(table_id, "ben", "pickCharm", charm="ruby").status_code == 200
    assert api.post(f"/api/tables/{table_id}/chat", "anna", json={"text": "for ben's eyes"}).status_code == 201
    assert any("ruby" in str(n) for n in api.get(f"/api/tables/{table_id}/notifications", "ben")
               .json["notifications"])
    leaked = stream.taken(timeout=3 * HEARTBEAT + 1)
    assert not [event for event in leaked if event.kind in ("notification", "chat")], leaked
    stream.thread.join(5)
    assert not stream.thread.is_alive() and stream.taken(timeout=0.1) == []  # it ended, with nothing more
    assert server.open(stolen, table_id).status == 401


def test_a_sleeping_stream_holds_no_pooled_database_connection(served):
    server, api = served()
    players(api, "anna", "ben", "eve")
    table_id = table_of_anna_and_ben(api)
    streams = [server.open(api.tokens[who], table_id) for who in ("anna", "ben", "eve")]
    for stream in streams:
        stream.next("state")
    api.act(table_id, "anna", "pickCharm", charm="amber")  # a wake: each stream reads, then sleeps again
    for stream in streams:
        stream.next("state")
    # Over a few heartbeats (the session checked, the lease renewed), looked at every 10 ms: a stream holding
    # its connection while it sleeps would show in every look; one reading for a moment, in a few.
    looks = []
    with server.app.app_context():
        for _ in range(100):
            looks.append(db.engine.pool.checkedout())
            time.sleep(0.01)
    assert looks.count(0) >= 75, looks


def test_an_open_stream_renews_its_lease_so_it_keeps_counting_past_the_leases_life(served):
    server, api = served(EVENTS_HEARTBEAT_SECONDS=0.5)  # a lease of 2 s, renewed every 2/3 s: room on a busy machine
    players(api, "anna", "ben", "eve")
    table_id = table_of_anna_and_ben(api)
    held = [server.open(api.tokens["eve"], table_id) for _ in range(2)]
    assert [s.status for s in held] == [200, 200]
    time.sleep(5)  # two and a half lives of a lease: only renewals keep them
    refused(server.open(api.tokens["eve"], table_id), "at most 2 on a table you watch")
    assert all(stream.thread.is_alive() for stream in held)  # and the streams still run


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'race.sqlite'}"
    return request.getfixturevalue("pg_database")


def test_opens_at_the_same_moment_on_two_processes_grant_no_more_than_the_bound(database):
    """Ten opens at once by one spectator, half on each process: two are granted (the account's row is
    locked while its streams are counted on PostgreSQL; SQLite writes one at a time)."""
    servers = [Served(database), Served(database)]
    try:
        api = Api(servers[0].app.test_client())
        players(api, "anna", "ben", "eve")
        table_id = table_of_anna_and_ben(api)
        statuses, start = [], threading.Barrier(10)

        def open_one(server: Served) -> None:
            start.wait()
            statuses.append(server.open(api.tokens["eve"], table_id).status)

        threads = [threading.Thread(target=open_one, args=(servers[n % 2],)) for n in range(10)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sorted(statuses) == [200, 200] + [429] * 8, statuses
    finally:
        for server in servers:
            server.stop()
