"""Who may do what: every endpoint against every kind of caller, on a production app.

Anna created the table and is to play; Ben sits at it and waits; Eve is a logged-in stranger (a
spectator). A refused request must change nothing.
"""
import pytest
from sqlalchemy import func, select

from framework.store import MoveRecord, NotificationRecord, TableRecord, db
from tests.conftest import Api, make_app

CALLERS = ["nobody", "bad-token", "eve", "ben", "anna"]

# (method, path, body) -> expected status for each caller, in the order of CALLERS
MATRIX = [
    ("get", "/api/tables/{t}", None, [401, 401, 200, 200, 200]),
    ("post", "/api/tables/{t}/actions/playCard", "anna's card", [401, 401, 403, 403, 200]),
    ("post", "/api/tables/{t}/actions/cheer", {}, [401, 401, 403, 200, 200]),
    ("get", "/api/tables/{t}/notifications", None, [401, 401, 200, 200, 200]),
    ("get", "/api/tables/{t}/log", None, [401, 401, 200, 200, 200]),
    ("get", "/api/tables/{t}/replay", None, [401, 401, 403, 200, 200]),
    ("get", "/api/tables/{t}/replay?seat=0", None, [401, 401, 403, 403, 200]),
    ("get", "/api/tables/{t}/export", None, [401, 401, 403, 403, 403]),
    ("post", "/api/tables/{t}/bots", {"count": 1}, [401, 401, 403, 403, 409]),
    ("post", "/api/tables/{t}/join", {}, [401, 401, 409, 409, 409]),
    ("post", "/api/tables/{t}/fork", {"move": 1}, [401, 401, 403, 403, 403]),
    ("post", "/api/tables/{t}/return", {}, [401, 401, 409, 409, 409]),
    ("post", "/api/tables/{t}/continue", None, [401, 401, 403, 409, 409]),
    ("get", "/api/tables/{t}/chat", None, [401, 401, 200, 200, 200]),
    ("post", "/api/tables/{t}/actions/playCard?as={ben}", "anna's card", [401, 401, 403, 403, 403]),
    ("get", "/api/me/tables", None, [401, 401, 200, 200, 200]),
    ("get", "/api/me", None, [401, 401, 200, 200, 200]),
    ("post", "/api/logout", None, [401, 401, 200, 200, 200]),
    ("get", "/api/me/sessions", None, [401, 401, 200, 200, 200]),
    ("delete", "/api/me/sessions/{anna_session}", None, [401, 401, 404, 404, 200]),
    ("delete", "/api/me/sessions", None, [401, 401, 200, 200, 200]),
    ("post", "/api/me/password", {"current_password": "secret-pass", "new_password": "secret-pass"},
     [401, 401, 200, 200, 200]),
]


@pytest.fixture
def world(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'authz.sqlite'}", TESTING=False)
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


def fingerprint(app, table_id):
    with app.app_context():
        record = db.session.get(TableRecord, table_id)
        moves = db.session.scalar(select(func.count()).select_from(MoveRecord))
        notes = db.session.scalar(select(func.count()).select_from(NotificationRecord))
        return record.state_hash, record.move, moves, notes, record.status, len(record.players)


@pytest.mark.parametrize("method, path, body, expected", MATRIX, ids=[f"{m} {p}" for m, p, _, _ in MATRIX])
def test_authorization_matrix(world, method, path, body, expected):
    app, api, table_id = world
    for caller, status in zip(CALLERS, expected, strict=True):
        if body == "anna's card":
            payload = {"card": api.view(table_id, "anna")["state"]["args"]["playable"][0]}
        else:
            payload = body
        headers = ({"Authorization": "Bearer not-a-token"} if caller == "bad-token"
                   else api.headers(caller) if caller != "nobody" else {})
        before = fingerprint(app, table_id)
        url = path.format(t=table_id, ben=api.ids["ben"], anna_session=session_of(app, "anna"))
        response = getattr(api.client, method)(url, headers=headers, json=payload)
        assert response.status_code == status, (caller, response.json)
        if status >= 400:
            assert response.json["error"]["code"] and fingerprint(app, table_id) == before
        if status == 200 and (path.endswith("/logout") or path.startswith("/api/me/sessions") and method == "delete"):
            api.tokens[caller] = api.post("/api/login", json={"name": caller, "password": "secret-pass"}).json["token"]


def test_spectators_and_waiting_players_see_no_private_parts(world):
    _, api, table_id = world
    anna_private = api.view(table_id, "anna")["state"]["args"]["playable"]
    for name in ("ben", "eve"):
        view = api.view(table_id, name)
        assert "playable" not in view["state"]["args"] and view["data"]["my_charm"] != "amber"
        notes = api.get(f"/api/tables/{table_id}/notifications", name).json["notifications"]
        assert "amber" not in str(notes) and not set(anna_private) & set(str(notes).split("'"))
