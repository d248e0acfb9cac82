"""Push: a table's event stream carries exactly what the notifications and chat routes give its caller,
as moves happen, and resumes from the last seq seen with no gap and no duplicate."""
from __future__ import annotations

import threading

import pytest
from werkzeug.serving import make_server

from framework.store import db
from tests.conftest import Api, make_app
from tests.sse import EventStream


@pytest.fixture
def live(tmp_path):
    """The app on a free loopback port (threaded, as `make run` serves it), and an Api on the same database."""
    app = make_app(f"sqlite:///{tmp_path / 'push.sqlite'}", EVENTS_HEARTBEAT_SECONDS=1)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    api = Api(app.test_client())
    streams: list[EventStream] = []

    def open_stream(who: str | None, table_id: int, query: str = "", **headers) -> EventStream:
        stream = EventStream(server.server_port, f"/api/tables/{table_id}/events{query}",
                             {**api.headers(who), **headers})
        streams.append(stream)
        return stream

    yield api, open_stream
    for stream in streams:
        stream.close()
    server.shutdown()
    thread.join(timeout=5)
    with app.app_context():
        db.engine.dispose()


def seated_table(api: Api) -> int:
    for name in ("anna", "ben", "eve"):
        api.register(name)
    return api.new_table("anna", joiners=["ben"], players=2)


def notifications(api: Api, table_id: int, who: str, after: int = 0) -> list[dict]:
    return api.get(f"/api/tables/{table_id}/notifications?after={after}", who).json["notifications"]


def until_move(stream: EventStream, move: int) -> list[dict]:
    """The notifications the stream gives up to its `state` event for `move` (the state comes last)."""
    found = []
    while True:
        event = stream.next()
        if event.kind == "notification":
            assert event.id == str(event.data["seq"])
            found.append(event.data)
        elif event.kind == "state" and event.data["move"] >= move:
            return found


def test_each_viewer_is_pushed_exactly_what_the_notifications_route_gives_them(live):
    api, open_stream = live
    table_id = seated_table(api)
    streams = {who: open_stream(who, table_id) for who in ("anna", "ben", "eve")}
    pushed = {who: until_move(stream, 0) for who, stream in streams.items()}
    api.act(table_id, "anna", "pickCharm", charm="amber")
    api.act(table_id, "ben", "pickCharm", charm="ruby")
    move = api.view(table_id, "anna")["table"]["move"]
    for who, stream in streams.items():
        pushed[who] += until_move(stream, move)
        assert pushed[who] == notifications(api, table_id, who)
    assert "amber" not in str(pushed["ben"]) and "amber" not in str(pushed["eve"])   # anna's private pick
    assert "amber" in str(pushed["anna"]) and "ruby" not in str(pushed["anna"])


def test_chat_is_pushed_as_the_chat_route_gives_it(live):
    api, open_stream = live
    table_id = seated_table(api)
    stream = open_stream("eve", table_id)
    stream.next("state")
    assert api.post(f"/api/tables/{table_id}/chat", "ben", json={"text": "good luck"}).status_code == 201
    message = stream.next("chat").data
    assert [message] == api.get(f"/api/tables/{table_id}/chat", "eve").json["messages"]
    later = open_stream("anna", table_id, f"?chat_after={message['id']}")
    later.next("state")
    api.post(f"/api/tables/{table_id}/chat", "anna", json={"text": "thanks"})
    assert later.next("chat").data["text"] == "thanks"   # not the message before chat_after


@pytest.mark.parametrize("resume", ["header", "query"])
def test_a_stream_resumes_after_the_last_seq_seen_with_no_gap_and_no_duplicate(live, resume):
    api, open_stream = live
    table_id = seated_table(api)
    api.act(table_id, "anna", "pickCharm", charm="amber")
    api.act(table_id, "ben", "pickCharm", charm="ruby")
    seen = notifications(api, table_id, "anna")
    middle = seen[len(seen) // 2]["seq"]
    stream = (open_stream("anna", table_id, "?after=0", **{"Last-Event-ID": str(middle)}) if resume == "header"
              else open_stream("anna", table_id, f"?after={middle}"))
    move = api.view(table_id, "anna")["table"]["move"]
    assert until_move(stream, move) == notifications(api, table_id, "anna", after=middle)
    card = api.view(table_id, "anna")["state"]["args"]["playable"][0]
    api.act(table_id, "anna", "playCard", card=card)
    assert until_move(stream, move + 1) == notifications(api, table_id, "anna", after=seen[-1]["seq"])


def test_a_seat_taken_is_pushed_as_a_state_change(live):
    api, open_stream = live
    for name in ("anna", "ben"):
        api.register(name)
    table_id = api.new_table("anna", players=2)
    stream = open_stream("anna", table_id)
    assert stream.next("state").data["seated"] == [[api.ids["anna"], False]]
    api.post(f"/api/tables/{table_id}/join", "ben")
    state = stream.next("state").data
    assert [seat for seat, _ in state["seated"]] == [api.ids["anna"], api.ids["ben"]]


def test_a_quiet_stream_sends_heartbeats_and_ends_after_its_lifetime(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'short.sqlite'}", EVENTS_STREAM_SECONDS=0.5, EVENTS_HEARTBEAT_SECONDS=0.1)
    api = Api(app.test_client())
    table_id = seated_table(api)
    body = api.get(f"/api/tables/{table_id}/events", "ben").get_data(as_text=True)   # returns once it ended
    assert body.count(": keep-alive\n\n") >= 2 and body.count("event: state\n") == 1


def test_a_private_table_has_no_stream_for_outsiders(live):
    api, open_stream = live
    for name in ("anna", "ben"):
        api.register(name)
    table_id = api.post("/api/tables", "anna", json={"game": "climb", "players": 2, "private": True}).json["id"]
    assert open_stream("ben", table_id).status == 404
    assert open_stream(None, table_id).status == 401
    assert open_stream("anna", table_id).status == 200


def events_in(chunk: bytes | str) -> list[str]:
    """The kinds of the events in one chunk the stream wrote, in order."""
    text = chunk.decode() if isinstance(chunk, bytes) else chunk
    return [line.removeprefix("event: ") for line in text.splitlines() if line.startswith("event: ")]


def test_notifications_are_followed_by_a_state_event_even_when_the_state_is_back_where_it_was(tmp_path):
    # The page shows pushed notifications with the view it reads after a state event: without one after
    # them they waited for the table's next change. A player who leaves and comes back between two of the
    # stream's reads leaves move, status and seats as they were.
    app = make_app(f"sqlite:///{tmp_path / 'back.sqlite'}", EVENTS_HEARTBEAT_SECONDS=0.2)
    api = Api(app.test_client())
    table_id = seated_table(api)
    api.act(table_id, "anna", "pickCharm", charm="amber")   # ben's turn: anna's zombie has nothing to play
    chunks = iter(api.get(f"/api/tables/{table_id}/events", "ben", buffered=False).response)
    assert events_in(next(chunks))[-1] == "state"           # the stream's first read, pulled here: it waits
    api.post(f"/api/tables/{table_id}/leave", "anna")
    api.post(f"/api/tables/{table_id}/return", "anna")
    pulled = next(chunks)                                    # both changes in one read
    assert events_in(pulled) == ["notification", "notification", "state"], pulled


def test_a_stream_far_behind_says_the_state_after_the_last_notification_only(tmp_path, monkeypatch):
    # Read in batches, the state (of the table now) must not come before the notifications of later batches:
    # the page would read a view newer than every notification it had, and wait.
    monkeypatch.setattr("framework.store.news.BATCH", 2)
    app = make_app(f"sqlite:///{tmp_path / 'behind.sqlite'}", EVENTS_STREAM_SECONDS=0.5, EVENTS_HEARTBEAT_SECONDS=0.1)
    api = Api(app.test_client())
    table_id = seated_table(api)
    api.act(table_id, "anna", "pickCharm", charm="amber")
    api.act(table_id, "ben", "pickCharm", charm="ruby")
    kinds = events_in(api.get(f"/api/tables/{table_id}/events", "ben").get_data(as_text=True))
    assert kinds.count("notification") == len(notifications(api, table_id, "ben")) > 2
    assert kinds[-1] == "state" and kinds.count("state") == 1, kinds
