"""Accounts as users of a public site expect: names that cannot pass for another, passwords that are
not the first ones tried, and sessions they can see and end."""
import pytest


def register(api, name: str, password: str = "secret-pass"):
    return api.post("/api/users", json={"name": name, "password": password})


def login(api, name: str, password: str = "secret-pass", agent: str = "test-browser"):
    return api.client.post("/api/login", json={"name": name, "password": password},
                           headers={"User-Agent": agent})


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


# ----- names ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("taken, other", [
    ("anna", "Anna"),           # case
    ("anna", "ＡＮＮＡ"),         # fullwidth letters are the same letters (NFKC)
    ("Zoë", "zoe\u0308"),       # e + combining diaeresis is ë
    ("anna", "\u0430nna"),      # Cyrillic а: looks like Latin a
    ("paypal", "\u0440\u0430\u0443\u0440\u0430l"),  # mostly Cyrillic, the same look
])
def test_a_name_in_another_case_width_or_script_is_taken(api, taken, other):
    api.register(taken)
    answer = register(api, other)
    assert answer.status_code == 409 and answer.json["error"]["code"] == "conflict"
    assert repr(taken) in answer.json["error"]["message"]


def test_a_look_alike_name_is_refused_whichever_came_first(api):
    api.register("\u0430nna")  # Cyrillic first: then the Latin spelling is the look-alike
    assert register(api, "anna").status_code == 409
    assert "looks like" in register(api, "anna").json["error"]["message"]


@pytest.mark.parametrize("taken, other", [
    ("mallory", "rnallory"),    # r n reads as m
    ("wendy", "vvendy"),        # v v reads as w
    ("dave", "clave"),          # c l reads as d
    ("bob", "B0B"),             # zero for O, in any case
    ("lisa", "1isa"),           # one for l
    ("lisa", "Iisa"),           # capital I for l
    ("rnallory", "mallory"),    # whichever came first
])
def test_a_name_made_of_look_alike_letter_sequences_is_taken(api, taken, other):
    api.register(taken)
    answer = register(api, other)
    assert answer.status_code == 409 and "looks like" in answer.json["error"]["message"]
    assert repr(taken) in answer.json["error"]["message"]


def test_names_that_only_share_letters_stay_apart(api):
    for name in ("marnie", "carl", "ivy", "olga"):
        assert register(api, name).status_code == 201, name


def test_a_stack_of_combining_marks_is_refused_and_named(api):
    answer = register(api, "za\u0301\u0301\u0301\u0301lgo")
    assert answer.status_code == 400
    assert answer.json["error"]["message"] == "name: 4 combining marks on 'a': at most 3 on one letter."
    assert register(api, "Nguy\u1ec7n").status_code == 201  # Vietnamese: two marks on one letter


def test_a_refused_character_is_named_in_the_message(api):
    answer = register(api, "anna\u202egnp")
    assert answer.status_code == 400
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in answer.json["error"]["message"]


def test_names_are_stored_normalised_and_trimmed(api):
    answer = register(api, "  ａｎｎａ\u3000 ")  # fullwidth letters and an ideographic space
    assert answer.status_code == 201 and answer.json["name"] == "anna"
    me = api.client.get("/api/me", headers=bearer(answer.json["token"])).json
    assert me["name"] == "anna"


@pytest.mark.parametrize("name", [
    "an\u200bna",          # zero-width space
    "an\u200dna",          # zero-width joiner
    "\u202eanna",          # right-to-left override
    "an\u2066na",          # bidi isolate
    "anna\u0007",          # control (bell); trailing, so not trimmed away
    "an\tna",              # tab
    "an\u2028na",          # line separator
    "an\ue000na",          # private use
])
def test_invisible_and_control_characters_are_refused(api, name):
    answer = register(api, name)
    assert answer.status_code == 400 and answer.json["error"]["fields"]["name"]
    assert answer.json["error"]["message"].startswith("name:")


def test_names_have_1_to_32_characters_once_trimmed(api):
    for name in ("", "   ", "\u3000\u00a0", "x" * 33, "ａ" * 33):
        answer = register(api, name)
        assert answer.status_code == 400 and "name" in answer.json["error"]["fields"], repr(name)
    assert register(api, "x" * 32).status_code == 201
    assert register(api, " " + "y" * 32 + " ").status_code == 201


def test_names_like_the_servers_bots_and_seats_stay_refused_in_any_width_or_spacing(api):
    for name in ("Ｈeuristic bot 1", "Random\u00a0bot 2", "anna\u2003#2", "anna [ｂot]"):
        answer = register(api, name)
        assert answer.status_code == 409 and "Kept for bots" in answer.json["error"]["fields"]["name"][0], name


def test_login_names_are_not_case_sensitive(api):
    api.register("Anna")
    for spelling in ("anna", "ANNA", " Anna ", "ａｎｎａ"):
        answer = login(api, spelling)
        assert answer.status_code == 200 and answer.json["name"] == "Anna", spelling
    assert login(api, "\u0430nna").status_code == 401  # a look-alike is another name


def test_server_accounts_keep_being_made_with_names_a_person_cannot_register(api):
    long_name = "Ａ" + "b" * 31  # 32 characters, the first one fullwidth
    api.register(long_name)
    created = api.post("/api/tables", long_name, json={"game": "climb", "players": 3, "hotseat": True}).json
    stand_ins = [p["name"] for p in created["players"][1:]]
    assert stand_ins == ["A" + "b" * 29 + " #2", "A" + "b" * 29 + " #3"]
    bots_table = api.new_table(long_name, players=3)
    bots = api.post(f"/api/tables/{bots_table}/bots", long_name, json={"count": 2, "level": "random"}).json
    assert [p["name"] for p in bots["players"][1:]] == ["Random bot 1", "Random bot 2"]
    assert register(api, "random BOT 1").status_code == 409


# ----- passwords --------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, password, says", [
    ("anna", "short-1", "at least 8 characters"),
    ("annabelle", "AnnaBelle", "name"),
    ("annabel", "xx-ANNABEL-99", "name"),
    ("anna", "password1", "most common"),
    ("anna", "Iloveyou", "most common"),
    ("anna", "qwertyuiop", "most common"),
])
def test_weak_passwords_are_refused_with_the_reason(api, name, password, says):
    answer = register(api, name, password)
    assert answer.status_code == 400 and answer.json["error"]["message"].startswith("password:")
    assert says in answer.json["error"]["fields"]["password"][0]


def test_a_name_inside_a_password_counts_from_3_characters(api):
    assert register(api, "al", "walnut-tree-42").status_code == 201  # "al" is inside too many words
    assert register(api, "lin", "Berlin-2026-trip").status_code == 400


# ----- sessions ---------------------------------------------------------------------------------------

def test_the_session_list_is_bounded(app, api):
    """A script that logs in all day leaves many sessions: the list shows the most recent 100."""
    from framework.store.models import User
    from framework.store.users import issue_token

    api.register("anna")
    with app.app_context():
        user = User.query.filter_by(name="anna").one()
        for _ in range(105):
            issue_token(user, "script")
    listed = api.get("/api/me/sessions", "anna").json["sessions"]
    assert len(listed) == 100


def test_sessions_are_listed_without_their_tokens(api):
    first = api.register("anna")
    second = login(api, "anna", agent="Firefox on a phone").json["token"]
    listed = api.client.get("/api/me/sessions", headers=bearer(second)).json["sessions"]
    assert len(listed) == 2
    assert {s["label"] for s in listed if s["current"]} == {"Firefox on a phone"}
    assert [s["current"] for s in listed].count(True) == 1
    assert all(s["created_at"] and s["last_used_at"] for s in listed)
    assert first not in str(listed) and second not in str(listed)


def test_a_session_can_be_logged_out_by_its_id(api):
    api.register("anna")
    phone = login(api, "anna", agent="phone").json["token"]
    sessions = api.client.get("/api/me/sessions", headers=bearer(phone)).json["sessions"]
    laptop = next(s["id"] for s in sessions if not s["current"])
    assert api.client.delete(f"/api/me/sessions/{laptop}", headers=bearer(phone)).status_code == 200
    assert api.get("/api/me", "anna").status_code == 401  # the laptop's token
    assert api.client.get("/api/me", headers=bearer(phone)).status_code == 200
    assert api.client.delete(f"/api/me/sessions/{laptop}", headers=bearer(phone)).status_code == 404


def test_another_users_session_is_not_found_and_stays(api):
    api.register("anna")
    api.register("eve")
    anna_session = api.get("/api/me/sessions", "anna").json["sessions"][0]["id"]
    answer = api.client.delete(f"/api/me/sessions/{anna_session}", headers=api.headers("eve"))
    assert answer.status_code == 404 and answer.json["error"]["code"] == "not_found"
    assert api.get("/api/me", "anna").status_code == 200


def test_log_out_everywhere_ends_every_session(api):
    api.register("anna")
    other = login(api, "anna").json["token"]
    answer = api.client.delete("/api/me/sessions", headers=api.headers("anna"))
    assert answer.status_code == 200 and answer.json["revoked"] == 2
    assert api.get("/api/me", "anna").status_code == 401
    assert api.client.get("/api/me", headers=bearer(other)).status_code == 401
    assert login(api, "anna").status_code == 200  # the password still works


def test_a_session_notes_when_it_was_last_used_to_the_minute(app, api):
    from datetime import datetime

    from framework.store import Token, db

    api.register("anna")
    with app.app_context():
        db.session.execute(Token.__table__.update().values(last_used_at=datetime(2026, 1, 1)))
        db.session.commit()
    listed = api.get("/api/me/sessions", "anna").json["sessions"]  # this request is a use
    assert listed[0]["last_used_at"] > "2026-02"
    again = api.get("/api/me/sessions", "anna").json["sessions"]
    assert again[0]["last_used_at"] == listed[0]["last_used_at"]  # within the minute: not written again


def test_a_move_counts_as_a_use_of_its_session(app, api):
    """A move checks its token inside its own write transaction: the use is noted there."""
    from datetime import datetime

    from framework.store import Token, db

    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    with app.app_context():
        db.session.execute(Token.__table__.update().values(last_used_at=datetime(2026, 1, 1)))
        db.session.commit()
    assert api.act(table_id, "anna", "pickCharm", charm="amber").status_code == 200
    with app.app_context():
        used = dict(db.session.execute(db.select(Token.user_id, Token.last_used_at)).all())
    assert used[api.ids["anna"]] > datetime(2026, 2, 1) and used[api.ids["ben"]] == datetime(2026, 1, 1)


# ----- changing the password --------------------------------------------------------------------------

def change(api, token: str, current: str, new: str):
    return api.client.post("/api/me/password", headers=bearer(token),
                           json={"current_password": current, "new_password": new})


def test_changing_the_password_ends_every_other_session_and_keeps_this_one(api):
    api.register("anna")
    elsewhere = login(api, "anna").json["token"]
    here = login(api, "anna").json["token"]
    answer = change(api, here, "secret-pass", "new-long-phrase")
    assert answer.status_code == 200 and answer.json["revoked"] == 2
    assert api.client.get("/api/me", headers=bearer(here)).status_code == 200
    for token in (elsewhere, api.tokens["anna"]):
        assert api.client.get("/api/me", headers=bearer(token)).status_code == 401
    assert login(api, "anna", "secret-pass").status_code == 401
    assert login(api, "anna", "new-long-phrase").status_code == 200


def test_changing_the_password_needs_the_current_one_and_a_good_new_one(api):
    token = api.register("anna")
    wrong = change(api, token, "not-my-pass", "new-long-phrase")
    assert wrong.status_code == 403 and "current_password" in wrong.json["error"]["message"]
    weak = change(api, token, "secret-pass", "password1")
    assert weak.status_code == 400 and "new_password" in weak.json["error"]["fields"]
    assert login(api, "anna", "secret-pass").status_code == 200  # unchanged


def test_guessing_the_current_password_is_limited(api):
    token = api.register("anna")
    for _ in range(10):
        assert change(api, token, "a-wrong-guess", "new-long-phrase").status_code == 403
    blocked = change(api, token, "secret-pass", "new-long-phrase")
    assert blocked.status_code == 429


def test_every_spelling_of_a_name_shares_its_failed_logins(app, api):
    """Logging in takes a name in any case or width: so each spelling is no fresh set of guesses."""
    app.config["LOGIN_ATTEMPTS"] = 4  # per name and address; the address's own ceiling stays far above
    api.register("anna")
    for spelling in ("anna", "Anna", "ANNA", "ａｎｎａ"):
        guess = api.client.post("/api/login", json={"name": spelling, "password": "a-wrong-guess"})
        assert guess.status_code == 401
    blocked = api.client.post("/api/login", json={"name": "aNNa", "password": "secret-pass"})
    assert blocked.status_code == 429
    change = api.client.post("/api/me/password", headers=api.headers("anna"),
                             json={"current_password": "secret-pass", "new_password": "new-long-phrase"})
    assert change.status_code == 429  # the same guesses count where the password is changed
