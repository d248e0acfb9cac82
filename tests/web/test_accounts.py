"""Register, log in, log out, and what a missing or bad token gets."""


def test_register_returns_a_working_token(api):
    token = api.register("anna")
    assert token and api.get("/api/me/tables", "anna").status_code == 200


def test_name_taken_is_a_conflict(api):
    api.register("anna")
    response = api.post("/api/users", json={"name": "anna", "password": "another-pass"})
    assert response.status_code == 409 and response.json["error"]["code"] == "conflict"


def test_login_with_right_and_wrong_password(api):
    api.register("anna", "right-password")
    ok = api.post("/api/login", json={"name": "anna", "password": "right-password"})
    assert ok.status_code == 200 and ok.json["token"] != api.tokens["anna"]
    wrong = api.post("/api/login", json={"name": "anna", "password": "wrong-password"})
    assert wrong.status_code == 401 and wrong.json["error"]["message"] == "Unknown name or wrong password."


def test_password_is_not_stored_in_clear(app, api):
    from framework.store import User, db

    api.register("anna", "right-password")
    with app.app_context():
        stored = db.session.query(User).filter_by(name="anna").one().password_hash
    assert "right-password" not in stored and len(stored) > 40


def test_logout_revokes_the_token(api):
    api.register("anna")
    assert api.post("/api/logout", "anna").status_code == 200
    response = api.get("/api/me/tables", "anna")
    assert response.status_code == 401 and "log in again" in response.json["error"]["message"]


def test_missing_and_malformed_tokens_are_401(api, client):
    assert client.get("/api/me/tables").status_code == 401
    assert client.get("/api/me/tables", headers={"Authorization": "Bearer nope"}).status_code == 401
    assert client.get("/api/me/tables", headers={"Authorization": "Basic abc"}).status_code == 401


def test_short_password_names_the_field(api):
    response = api.post("/api/users", json={"name": "anna", "password": "x"})
    assert response.status_code == 400 and response.json["error"]["message"].startswith("password:")
