"""Private tables joined by invitation code, seats reserved for named users, and table chat."""
import threading

import pytest
from sqlalchemy import create_engine, text

from framework.store import db
from tests.conftest import Api, make_app


def test_private_table_is_not_in_the_lobby_and_needs_its_code(api):
    for name in ("anna", "ben", "cleo"):
        api.register(name)
    created = api.post("/api/tables", "anna", json={"game": "climb", "players": 3, "private": True}).json
    code = created["invite_code"]
    assert code and api.get("/api/tables?status=open", "ben").json["tables"] == []
    refused = api.post(f"/api/tables/{created['id']}/join", "ben")   # its existence is private too
    assert refused.status_code == 404 and refused.json["error"]["code"] == "not_found"
    assert api.post("/api/join", "ben", json={"code": code}).status_code == 200
    assert api.post("/api/join", "cleo", json={"code": "wrong-code"}).status_code == 404
    assert "invite_code" not in api.view(created["id"], "ben")["table"]


def test_reserved_seats_wait_for_their_players(api):
    for name in ("anna", "ben", "cleo", "dan"):
        api.register(name)
    table_id = api.post("/api/tables", "anna", json={"game": "climb", "players": 3, "reserved": ["ben"]}).json["id"]
    assert api.post(f"/api/tables/{table_id}/join", "cleo").status_code == 200
    full = api.post(f"/api/tables/{table_id}/join", "dan")
    assert full.status_code == 403
    assert full.json["error"]["message"] == "The free seats are reserved for invited players."
    joined = api.post(f"/api/tables/{table_id}/join", "ben").json
    assert joined["status"] == "playing" and "reserved" not in joined      # whom it waits for: the creator's
    assert api.view(table_id, "anna")["table"]["reserved"] == []


def test_more_reservations_than_seats_is_refused(api):
    api.register("anna")
    response = api.post("/api/tables", "anna", json={"game": "climb", "players": 2, "reserved": ["x", "y"]})
    assert response.status_code == 400 and "More seats are reserved" in response.json["error"]["message"]


def test_chat_is_stored_with_the_table_for_players_and_spectators(api):
    for name in ("anna", "ben", "eve"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=2, spectator_chat=True)
    assert api.post(f"/api/tables/{table_id}/chat", "anna", json={"text": "good luck <b>all</b>"}).status_code == 201
    assert api.post(f"/api/tables/{table_id}/chat", "eve", json={"text": "watching"}).status_code == 201
    messages = api.get(f"/api/tables/{table_id}/chat", "ben").json["messages"]
    assert [(m["name"], m["text"]) for m in messages] == [("anna", "good luck <b>all</b>"), ("eve", "watching")]
    newer = api.get(f"/api/tables/{table_id}/chat?after={messages[0]['id']}", "ben").json["messages"]
    assert [m["text"] for m in newer] == ["watching"]


def test_chat_messages_are_length_limited(api):
    api.register("anna")
    table_id = api.new_table("anna", players=2)
    too_long = api.post(f"/api/tables/{table_id}/chat", "anna", json={"text": "x" * 501})
    assert too_long.status_code == 400 and too_long.json["error"]["message"].startswith("text")
    assert api.post(f"/api/tables/{table_id}/chat", "anna", json={"text": ""}).status_code == 400


@pytest.mark.postgres
def test_on_postgresql_a_message_waits_for_the_table_so_ids_commit_in_order(pg_database):
    """Chat is read "after the last id seen" (poll or push). A message whose id is taken while an earlier
    one is still uncommitted must not commit first, or a reader between the two commits skips the earlier
    one for good: posting locks the table's row, so it waits for any transaction that wrote at the table
    (adding a message holds a share lock on the row, through its foreign key)."""
    app = make_app(pg_database)
    api = Api(app.test_client())
    for name in ("anna", "ben"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    engine = create_engine(pg_database)
    posted = threading.Event()

    def post():
        assert api.post(f"/api/tables/{table_id}/chat", "ben", json={"text": "second"}).status_code == 201
        posted.set()

    try:
        with engine.begin() as other:  # another message, its id taken, not yet committed
            other.execute(text("INSERT INTO chat_messages (table_id, user_id, text, created_at) "
                               "VALUES (:t, :u, 'first', now())"), {"t": table_id, "u": api.ids["anna"]})
            poster = threading.Thread(target=post)
            poster.start()
            assert not posted.wait(0.5), "the message was committed while an earlier id was not"
        poster.join(10)
        assert posted.is_set()
        texts = [m["text"] for m in api.get(f"/api/tables/{table_id}/chat?after=0", "anna").json["messages"]]
        assert texts == ["first", "second"]
    finally:
        engine.dispose()
        with app.app_context():
            db.engine.dispose()


@pytest.mark.parametrize("text, named", [
    ("see \u202egnp.exe", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("a \u2066quiet\u2069 word", "U+2066 LEFT-TO-RIGHT ISOLATE"),
    ("pass\u200bword", "U+200B ZERO WIDTH SPACE"),
    ("two\nlines", "U+000A"),
    ("z\u0335\u0336\u0337\u0338algo", "4 combining marks on 'z'"),
])
def test_chat_lines_that_hide_or_turn_text_are_refused_by_character(api, text, named):
    api.register("anna")
    table_id = api.new_table("anna", players=2)
    answer = api.post(f"/api/tables/{table_id}/chat", "anna", json={"text": text})
    assert answer.status_code == 400 and named in answer.json["error"]["message"]
    assert answer.json["error"]["fields"]["text"]
    assert api.get(f"/api/tables/{table_id}/chat", "anna").json["messages"] == []


def test_chat_keeps_emoji_sequences_and_accents(api):
    api.register("anna")
    table_id = api.new_table("anna", players=2)
    for line in ("\U0001f468\u200d\U0001f469\u200d\U0001f467 gg", "#\ufe0f\u20e3 Nguy\u1ec7n, שָׁלוֹם"):
        assert api.post(f"/api/tables/{table_id}/chat", "anna", json={"text": line}).status_code == 201, line
