"""An e-mail address gets "your turn" messages only once its owner has followed the link mailed to it
(a real local SMTP server receives what the tick sends)."""
import email
from datetime import datetime, timedelta

import pytest
from sqlalchemy import select

from framework.store import db
from framework.store.models import User
from tests.confirmations import confirmation_token
from tests.conftest import Api, make_app


@pytest.fixture
def clock():
    return [datetime.utcnow()]


@pytest.fixture
def app(tmp_path, smtp, clock):
    port, _ = smtp
    app = make_app(f"sqlite:///{tmp_path / 'confirm.sqlite'}", MAIL_SERVER="127.0.0.1", MAIL_PORT=port,
                   CLOCK=lambda: clock[0], PUBLIC_URL="https://cards.example")
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def api(app):
    api = Api(app.test_client())
    for name in ("anna", "ben"):
        api.register(name)
    return api


def tick(app, now: datetime) -> None:
    """A minute of the server's timers: the tick, then the sender of queued messages."""
    for command in ("tick", "deliver"):
        assert app.test_cli_runner().invoke(args=[command, "--now", now.isoformat()]).exit_code == 0


def set_email(api, name: str, address: str):
    return api.client.patch("/api/me", headers=api.headers(name), json={"email": address})


def confirm(api, name: str, token: str):
    return api.client.post("/api/me/email/confirm", headers=api.headers(name), json={"token": token})


def test_an_address_gets_its_confirmation_and_no_turn_message_until_confirmed(app, api, smtp, clock):
    _, inbox = smtp
    answer = set_email(api, "ben", "ben@example.org")
    assert answer.status_code == 200 and answer.json["email"] == "ben@example.org"
    assert answer.json["email_confirmed"] is False
    table_id = api.new_table("anna", joiners=["ben"], players=2)  # Ben's turn comes: no mail for him yet
    tick(app, clock[0])
    (recipients, text), = inbox.messages
    assert recipients == ["ben@example.org"] and "Confirm your e-mail address" in text
    body = email.message_from_string(text).get_payload(decode=True).decode()
    token = confirmation_token(app, api.ids["ben"])
    assert f"https://cards.example/#/confirm-email/{token}" in body

    assert confirm(api, "ben", token).json["email_confirmed"] is True
    later = api.new_table("anna", joiners=["ben"], players=2)  # now Ben's turn is mailed
    tick(app, clock[0] + timedelta(minutes=1))
    turns = [text for recipients, text in inbox.messages[1:] if recipients == ["ben@example.org"]]
    assert len(turns) == 1 and f"Your turn: climb table {later}" in turns[0]
    assert f"table {table_id}" not in turns[0]


def test_the_token_is_stored_hashed_expires_and_is_only_the_owners(app, api, clock):
    set_email(api, "anna", "anna@example.org")
    token = confirmation_token(app, api.ids["anna"])
    with app.app_context():
        stored = db.session.scalars(select(User.email_token_hash).where(User.id == api.ids["anna"])).one()
    assert stored and token not in stored
    refused = confirm(api, "ben", token)  # another account's token confirms nothing of Ben's
    assert refused.status_code == 404 and refused.json["error"]["fields"]["token"]
    assert confirm(api, "anna", token[:-1] + "x").status_code == 404
    clock[0] += timedelta(hours=49)
    expired = confirm(api, "anna", token)
    assert expired.status_code == 404 and "expired" in expired.json["error"]["message"]
    assert api.get("/api/me", "anna").json["email_confirmed"] is False
    set_email(api, "anna", "anna@example.org")  # the same address again: a new link, since the old one expired
    assert confirm(api, "anna", confirmation_token(app, api.ids["anna"])).json["email_confirmed"] is True


def test_a_changed_address_is_confirmed_again_and_the_same_one_is_not_mailed_twice(app, api):
    set_email(api, "anna", "anna@example.org")
    assert confirm(api, "anna", confirmation_token(app, api.ids["anna"])).status_code == 200
    assert set_email(api, "anna", "anna@example.org").json["email_confirmed"] is True  # unchanged
    set_email(api, "anna", "new@example.org")
    waiting = confirmation_token(app, api.ids["anna"])
    set_email(api, "anna", "new@example.org")  # again while its link is good: no second message
    assert confirmation_token(app, api.ids["anna"]) == waiting
    old_token = confirmation_token(app, api.ids["anna"])
    changed = set_email(api, "anna", "other@example.org")
    assert changed.json["email_confirmed"] is False
    assert confirm(api, "anna", old_token).status_code == 404  # the old address's link confirms nothing now
    assert confirm(api, "anna", confirmation_token(app, api.ids["anna"])).status_code == 200


def test_confirmation_messages_are_bounded_per_account_and_day(app, api, clock):
    for number in range(5):
        assert set_email(api, "anna", f"victim{number}@example.org").status_code == 200
    refused = set_email(api, "anna", "victim5@example.org")
    assert refused.status_code == 429 and "confirmation messages a day" in refused.json["error"]["message"]
    assert api.get("/api/me", "anna").json["email"] == "victim4@example.org"  # the refusal changed nothing
    clock[0] += timedelta(days=1, minutes=1)
    assert set_email(api, "anna", "victim5@example.org").status_code == 200
