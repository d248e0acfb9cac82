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


def test_failed_logins_are_limited_per_name(api):
    api.register("anna", "right-password")
    for _ in range(10):
        assert api.post("/api/login", json={"name": "anna", "password": "wrong-guess"}).status_code == 401
    blocked = api.post("/api/login", json={"name": "anna", "password": "right-password"})
    assert blocked.status_code == 429 and "try again in" in blocked.json["error"]["message"]


def test_failed_logins_are_forgotten_after_the_window(tmp_path):
    from datetime import datetime, timedelta

    from tests.conftest import Api, make_app

    now = [datetime(2026, 12, 1, 12, 0)]
    api = Api(make_app(f"sqlite:///{tmp_path / 'window.sqlite'}", LOGIN_ATTEMPTS=2, LOGIN_WINDOW_SECONDS=60,
                       CLOCK=lambda: now[0]).test_client())
    api.register("anna", "right-password")
    for _ in range(2):
        assert api.post("/api/login", json={"name": "anna", "password": "wrong-guess"}).status_code == 401
    now[0] += timedelta(seconds=30)
    blocked = api.post("/api/login", json={"name": "anna", "password": "right-password"})
    assert blocked.status_code == 429 and blocked.headers["Retry-After"] == "30"
    now[0] += timedelta(seconds=31)
    assert api.post("/api/login", json={"name": "anna", "password": "right-password"}).status_code == 200


def test_pages_carry_security_headers_and_json_is_not_cached(client, api):
    page = client.get("/")
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    assert page.headers["X-Frame-Options"] == "DENY" and page.headers["X-Content-Type-Options"] == "nosniff"
    token = api.register("anna")
    json_answer = client.get("/api/me", headers={"Authorization": f"Bearer {token}"})
    assert json_answer.headers["Cache-Control"] == "no-store"
    assert "Access-Control-Allow-Origin" not in json_answer.headers  # no CORS unless configured


def test_the_page_policy_allows_its_own_inline_script_by_hash_and_no_other(tmp_path):
    import base64
    import hashlib

    from framework.web.security import content_security_policy

    page = tmp_path / "index.html"
    page.write_text('<script>go();</script><script src="/x.js"></script><script type="module">no()</script>')
    policy = content_security_policy(page)
    script_src = next(part for part in policy.split("; ") if part.startswith("script-src"))
    allowed = base64.b64encode(hashlib.sha256(b"go();").digest()).decode()
    assert script_src == f"script-src 'self' 'sha256-{allowed}'"  # not 'unsafe-inline', not the module


def test_expired_tokens_are_refused(app, api):
    from datetime import datetime

    from framework.store import Token, db

    api.register("anna")
    with app.app_context():
        db.session.execute(Token.__table__.update().values(expires_at=datetime(2020, 1, 1)))
        db.session.commit()
    assert api.get("/api/me", "anna").status_code == 401


def test_the_tick_forgets_expired_tokens_and_keeps_live_ones(app, api):
    from datetime import datetime

    from sqlalchemy import func, select

    from framework.store import Token, db

    api.register("anna")
    api.register("ben")
    with app.app_context():
        db.session.execute(Token.__table__.update().where(Token.user_id == api.ids["anna"])
                           .values(expires_at=datetime(2020, 1, 1)))
        db.session.commit()
    output = app.test_cli_runner().invoke(args=["tick"]).output
    assert "1 expired sessions forgotten" in output
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Token)) == 1
    assert api.get("/api/me", "ben").status_code == 200
