"""Floods (issue 28, finding 6): tables and chat lines per account are limited (429 with Retry-After,
counted in the database for every worker and host), a player may mute another's chat, and spectators
read a seated table's chat but post only where its creator allowed it."""
from datetime import datetime, timedelta

import pytest

from framework.store import mutes
from tests.conftest import Api, make_app

START = datetime(2027, 1, 4, 12, 0)


@pytest.fixture
def timed(tmp_path):
    """An app with the default limits on a clock the test moves: (api, now), `now[0] += timedelta(...)`."""
    now = [START]
    app = make_app(f"sqlite:///{tmp_path / 'floods.sqlite'}", CLOCK=lambda: now[0], EVENTS_STREAM_SECONDS=0)
    return Api(app.test_client()), now


def say(api, table_id, who, text="hello"):
    return api.post(f"/api/tables/{table_id}/chat", who, json={"text": text})


def retry_after(answer) -> int:
    assert answer.status_code == 429 and answer.json["error"]["code"] == "too_many_attempts", answer.json
    return int(answer.headers["Retry-After"])


def test_a_flood_of_210_tables_is_cut_at_ten_and_the_victims_table_stays_in_the_lobby(timed):
    api, now = timed
    for name in ("mallory", "vera"):
        api.register(name)
    victim = api.new_table("vera", players=2)
    answers = [api.post("/api/tables", "mallory", json={"game": "climb", "players": 2}) for _ in range(210)]
    assert [a.status_code for a in answers].count(201) == 10
    assert {retry_after(a) for a in answers[10:]} == {600}  # the clock stood still: the whole window
    assert "too many tables" in answers[-1].json["error"]["message"]
    lobby = api.get("/api/tables", "vera").json["tables"]
    assert victim in [t["id"] for t in lobby] and len(lobby) == 11
    assert api.post("/api/tables", "vera", json={"game": "climb", "players": 2}).status_code == 201  # per account
    now[0] += timedelta(seconds=599)
    assert retry_after(api.post("/api/tables", "mallory", json={"game": "climb", "players": 2})) == 1
    now[0] += timedelta(seconds=1)
    assert api.post("/api/tables", "mallory", json={"game": "climb", "players": 2}).status_code == 201


def test_a_flood_of_300_chat_lines_is_cut_at_ten_then_at_the_daily_cap(tmp_path):
    now = [START]
    api = Api(make_app(f"sqlite:///{tmp_path / 'chat.sqlite'}", CLOCK=lambda: now[0],
                       CHAT_LINES_PER_DAY=30).test_client())
    for name in ("anna", "ben", "mallory"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=2, spectator_chat=True)
    answers = [say(api, table_id, "mallory", "x" * 500) for _ in range(300)]
    assert [a.status_code for a in answers].count(201) == 10
    assert {retry_after(a) for a in answers[10:]} == {10}
    assert say(api, table_id, "anna").status_code == 201   # the players still talk
    for _ in range(2):  # 10 more lines every 10 s, up to the day's 30
        now[0] += timedelta(seconds=10)
        assert [say(api, table_id, "mallory").status_code for _ in range(11)] == [201] * 10 + [429]
    now[0] += timedelta(seconds=10)
    assert retry_after(say(api, table_id, "mallory")) == 86400 - 30
    lines = api.get(f"/api/tables/{table_id}/chat", "anna").json["messages"]
    assert [m["name"] for m in lines].count("mallory") == 30


def test_a_normal_player_never_meets_the_limits(timed):
    """Three tables in a row, a burst of greetings, then a line every few seconds for half an hour."""
    api, now = timed
    for name in ("anna", "ben"):
        api.register(name)
    tables = [api.new_table("anna", players=2) for _ in range(3)]
    assert api.post(f"/api/tables/{tables[0]}/join", "ben").status_code == 200
    for text in ("hi", "good luck", "have fun", "ready?", "go"):
        assert say(api, tables[0], "anna", text).status_code == 201
    for second in range(0, 1800, 4):
        now[0] = START + timedelta(seconds=10 + second)
        assert say(api, tables[0], "anna").status_code == 201, second
        assert say(api, tables[0], "ben").status_code == 201, second


def test_the_limits_hold_across_workers(tmp_path):
    """Two apps (two workers, or two hosts) on one database count the same lines."""
    uri = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    first, second = Api(make_app(uri).test_client()), Api(make_app(uri).test_client())
    for name in ("anna", "ben"):
        first.register(name)
    second.tokens, second.ids = first.tokens, first.ids
    table_id = first.new_table("anna", joiners=["ben"], players=2)
    codes = [(first if n % 2 else second).post(f"/api/tables/{table_id}/chat", "ben", json={"text": "x"}).status_code
             for n in range(14)]
    assert codes == [201] * 10 + [429] * 4


def test_a_muted_accounts_lines_are_hidden_from_the_muter_only(timed):
    api, _ = timed
    for name in ("anna", "ben", "mallory"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=2, spectator_chat=True)
    assert say(api, table_id, "mallory", "spam").status_code == 201
    assert say(api, table_id, "ben", "hi anna").status_code == 201
    muted = api.client.put(f"/api/me/mutes/{api.ids['mallory']}", headers=api.headers("anna"))
    assert muted.status_code == 200 and [(m["id"], m["name"]) for m in muted.json["mutes"]] == \
        [(api.ids["mallory"], "mallory")]
    assert say(api, table_id, "mallory", "more spam").status_code == 201  # mallory is not told
    chat = lambda who: [m["text"] for m in api.get(f"/api/tables/{table_id}/chat", who).json["messages"]]  # noqa
    stream = lambda who: api.get(f"/api/tables/{table_id}/events?chat_after=0", who).get_data(as_text=True)  # noqa
    assert chat("anna") == ["hi anna"] and chat("ben") == ["spam", "hi anna", "more spam"]
    assert "spam" not in stream("anna") and "hi anna" in stream("anna") and "more spam" in stream("ben")
    assert api.get("/api/me/mutes", "anna").json["mutes"][0]["name"] == "mallory"
    assert api.client.put(f"/api/me/mutes/{api.ids['mallory']}", headers=api.headers("anna")).status_code == 200
    assert len(api.get("/api/me/mutes", "anna").json["mutes"]) == 1  # muting twice changes nothing
    unmuted = api.client.delete(f"/api/me/mutes/{api.ids['mallory']}", headers=api.headers("anna"))
    assert unmuted.status_code == 200 and unmuted.json["mutes"] == []
    assert chat("anna") == ["spam", "hi anna", "more spam"]


def test_a_stream_open_before_the_mute_leaves_out_the_next_lines(tmp_path):
    """The stream reads the mutes when it has lines to send: a mute holds from the next line on."""
    api = Api(make_app(f"sqlite:///{tmp_path / 'live.sqlite'}", EVENTS_STREAM_SECONDS=0).test_client())
    for name in ("anna", "ben"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    assert say(api, table_id, "ben", "first").status_code == 201
    assert "first" in api.get(f"/api/tables/{table_id}/events?chat_after=0", "anna").get_data(as_text=True)
    api.client.put(f"/api/me/mutes/{api.ids['ben']}", headers=api.headers("anna"))
    assert say(api, table_id, "ben", "second").status_code == 201
    pushed = api.get(f"/api/tables/{table_id}/events?chat_after=0", "anna").get_data(as_text=True)
    assert "first" not in pushed and "second" not in pushed


def test_mutes_are_bounded_and_name_someone_else_who_exists(api, monkeypatch):
    monkeypatch.setattr(mutes, "MAX_MUTES", 2)
    for name in ("anna", "b1", "b2", "b3"):
        api.register(name)
    put = lambda who, target: api.client.put(f"/api/me/mutes/{target}", headers=api.headers(who))  # noqa: E731
    assert put("anna", api.ids["b1"]).status_code == 200 and put("anna", api.ids["b2"]).status_code == 200
    full = put("anna", api.ids["b3"])
    assert full.status_code == 409 and "unmute one first" in full.json["error"]["message"]
    assert put("anna", api.ids["anna"]).status_code == 409
    assert put("anna", 4242).status_code == 404
    assert [m["name"] for m in api.get("/api/me/mutes", "anna").json["mutes"]] == ["b1", "b2"]


def test_spectators_read_but_post_only_where_the_creator_allowed_it(api):
    for name in ("anna", "ben", "eve"):
        api.register(name)
    closed = api.new_table("anna", joiners=["ben"], players=2)
    refused = say(api, closed, "eve")
    assert refused.status_code == 403 and refused.json["error"]["code"] == "spectator_chat_off"
    assert "Only the players may post" in refused.json["error"]["message"]
    assert say(api, closed, "ben").status_code == 201
    assert [m["text"] for m in api.get(f"/api/tables/{closed}/chat", "eve").json["messages"]] == ["hello"]
    opened = api.post("/api/tables", "anna", json={"game": "climb", "players": 2, "spectator_chat": True})
    assert opened.status_code == 201 and opened.json["spectator_chat"] is True
    assert api.view(closed, "eve")["table"]["spectator_chat"] is False
    assert say(api, opened.json["id"], "eve").status_code == 201
