"""Who may do what: every endpoint against every kind of caller, on a production app.

Anna created the table and is to play; Ben sits at it and waits; Eve is a logged-in stranger (a
spectator). A refused request must change nothing. Further matrices: a private table (Rita is
the user it waits for), a bot's seat, the identities that are not logins, and the log of a
running game as a spectator reads it. Rows kept elsewhere, not repeated here (tests/web/...):
- a stranger gets 404 on every route of a private table, word for word a missing table's answer,
  and their chat never lands: test_hardening.test_a_private_table_does_not_exist_for_outsiders;
- a name reserved before anyone held it opens no private table: test_hardening.test_a_reservation_...;
- nobody may register a bot's or a stand-in's name, and a person who held one before is never
  seated as the bot or the stand-in: test_hardening.test_the_names_of_bots_and_stand_ins_cannot_be_
  registered, ...test_a_person_with_a_bots_name_is_never_seated_as_the_bot, ...with_a_stand_ins_name...;
- only a hotseat table's creator acts for its stand-ins: test_hotseat_and_fork.test_only_the_creator_...;
- a player's /log hides the arguments and silent moves of the others:
  test_hardening.test_the_log_tells_others_no_more_than_the_moves_notifications_did;
- every view, notification, /log, /replay and /export, every seat against what is hidden from it:
  tests/test_http_hidden_information.py;
- an open event stream whose session is logged out, revoked everywhere or ended by a password change
  delivers nothing more and ends: test_stream_bounds.test_a_revoked_session_ends_its_stream_and_...;
- the stream bounds over two processes and a dead stream's lease: test_stream_bounds;
- the statistics (view and /replay) are for nobody while the game runs, the same for every caller
  who sees the table after the end, and a "limited" one for nobody ever:
  test_results.test_statistics_are_for_nobody_until_the_end_then_for_everyone_who_sees_the_table,
  ...test_a_limited_statistic_reaches_no_answer, and the HTTP audit;
- the limits on new tables and chat lines, mutes and spectator chat, as floods meet them and a normal
  player never does: tests/web/test_floods.py (the rows here: who may call each route).
"""
import pytest
from sqlalchemy import func, select

from framework.store import TableRecord, db
from tests.conftest import Api, make_app
from tests.stored import table_rows

CALLERS = ["nobody", "bad-token", "eve", "ben", "anna"]

# (method, path, body) -> expected status for each caller, in the order of CALLERS
MATRIX = [
    ("get", "/api/tables/{t}", None, [401, 401, 200, 200, 200]),
    ("post", "/api/tables/{t}/actions/playCard", "anna's card", [401, 401, 403, 403, 200]),
    ("post", "/api/tables/{t}/actions/cheer", {}, [401, 401, 403, 200, 200]),
    ("get", "/api/tables/{t}/notifications", None, [401, 401, 200, 200, 200]),
    ("get", "/api/tables/{t}/events", None, [401, 401, 200, 200, 200]),
    ("get", "/api/tables/{t}/log", None, [401, 401, 200, 200, 200]),
    ("get", "/api/tables/{t}/log?limit=1&after=1", None, [401, 401, 200, 200, 200]),
    ("get", "/api/tables/{t}/log?limit=0", None, [401, 401, 400, 400, 400]),
    ("get", "/api/tables/{t}/log?limit=1001", None, [401, 401, 400, 400, 400]),
    ("get", "/api/tables/{t}/replay", None, [401, 401, 403, 200, 200]),
    ("get", "/api/tables/{t}/replay?seat=0", None, [401, 401, 403, 403, 200]),
    ("get", "/api/tables/{t}/export", None, [401, 401, 403, 403, 403]),
    ("post", "/api/tables/{t}/bots", {"count": 1}, [401, 401, 403, 403, 409]),
    ("post", "/api/tables/{t}/bots", {"count": 1, "level": "expert"}, [401, 401, 403, 403, 409]),
    ("post", "/api/tables/{t}/join", {}, [401, 401, 409, 409, 409]),
    ("post", "/api/tables/{t}/fork", {"move": 1}, [401, 401, 403, 403, 403]),
    ("post", "/api/tables/{t}/return", {}, [401, 401, 409, 409, 409]),
    ("post", "/api/tables/{t}/continue", None, [401, 401, 403, 409, 409]),
    ("get", "/api/tables/{t}/chat", None, [401, 401, 200, 200, 200]),
    ("post", "/api/tables/{t}/chat", {"text": "hi"}, [401, 401, 403, 201, 201]),  # spectator chat is off
    ("get", "/api/tables/{t}/legal-actions", None, [401, 401, 200, 200, 200]),  # a spectator's: none
    ("get", "/api/tables/{t}/legal-actions?as={ben}", None, [401, 401, 403, 200, 403]),  # ben as himself
    ("post", "/api/tables/{t}/describe/playCard", "anna's card", [401, 401, 403, 200, 200]),  # ben: not his turn
    ("post", "/api/tables/{t}/describe/playCard?as={ben}", "anna's card", [401, 401, 403, 200, 403]),
    ("post", "/api/tables/{t}/actions/playCard?as={ben}", "anna's card", [401, 401, 403, 403, 403]),
    ("get", "/api/me/tables", None, [401, 401, 200, 200, 200]),
    # MAX_OPEN_TABLES is 1 here: anna has her one unfinished table; ben only sits at hers.
    ("post", "/api/tables", {"game": "climb", "players": 2}, [401, 401, 201, 201, 409]),
    ("get", "/api/me", None, [401, 401, 200, 200, 200]),
    ("post", "/api/logout", None, [401, 401, 200, 200, 200]),
    ("get", "/api/me/sessions", None, [401, 401, 200, 200, 200]),
    ("delete", "/api/me/sessions/{anna_session}", None, [401, 401, 404, 404, 200]),
    ("delete", "/api/me/sessions", None, [401, 401, 200, 200, 200]),
    ("post", "/api/me/password", {"current_password": "secret-pass", "new_password": "secret-pass"},
     [401, 401, 200, 200, 200]),
    ("get", "/api/me/mutes", None, [401, 401, 200, 200, 200]),
    ("put", "/api/me/mutes/{ben}", None, [401, 401, 200, 409, 200]),   # nobody mutes themselves
    ("put", "/api/me/mutes/999", None, [401, 401, 404, 404, 404]),
    ("delete", "/api/me/mutes/{ben}", None, [401, 401, 200, 200, 200]),
    ("delete", "/api/me/mutes/999", None, [401, 401, 404, 404, 404]),
    # No address waits for confirmation: a token confirms nothing (another's token: test_email_confirmation).
    ("post", "/api/me/email/confirm", {"token": "not-a-token"}, [401, 401, 404, 404, 404]),
]


@pytest.fixture
def world(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'authz.sqlite'}", TESTING=False, EVENTS_STREAM_SECONDS=0,  # one read
                   MAX_OPEN_TABLES=1)
    api = Api(app.test_client())
    for name in ("anna", "ben", "eve"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    api.act(table_id, "anna", "pickCharm", charm="amber")
    api.act(table_id, "ben", "pickCharm", charm="ruby")
    return app, api, table_id


def session_of(app, name: str) -> int:
    """The id of one of `name`'s sessions (the only one, until a test logs in again)."""
    from framework.store import Token, User

    with app.app_context():
        return db.session.scalar(select(Token.id).join(User, Token.user_id == User.id).where(User.name == name))


def call(api, method: str, url: str, caller: str, body):
    headers = ({"Authorization": "Bearer not-a-token"} if caller == "bad-token"
               else api.headers(caller) if caller != "nobody" else {})
    return getattr(api.client, method)(url, headers=headers, json=body)


def fingerprint(app, table_id):
    """The table, its seats and their users, whole (a refusal that committed half a change shows here)."""
    return table_rows(app, table_id)


@pytest.mark.parametrize("method, path, body, expected", MATRIX, ids=[f"{m} {p}" for m, p, _, _ in MATRIX])
def test_authorization_matrix(world, method, path, body, expected):
    app, api, table_id = world
    for caller, status in zip(CALLERS, expected, strict=True):
        if body == "anna's card":
            payload = {"card": api.view(table_id, "anna")["state"]["args"]["playable"][0]}
        else:
            payload = body
        before = fingerprint(app, table_id)
        url = path.format(t=table_id, ben=api.ids["ben"], anna_session=session_of(app, "anna"))
        response = call(api, method, url, caller, payload)
        response.get_data()  # read to its end: an event stream's own context closes with it
        response.close()  # as a server closes every answer: an event stream's lease goes back
        assert response.status_code == status, (caller, response.json)
        if status >= 400:
            assert response.json["error"]["code"] and fingerprint(app, table_id) == before
        if status == 200 and (path.endswith("/logout") or path.startswith("/api/me/sessions") and method == "delete"):
            api.tokens[caller] = api.post("/api/login", json={"name": caller, "password": "secret-pass"}).json["token"]


# Event streams each caller may hold open on the table at once (then 429): a spectator fewer than a player.
STREAM_BOUNDS = [401, 401, 2, 4, 4]


def test_each_caller_holds_the_event_streams_its_part_allows_and_a_revoked_token_opens_none(world):
    app, api, table_id = world
    for caller, most in zip(CALLERS, STREAM_BOUNDS, strict=True):
        held, response = [], None
        for _ in range(6):  # never read, never closed: each holds its lease
            response = call(api, "get", f"/api/tables/{table_id}/events", caller, None)
            if response.status_code != 200:
                break
            held.append(response)
        if most == 401:
            assert not held and response.status_code == 401
            continue
        assert len(held) == most and response.status_code == 429, (caller, len(held))
        assert response.json["error"]["code"] == "too_many_streams" and response.headers["Retry-After"].isdigit()
        for stream in reversed(held):  # the test client's streams hold contexts, popped last first
            stream.close()
        again = call(api, "get", f"/api/tables/{table_id}/events", caller, None)
        assert again.status_code == 200, caller  # a closed stream's slot is free at once
        again.close()
    token = api.tokens["eve"]
    assert api.post("/api/logout", "eve").status_code == 200
    stale = api.client.get(f"/api/tables/{table_id}/events", headers={"Authorization": f"Bearer {token}"})
    assert stale.status_code == 401


def test_spectators_and_waiting_players_see_no_private_parts(world):
    _, api, table_id = world
    anna_private = api.view(table_id, "anna")["state"]["args"]["playable"]
    for name in ("ben", "eve"):
        view = api.view(table_id, name)
        assert "playable" not in view["state"]["args"] and view["data"]["my_charm"] != "amber"
        notes = api.get(f"/api/tables/{table_id}/notifications", name).json["notifications"]
        assert "amber" not in str(notes) and not set(anna_private) & set(str(notes).split("'"))
        answer = api.get(f"/api/tables/{table_id}/events", name)
        pushed = answer.get_data(as_text=True)
        answer.close()  # as a server closes it: the stream's lease goes back
        assert "amber" not in pushed and not set(anna_private) & set(pushed.replace('"', " ").split())
        legal = api.get(f"/api/tables/{table_id}/legal-actions", name).json["actions"]
        assert list(legal) == (["cheer"] if name == "ben" else [])   # ben may cheer out of turn; eve sends nothing
    assert api.get(f"/api/tables/{table_id}/legal-actions", "anna").json["actions"]["playCard"]["arguments"] == {
        "card": anna_private}


# A private table waiting for its third player: Anna made it, Ben came with the code, Rita is the
# user it waits for (reserved, not seated yet). All three may look; only players talk and play.
PRIVATE_CALLERS = ["rita", "ben", "anna"]
PRIVATE_MATRIX = [
    ("get", "/api/tables/{t}", None, [200, 200, 200]),
    ("get", "/api/tables/{t}/notifications", None, [200, 200, 200]),
    ("get", "/api/tables/{t}/log", None, [200, 200, 200]),
    ("get", "/api/tables/{t}/chat", None, [200, 200, 200]),
    ("get", "/api/tables/{t}/legal-actions", None, [200, 200, 200]),   # none: the game has not started
    ("post", "/api/tables/{t}/chat", {"text": "hello"}, [403, 201, 201]),  # rita is not seated yet
    ("get", "/api/tables/{t}/replay", None, [409, 409, 409]),
    ("get", "/api/tables/{t}/export", None, [403, 403, 403]),
    ("post", "/api/tables/{t}/actions/pickCharm", {"charm": "jade"}, [403, 409, 409]),
    ("post", "/api/tables/{t}/bots", {"count": 1}, [403, 403, 409]),
    ("post", "/api/tables/{t}/bots", {"count": 1, "level": "expert"}, [403, 403, 409]),
    ("post", "/api/tables/{t}/continue", None, [403, 409, 409]),
    ("post", "/api/tables/{t}/leave", {}, [409, 409, 409]),
    # Rita takes her seat and the game starts; the others, seated, are asked for the code first.
    ("post", "/api/tables/{t}/join", {}, [200, 403, 403]),
]


@pytest.fixture
def private_world(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'private.sqlite'}", TESTING=False)
    api = Api(app.test_client())
    for name in ("anna", "ben", "rita"):
        api.register(name)
    created = api.post("/api/tables", "anna", json={"game": "climb", "players": 3, "private": True,
                                                    "reserved": ["rita"]}).json
    assert api.post("/api/join", "ben", json={"code": created["invite_code"]}).status_code == 200
    return app, api, created["id"]


@pytest.mark.parametrize("method, path, body, expected", PRIVATE_MATRIX,
                         ids=[f"{m} {p}" for m, p, _, _ in PRIVATE_MATRIX])
def test_a_private_table_lets_in_its_players_and_the_user_it_waits_for(private_world, method, path, body, expected):
    app, api, table_id = private_world
    for caller, status in zip(PRIVATE_CALLERS, expected, strict=True):
        before = fingerprint(app, table_id)
        response = call(api, method, path.format(t=table_id), caller, body)
        assert response.status_code == status, (caller, response.json)
        if status >= 400:
            assert response.json["error"]["code"] != "not_found" and fingerprint(app, table_id) == before
    if path.endswith("/join"):
        assert api.view(table_id, "rita")["table"]["status"] == "playing"


# Anna plays against a heuristic or an expert bot: no person reads or plays the bot's seat, Anna included.
BOT_CALLERS = ["eve", "anna"]
BOT_MATRIX = [
    ("get", "/api/tables/{t}?as={bot}", None, [403, 403]),
    ("get", "/api/tables/{t}/notifications?as={bot}", None, [403, 403]),
    ("get", "/api/tables/{t}/legal-actions?as={bot}", None, [403, 403]),
    ("get", "/api/tables/{t}/replay?seat=1", None, [403, 403]),
    ("post", "/api/tables/{t}/actions/playCard?as={bot}", "the bot's card", [403, 403]),
    ("post", "/api/tables/{t}/actions/playCard", "the bot's card", [403, 422]),
    ("post", "/api/tables/{t}/leave?as={bot}", {}, [409, 200]),  # `as` means nothing here: Anna leaves
]


@pytest.fixture(params=["heuristic", "expert"])
def bot_world(tmp_path, request):
    app = make_app(f"sqlite:///{tmp_path / 'bot.sqlite'}", TESTING=False)
    api = Api(app.test_client())
    for name in ("anna", "eve"):
        api.register(name)
    table_id = api.new_table("anna", players=2, options={"hand_size": 4})
    bot = api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": request.param}).json["players"][1]
    assert api.act(table_id, "anna", "pickCharm", charm="amber").status_code == 200
    return app, api, table_id, bot["id"]


def bots_hand(app, table_id: int, bot: int) -> list[str]:
    """The bot's hand, read from the server's own copy (no route shows it)."""
    from tests.http_play import server_table

    return server_table(app, table_id).state.data["hands"][str(bot)]


@pytest.mark.parametrize("method, path, body, expected", BOT_MATRIX, ids=[f"{m} {p}" for m, p, _, _ in BOT_MATRIX])
def test_no_person_reads_or_plays_a_bots_seat(bot_world, method, path, body, expected):
    app, api, table_id, bot = bot_world
    for caller, status in zip(BOT_CALLERS, expected, strict=True):
        payload = {"card": bots_hand(app, table_id, bot)[0]} if body == "the bot's card" else body
        before = fingerprint(app, table_id)
        response = call(api, method, path.format(t=table_id, bot=bot), caller, payload)
        assert response.status_code == status, (caller, response.json)
        if status >= 400:
            assert fingerprint(app, table_id) == before
    hand = bots_hand(app, table_id, bot)
    for caller in BOT_CALLERS:
        assert not set(hand) & set(str(api.view(table_id, caller)).split("'"))


def test_continue_at_a_bots_table_is_its_players_and_never_plays_the_experts_turn(bot_world):
    """Eve, a spectator, may not have the bots play. Anna may: the heuristic has answered already (409),
    the expert's turn is the bot runner's (200, `runner_pending`), and her request plays none of it."""
    app, api, table_id, bot = bot_world
    url = f"/api/tables/{table_id}/continue"
    seats = api.view(table_id, "anna")["table"]["players"]
    expert = next(p for p in seats if p["id"] == bot)["name"].startswith("Expert")
    before = fingerprint(app, table_id)
    assert api.post(url, "eve").status_code == 403 and fingerprint(app, table_id) == before
    answer = api.post(url, "anna")
    if expert:
        assert answer.status_code == 200 and answer.json == {"played": 0, "automatic_pending": False,
                                                             "runner_pending": True}
    else:
        assert answer.status_code == 409 and answer.json["error"]["code"] == "nothing_pending"
    assert fingerprint(app, table_id) == before


@pytest.mark.parametrize("password", ["!", "", "secret-pass"])
def test_bots_and_hotseat_stand_ins_are_not_logins(api, password):
    api.register("dana")
    table_id = api.new_table("dana", players=2)
    bot = api.post(f"/api/tables/{table_id}/bots", "dana", json={"count": 1}).json["players"][1]["name"]
    hotseat = api.post("/api/tables", "dana", json={"game": "climb", "players": 2, "hotseat": True}).json
    stand_in = hotseat["players"][1]["name"]
    assert (bot, stand_in) == ("Heuristic bot 1", "dana #2")
    for name in (bot, stand_in):
        answer = api.post("/api/login", json={"name": name, "password": password})
        assert answer.status_code in (400, 401) and "token" not in (answer.json or {}), (name, answer.json)


def test_a_spectators_log_of_a_running_game_hides_private_moves(world):
    """Eve, a spectator, reads the log as a player would: Anna's `confirm` told nobody anything,
    so Eve sees a move was made and no more; charms picked privately show no arguments."""
    _, api, table_id = world
    card = api.view(table_id, "anna")["state"]["args"]["playable"][0]
    assert api.act(table_id, "anna", "playCard", card=card).status_code == 200
    assert api.act(table_id, "anna", "confirm").status_code == 200
    log = api.get(f"/api/tables/{table_id}/log", "eve").json["moves"]
    assert [(m["action"], m["player"] is not None, m["args"]) for m in log] == [
        ("pickCharm", True, None), ("pickCharm", True, None), ("playCard", True, None), (None, False, None)]
    assert api.get(f"/api/tables/{table_id}/log").status_code == 401


def test_an_account_over_its_limits_is_refused_alone_and_nothing_lands(tmp_path):
    """The limits on new tables and chat lines are per account: Eve past hers gets 429 and changes nothing;
    Anna and Ben, at the same table, are not limited by her."""
    app = make_app(f"sqlite:///{tmp_path / 'limits.sqlite'}", TESTING=False, TABLES_PER_ACCOUNT=1, CHAT_LINES=1)
    api = Api(app.test_client())
    for name in ("anna", "ben", "eve"):
        api.register(name)
    table_id = api.new_table("eve", players=2)
    refused = api.post("/api/tables", "eve", json={"game": "climb", "players": 2})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert api.post(f"/api/tables/{table_id}/join", "anna").status_code == 200
    assert api.post(f"/api/tables/{table_id}/chat", "eve", json={"text": "one"}).status_code == 201
    before = fingerprint(app, table_id)
    assert api.post(f"/api/tables/{table_id}/chat", "eve", json={"text": "two"}).status_code == 429
    assert fingerprint(app, table_id) == before
    assert api.post(f"/api/tables/{table_id}/chat", "anna", json={"text": "hi"}).status_code == 201
    assert api.post("/api/tables", "ben", json={"game": "climb", "players": 2}).status_code == 201
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(TableRecord)) == 2
