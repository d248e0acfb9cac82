"""Deadlines, `flask tick`, and "your turn" messages by e-mail (a real local SMTP server) and webhook."""
import threading
from datetime import datetime, timedelta

import pytest
from sqlalchemy import select

from framework.store import db
from framework.store.models import OutboxMessage
from framework.web.cli import run_tick
from tests.confirmations import set_confirmed_email
from tests.conftest import Api, make_app


# On PostgreSQL too: there a move's statements are pipelined, and queueing a "your turn" message
# runs ORM statements in the middle of them.
@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def mail_app(request, tmp_path, smtp):
    port, _ = smtp
    url = f"sqlite:///{tmp_path / 'days.sqlite'}" if request.param == "sqlite" else \
        request.getfixturevalue("pg_database")
    # The webhook receiver listens on 127.0.0.1: a local bridge, which the operator must allow.
    app = make_app(url, MAIL_SERVER="127.0.0.1", MAIL_PORT=port, WEBHOOK_PRIVATE_TARGETS=True)
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def mapi(mail_app):
    return Api(mail_app.test_client())


def tick(app, now: datetime) -> str:
    result = app.test_cli_runner().invoke(args=["tick", "--now", now.isoformat()])
    assert result.exit_code == 0, result.output
    return result.output


def deliver(app, now: datetime) -> str:
    """`flask deliver`: the "your turn" messages are sent apart from the tick."""
    result = app.test_cli_runner().invoke(args=["deliver", "--now", now.isoformat()])
    assert result.exit_code == 0, result.output
    return result.output


def outbox(app):
    with app.app_context():
        return [(m.user_id, m.channel, m.turn, m.status, m.attempts, m.last_error)
                for m in db.session.scalars(select(OutboxMessage).where(OutboxMessage.table_id.is_not(None))
                                            .order_by(OutboxMessage.id))]


def test_active_players_get_a_deadline_and_tick_plays_late_turns(mail_app, mapi):
    mapi.register("anna")
    mapi.register("ben")
    table_id = mapi.new_table("anna", joiners=["ben"], players=2, turn_hours=24)
    players = mapi.view(table_id, "anna")["table"]["players"]
    deadline = datetime.fromisoformat(players[0]["deadline"].removesuffix("Z"))
    assert all(p["deadline"] for p in players) and not any(p["out_of_time"] for p in players)
    mapi.act(table_id, "anna", "pickCharm", charm="amber")
    assert mapi.view(table_id, "anna")["table"]["players"][0]["deadline"] is None  # done: no clock

    assert "0 out of time" in tick(mail_app, deadline - timedelta(minutes=1))
    report = tick(mail_app, deadline + timedelta(minutes=1))
    assert "1 out of time" in report
    view = mapi.view(table_id, "anna")
    ben = view["table"]["players"][1]
    assert ben["zombie"] is True and view["state"]["name"] == "playerTurn"  # Ben's charm was picked for him
    assert "0 out of time" in tick(mail_app, deadline + timedelta(minutes=2))  # idempotent


def test_two_ticks_at_once_mark_each_late_player_once(mail_app, mapi):
    mapi.register("anna")
    for number in range(3):
        mapi.register(f"p{number}")
        mapi.new_table("anna", joiners=[f"p{number}"], players=2, turn_hours=1)
    later = datetime.utcnow() + timedelta(hours=2)
    reports = []

    def one_tick():  # what `flask tick` runs, in its own app context and connection
        with mail_app.app_context():
            reports.append(run_tick(later))

    threads = [threading.Thread(target=one_tick) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(reports) == 2
    assert sum(r["zombies"] for r in reports) == 6  # two late players at three tables, each marked once


def test_your_turn_mail_once_per_turn_with_a_digest(mail_app, mapi, smtp):
    _, inbox = smtp
    mapi.register("anna")
    mapi.register("ben")
    set_confirmed_email(mail_app, mapi, "ben", "ben@example.org")
    table_id = mapi.new_table("anna", joiners=["ben"], players=2)
    deliver(mail_app, datetime.utcnow())
    assert len(inbox.messages) == 1
    recipients, text = inbox.messages[0]
    assert recipients == ["ben@example.org"] and f"Your turn: climb table {table_id}" in text
    # Still the same turn: no second message, however often the tick runs.
    deliver(mail_app, datetime.utcnow() + timedelta(minutes=5))
    assert len(inbox.messages) == 1
    assert [(o[1], o[3]) for o in outbox(mail_app)] == [("email", "sent")]


def test_digest_tells_what_happened_since_my_last_move(mail_app, mapi, smtp):
    _, inbox = smtp
    mapi.register("anna")
    mapi.register("ben")
    set_confirmed_email(mail_app, mapi, "anna", "anna@example.org")
    table_id = mapi.new_table("anna", joiners=["ben"], players=2)
    mapi.act(table_id, "anna", "pickCharm", charm="amber")
    mapi.act(table_id, "ben", "pickCharm", charm="jade")
    # Queued when Ben's joining started the table; after that Anna acted, so she counts as present.
    assert [o[2] for o in outbox(mail_app)] == [0]
    view = mapi.view(table_id, "anna")
    mapi.act(table_id, "anna", "playCard", card=view["state"]["args"]["playable"][0])
    mapi.act(table_id, "anna", "confirm")
    with mail_app.app_context():  # Anna closed the page long ago
        from framework.store.models import Seat
        db.session.execute(Seat.__table__.update().values(last_seen=datetime(2020, 1, 1)))
        db.session.commit()
    view = mapi.view(table_id, "ben")
    mapi.act(table_id, "ben", "playCard", card=view["state"]["args"]["playable"][0])
    mapi.act(table_id, "ben", "confirm")
    deliver(mail_app, datetime.utcnow())
    _, text = inbox.messages[-1]
    assert "ben plays" in text and "jade" not in text  # what she may see, not Ben's secret charm


def test_no_message_while_the_player_is_on_the_page(mail_app, mapi):
    mapi.register("anna")
    mapi.register("ben")
    set_confirmed_email(mail_app, mapi, "ben", "ben@example.org")
    table_id = mapi.new_table("anna", joiners=["ben"], players=2)
    mapi.act(table_id, "ben", "pickCharm", charm="jade")
    mapi.act(table_id, "anna", "pickCharm", charm="amber")
    mapi.get(f"/api/tables/{table_id}/notifications", "ben")  # Ben's page polls
    view = mapi.view(table_id, "anna")
    mapi.act(table_id, "anna", "playCard", card=view["state"]["args"]["playable"][0])
    mapi.act(table_id, "anna", "confirm")  # Ben's turn: he is looking, so no message
    assert [o[2] for o in outbox(mail_app)] == [0]  # only the one queued when the table started


def test_switched_off_channels_get_nothing(mail_app, mapi):
    mapi.register("anna")
    mapi.register("ben")
    set_confirmed_email(mail_app, mapi, "ben", "ben@example.org", notify_email=False)
    mapi.new_table("anna", joiners=["ben"], players=2)
    assert outbox(mail_app) == []


def test_webhook_failures_are_retried_with_backoff_and_recorded(mail_app, mapi, webhook):
    url, received, state = webhook
    state["failures"] = 1
    mapi.register("anna")
    mapi.register("ben")
    assert mapi.client.patch("/api/me", headers=mapi.headers("ben"),
                             json={"webhook_url": url}).status_code == 200
    table_id = mapi.new_table("anna", joiners=["ben"], players=2)
    now = datetime.utcnow()
    assert "1 to retry" in deliver(mail_app, now)
    (_, _, _, status, attempts, error), = outbox(mail_app)
    assert (status, attempts) == ("pending", 1) and "500" in error
    assert "0 sent" in deliver(mail_app, now + timedelta(minutes=1))  # back-off: not yet
    assert "1 sent" in deliver(mail_app, now + timedelta(minutes=3))
    assert received[0]["table"] == table_id and "Your turn" in received[0]["content"]


def test_a_webhook_that_never_answers_is_marked_failed_not_lost(mail_app, mapi, webhook):
    url, _, state = webhook
    state["failures"] = 100
    mapi.register("anna")
    mapi.register("ben")
    mapi.client.patch("/api/me", headers=mapi.headers("ben"), json={"webhook_url": url})
    mapi.new_table("anna", joiners=["ben"], players=2)
    now = datetime.utcnow()
    for hour in range(8):
        deliver(mail_app, now + timedelta(hours=hour))
    (_, _, _, status, attempts, error), = outbox(mail_app)
    assert (status, attempts) == ("failed", 6) and error


def test_settings_refuse_bad_addresses(mapi):
    mapi.register("anna")
    response = mapi.client.patch("/api/me", headers=mapi.headers("anna"), json={"webhook_url": "ftp://x"})
    assert response.status_code == 400 and response.json["error"]["message"].startswith("webhook_url")
    assert mapi.client.patch("/api/me", headers=mapi.headers("anna"), json={"email": "nope"}).status_code == 400
