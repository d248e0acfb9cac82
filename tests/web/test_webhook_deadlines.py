"""Outbound webhooks against hostile targets on 127.0.0.1: one that trickles its answer a byte at a time,
one that answers without end, and one whose user chose a name full of chat markup.

The targets are local (loopback), so the apps here allow private targets, as a local bridge would need.
"""
import contextlib
import json
import socket
import threading
import time
from datetime import datetime

import pytest

from framework.store import db, delivery, webhooks
from framework.store.models import OutboxMessage, utcnow
from tests.conftest import Api, make_app


class Target:
    """A raw TCP webhook target: reads the request, then answers with `answer(connection)`."""

    def __init__(self, answer):
        self.answer, self.hits, self.stop = answer, [], threading.Event()
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.2)
        self.url = f"http://127.0.0.1:{self.server.getsockname()[1]}/hook"
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while not self.stop.is_set():
            try:
                connection, _ = self.server.accept()
            except TimeoutError:
                continue
            threading.Thread(target=self.handle, args=(connection,), daemon=True).start()

    def handle(self, connection):
        with connection:
            connection.settimeout(5)
            request = b""
            while b"\r\n\r\n" not in request:
                request += connection.recv(4096)
            head, _, body = request.partition(b"\r\n\r\n")
            length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length")))
            while len(body) < length:
                body += connection.recv(4096)
            self.hits.append((time.monotonic(), json.loads(body)))
            with contextlib.suppress(OSError):  # the sender hung up: what a deadline does
                self.answer(connection, self.stop)

    def close(self):
        self.stop.set()
        self.thread.join(2)
        self.server.close()


def trickle(connection, stop):
    """A status line and then one header byte every 0.2 s, for up to 20 s: each byte comes well within
    any per-read timeout, so only an overall deadline ends it."""
    connection.sendall(b"HTTP/1.1 200 OK\r\n")
    for _ in range(100):
        if stop.wait(0.2):
            return
        connection.sendall(b"x")


def flood(connection, stop):
    """A status line and then headers without end, as fast as the sender reads."""
    connection.sendall(b"HTTP/1.1 200 OK\r\n")
    line = b"X-Filler: " + b"y" * 1000 + b"\r\n"
    for _ in range(100_000):
        if stop.is_set():
            return
        connection.sendall(line)


def answer_204(connection, stop):
    connection.sendall(b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n")


@pytest.fixture
def targets():
    made = []

    def make(answer):
        made.append(Target(answer))
        return made[-1]

    yield make
    for target in made:
        target.close()


@pytest.fixture
def hook_app(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'hooks.sqlite'}", WEBHOOK_PRIVATE_TARGETS=True)
    yield app
    with app.app_context():
        db.engine.dispose()


def test_a_trickling_target_is_cut_at_the_deadline(targets):
    slow = targets(trickle)
    started = time.monotonic()
    with pytest.raises(webhooks.DeadlinePassed):
        webhooks.post_json(slow.url, b"{}", allow_http=True, allow_private=True, timeout=1.0)
    assert time.monotonic() - started < 1.8  # the deadline, not 20 s of trickle


def test_an_endless_answer_is_read_no_further_than_the_cap(targets):
    endless = targets(flood)
    started = time.monotonic()
    with pytest.raises(Exception, match=f"longer than {webhooks.MAX_ANSWER_BYTES} bytes"):
        webhooks.post_json(endless.url, b"{}", allow_http=True, allow_private=True, timeout=3.0)
    assert time.monotonic() - started < 1.0


def queue(app, user_id: int, table_id: int, address: str, turn: int = 0) -> None:
    with app.app_context():
        db.session.add(OutboxMessage(user_id=user_id, table_id=table_id, turn=turn, channel="webhook",
                                     address=address, subject="Your turn", body="Your turn at table"))
        db.session.commit()


def test_a_slow_target_delays_only_its_own_messages(hook_app, targets, monkeypatch):
    """The attacker's trickling hook is due first, the victim's second: the victim's message goes out
    long before the attacker's deadline has passed, and the attacker's is recorded as timed out."""
    monkeypatch.setattr(webhooks, "SEND_TIMEOUT", 2.0)
    slow, fast = targets(trickle), targets(answer_204)
    api = Api(hook_app.test_client())
    api.register("mallory")
    api.register("vera")
    table_id = api.new_table("vera", joiners=["mallory"], players=2)
    queue(hook_app, api.ids["mallory"], table_id, slow.url)
    queue(hook_app, api.ids["vera"], table_id, fast.url)
    started = time.monotonic()
    with hook_app.app_context():
        counts = delivery.deliver_due(utcnow(), hook_app.config)
        errors = {m.address: (m.status, m.last_error) for m in db.session.query(OutboxMessage)}
    took = time.monotonic() - started
    assert counts == {"sent": 1, "retry": 1, "failed": 0}
    (sent_at, _), = fast.hits
    assert sent_at - started < 0.5                    # not after the attacker's 2 s
    assert 1.9 < took < 3.0                           # the run itself ends at the attacker's deadline
    assert errors[fast.url] == ("sent", None)
    assert errors[slow.url][0] == "pending" and "DeadlinePassed" in errors[slow.url][1]


def test_the_tick_sends_nothing_and_deliver_does(hook_app, targets):
    """Game work and sending are apart: a tick leaves a due message pending, `flask deliver` sends it."""
    fast = targets(answer_204)
    api = Api(hook_app.test_client())
    api.register("vera")
    table_id = api.new_table("vera", players=2)
    queue(hook_app, api.ids["vera"], table_id, fast.url)
    now = datetime.utcnow().isoformat()
    tick = hook_app.test_cli_runner().invoke(args=["tick", "--now", now])
    assert tick.exit_code == 0 and fast.hits == []
    sent = hook_app.test_cli_runner().invoke(args=["deliver", "--now", now])
    assert sent.exit_code == 0 and "1 sent" in sent.output and len(fast.hits) == 1


def test_names_with_mentions_and_slack_markup_stay_text(hook_app, targets):
    """A player named `@everyone <!channel>` moves; the victim's "your turn" names them without pinging
    the channel: Discord is told to parse no mention, and Slack gets `<` `>` `&` escaped."""
    fast = targets(answer_204)
    api = Api(hook_app.test_client())
    attacker = "@everyone <!channel>"
    api.register(attacker)
    api.register("vera")
    assert api.client.patch("/api/me", headers=api.headers("vera"), json={"webhook_url": fast.url}).status_code == 200
    table_id = api.new_table("vera", joiners=[attacker], players=2)
    api.act(table_id, "vera", "pickCharm", charm="amber")
    api.act(table_id, attacker, "pickCharm", charm="jade")
    for who in ("vera", attacker):
        if who == attacker:
            with hook_app.app_context():  # vera closed the page long ago
                from framework.store.models import Seat
                db.session.execute(Seat.__table__.update().values(last_seen=datetime(2020, 1, 1)))
                db.session.commit()
        view = api.view(table_id, who)
        assert api.act(table_id, who, "playCard", card=view["state"]["args"]["playable"][0]).status_code == 200
        assert api.act(table_id, who, "confirm").status_code == 200
    with hook_app.app_context():
        bodies = [m.body for m in db.session.query(OutboxMessage)]
    assert any(attacker in body for body in bodies), bodies    # the name is in the digest
    assert hook_app.test_cli_runner().invoke(args=["deliver"]).exit_code == 0
    payload = next(body for _, body in fast.hits if attacker in body["content"])
    assert payload["allowed_mentions"] == {"parse": []}
    assert "<!channel>" not in payload["text"] and "&lt;!channel&gt;" in payload["text"]
    assert "@everyone &lt;!channel&gt;" in payload["text"]
    assert attacker in payload["content"]                      # Discord shows it as written, pinging nobody


def test_a_name_server_that_never_answers_counts_against_the_deadline(monkeypatch):
    release = threading.Event()
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: release.wait(10) and [])
    started = time.monotonic()
    try:
        with pytest.raises(webhooks.DeadlinePassed, match="did not resolve"):
            webhooks.post_json("https://hooks.example/x", b"{}", allow_http=False, allow_private=False, timeout=0.5)
    finally:
        release.set()
    assert time.monotonic() - started < 1.0


def test_targets_being_retried_wait_behind_fresh_ones(hook_app, targets, monkeypatch):
    """Many slow hooks that already failed once cannot fill the pool before a fresh message: the victim's
    is due last, yet served first."""
    monkeypatch.setattr(webhooks, "SEND_TIMEOUT", 1.5)
    monkeypatch.setattr(delivery, "WORKERS", 2)
    slow = [targets(trickle) for _ in range(3)]
    fast = targets(answer_204)
    api = Api(hook_app.test_client())
    api.register("vera")
    table_id = api.new_table("vera", players=2)
    for number, target in enumerate(slow):
        api.register(f"mallory{number}")
        queue(hook_app, api.ids[f"mallory{number}"], table_id, target.url)
    queue(hook_app, api.ids["vera"], table_id, fast.url)
    with hook_app.app_context():
        db.session.query(OutboxMessage).filter(OutboxMessage.address != fast.url).update({"attempts": 1})
        db.session.commit()
    started = time.monotonic()
    with hook_app.app_context():
        counts = delivery.deliver_due(utcnow(), hook_app.config)
    assert counts["sent"] == 1 and counts["retry"] == 3
    (sent_at, _), = fast.hits
    assert sent_at - started < 0.5
