"""Hardening for a public server: switches read strictly, development tools kept to a
table's own players, and odd input refused with a 4xx, never a 500."""
import logging

import pytest

from framework.web import create_app
from framework.web.settings import SettingError
from tests.conftest import make_app

HUGE = "99999999999999999999"  # past 2^63: SQLite raised OverflowError (a 500) on it


@pytest.mark.parametrize("written, meant", [("False", False), ("no", False), ("OFF", False), ("0", False),
                                            ("true", True), ("Yes", True), ("on", True), ("1", True)])
def test_dev_mode_from_the_environment_means_what_it_says(monkeypatch, tmp_path, written, meant):
    monkeypatch.setenv("BGA_DEV_MODE", written)
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'env.sqlite'}", "GAMES": []})
    assert app.config["DEV_MODE"] is meant


def test_an_unreadable_switch_stops_the_server_naming_the_variable(monkeypatch, tmp_path):
    monkeypatch.setenv("BGA_DEV_MODE", "maybe")
    with pytest.raises(SettingError, match="BGA_DEV_MODE must be true or false"):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'env.sqlite'}", "GAMES": []})
    monkeypatch.delenv("BGA_DEV_MODE")
    with pytest.raises(SettingError, match="MAIL_USE_TLS"):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'env.sqlite'}", "GAMES": [],
                    "MAIL_USE_TLS": "sometimes"})
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'env.sqlite'}", "GAMES": [],
                      "DEV_MODE": "False"})
    assert app.config["DEV_MODE"] is False


def test_development_mode_is_announced_at_start(tmp_path, caplog):
    with caplog.at_level(logging.WARNING):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'dev.sqlite'}", "GAMES": [],
                    "DEV_MODE": True})
    assert any("development mode is on" in record.getMessage() for record in caplog.records)


def test_fork_and_early_export_are_for_the_tables_own_players_even_in_development(api):
    """Forking, and exporting before the end (the export holds every hand), are for the table's own
    players even in development mode; a fork is then the forker's own hotseat table."""
    for name in ("anna", "ben", "mallory"):
        api.register(name)
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    assert api.get(f"/api/tables/{table_id}/export", "mallory").status_code == 403   # it holds every hand
    assert api.post(f"/api/tables/{table_id}/fork", "mallory", json={"move": 0}).status_code == 403
    assert api.get(f"/api/tables/{table_id}/export", "ben").status_code == 200
    fork = api.post(f"/api/tables/{table_id}/fork", "anna", json={"move": 0})
    assert fork.status_code == 201
    assert api.get(f"/api/tables/{fork.json['id']}/export", "anna").status_code == 200
    assert api.get(f"/api/tables/{fork.json['id']}/export", "ben").status_code == 403


def test_huge_numbers_in_paths_and_queries_are_refused_not_a_server_error(app, api):
    api.register("anna")
    table_id = api.new_table("anna", players=2)
    paths = sorted({rule.rule for rule in app.url_map.iter_rules() if "<id:table_id>" in rule.rule})
    assert len(paths) >= 13
    for path in paths:
        url = path.replace("<id:table_id>", HUGE).replace("<action>", "pickCharm")
        for method in ("GET", "POST"):
            answer = api.client.open(url, method=method, headers=api.headers("anna"), json={})
            assert answer.status_code in (404, 405), (method, url, answer.status_code)
            assert answer.json["error"]["code"] in ("not_found", "method_not_allowed")
    for query in ("notifications?after=", "chat?after=", "replay?move="):
        answer = api.get(f"/api/tables/{table_id}/{query}{HUGE}", "anna")
        assert answer.status_code == 400 and answer.json["error"]["code"] == "invalid_arguments", query
    answer = api.act(table_id, "anna", "pickCharm", charm="jade", move=int(HUGE))
    assert answer.status_code == 400 and "move" in answer.json["error"]["message"]


@pytest.mark.parametrize("path, body", [("/api/users", '{"name": "x\\ud800", "password": "secret-pass"}'),
                                        ("/api/users", '{"name": "lone", "password": "secret\\udfff-pass"}'),
                                        ("/api/login", '{"name": "anna", "password": "secret\\ud800pass"}')])
def test_text_that_is_not_unicode_is_refused_not_a_server_error(client, path, body):
    answer = client.post(path, data=body, content_type="application/json")
    assert answer.status_code == 400 and answer.json["error"]["code"] == "malformed_json"


def test_chat_with_a_lone_surrogate_is_refused_and_nothing_is_said(api):
    api.register("anna")
    table_id = api.new_table("anna", players=2)
    answer = api.client.post(f"/api/tables/{table_id}/chat", headers=api.headers("anna"),
                             data='{"text": "hi \\ud83d"}', content_type="application/json")
    assert answer.status_code == 400
    assert api.get(f"/api/tables/{table_id}/chat", "anna").json["messages"] == []


@pytest.mark.parametrize("name", ["Heuristic bot 2", "random BOT 1", "anna #2", "dana #13", "Random bot 1 [bot]",
                                  "anna #2 [seat]"])
def test_the_names_of_bots_and_stand_ins_cannot_be_registered(client, name):
    answer = client.post("/api/users", json={"name": name, "password": "secret-pass"})
    assert answer.status_code == 409 and "kept for the server's bots" in answer.json["error"]["message"]


def squatter(app, name: str) -> int:
    """A person who registered `name` before it was kept for the server (written to the database directly)."""
    from werkzeug.security import generate_password_hash

    from framework.store import User, db

    with app.app_context():
        user = User(name=name, password_hash=generate_password_hash("squatter-pass"))
        db.session.add(user)
        db.session.commit()
        return user.id


def test_a_person_with_a_bots_name_is_never_seated_as_the_bot(app, api):
    """Bots were found by name: whoever held "Heuristic bot 1" sat in the bot's seat, read its hand and
    moved for it. They are found by kind now, and the person stays a stranger to the table."""
    squatter_id = squatter(app, "Heuristic bot 1")
    token = api.post("/api/login", json={"name": "Heuristic bot 1", "password": "squatter-pass"}).json["token"]
    api.tokens["squatter"], api.ids["squatter"] = token, squatter_id
    api.register("anna")
    table_id = api.new_table("anna", players=2)
    table = api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "heuristic"}).json
    bot = table["players"][1]
    assert bot["id"] != squatter_id and bot["is_bot"] is True and bot["name"] == "Heuristic bot 1 [bot]"
    seen = api.view(table_id, "squatter")
    assert "you" not in seen and seen["data"]["hand"] == []                # a spectator, not the bot
    assert api.act(table_id, "squatter", "pickCharm", charm="jade").status_code == 403
    assert api.post("/api/login", json={"name": "Heuristic bot 1 [bot]", "password": "any-password"}).status_code == 401


def test_a_person_with_a_stand_ins_name_is_never_seated_at_a_hotseat_table(app, api):
    squatter_id = squatter(app, "dana #2")
    api.register("dana")
    created = api.post("/api/tables", "dana", json={"game": "climb", "players": 2, "hotseat": True}).json
    stand_in = created["players"][1]
    assert stand_in["id"] != squatter_id and stand_in["name"] == "dana #2 [seat]" and stand_in["is_bot"] is False
    again = api.post("/api/tables", "dana", json={"game": "climb", "players": 2, "hotseat": True}).json
    assert again["players"][1]["id"] == stand_in["id"]                      # the same stand-in, found by kind


def test_the_log_tells_others_no_more_than_the_moves_notifications_did(api):
    """A move that told everyone nothing (Climb's `confirm` makes no notification at all) shows others
    neither its action nor its player while the game runs; its player sees it whole."""
    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", joiners=["ben"], players=2, options={"hand_size": 1})
    for who in ("anna", "ben"):
        assert api.act(table_id, who, "pickCharm", charm="jade").status_code == 200
    view = api.view(table_id, "anna")
    assert api.act(table_id, "anna", "playCard", card=view["state"]["args"]["playable"][0]).status_code == 200
    assert api.act(table_id, "anna", "confirm").status_code == 200
    for outsider in ("ben",):
        log = api.get(f"/api/tables/{table_id}/log", outsider).json["moves"]
        assert [(m["action"], m["player"] is not None) for m in log] == [
            ("pickCharm", True), ("pickCharm", True), ("playCard", True), (None, False)]
        assert "confirm" not in str(log)
    mine = api.get(f"/api/tables/{table_id}/log", "anna").json["moves"]
    assert mine[3]["action"] == "confirm" and mine[3]["player"] == api.ids["anna"] and mine[3]["args"] == {}


def test_a_private_table_does_not_exist_for_outsiders(api):
    """Its view, log, chat (read and write), notifications, replay, export, moves and seat changes
    are a 404 to anyone but its players, its creator and the users it waits for."""
    for name in ("anna", "ben", "cleo", "eve"):
        api.register(name)
    table_id = api.post("/api/tables", "anna", json={"game": "climb", "players": 3, "private": True,
                                                     "reserved": ["ben"]}).json["id"]
    assert api.view(table_id, "ben")["table"]["id"] == table_id             # reserved for him: he may look
    for method, path, body in [("get", "", None), ("get", "/log", None), ("get", "/chat", None),
                               ("post", "/chat", {"text": "hello?"}), ("get", "/notifications", None),
                               ("get", "/replay", None), ("get", "/export", None), ("post", "/join", {}),
                               ("post", "/leave", {}), ("post", "/return", {}), ("post", "/continue", {}),
                               ("post", "/bots", {"count": 1}), ("post", "/fork", {"move": 0}),
                               ("post", "/actions/pickCharm", {"charm": "jade"})]:
        answer = api.client.open(f"/api/tables/{table_id}{path}", method=method.upper(), headers=api.headers("eve"),
                                 json=body)
        assert answer.status_code == 404, (method, path, answer.status_code)
        assert answer.json["error"]["message"] == f"There is no table {table_id}."
    assert api.get(f"/api/tables/{table_id}/chat", "anna").json["messages"] == []   # eve's chat never landed


def test_a_reservation_by_a_name_nobody_had_does_not_open_a_private_table(api):
    """Reserving "zed" before anyone is called that: whoever registers "zed" later still needs the code."""
    api.register("anna")
    created = api.post("/api/tables", "anna", json={"game": "climb", "players": 2, "private": True,
                                                    "reserved": ["zed"]}).json
    assert "invite_code" in created and created["reserved"] == ["zed"]
    api.register("zed")
    assert api.post(f"/api/tables/{created['id']}/join", "zed").status_code == 404
    assert api.post("/api/join", "zed", json={"code": created["invite_code"]}).status_code == 200


def test_the_reserved_list_is_shown_to_the_creator_only(api):
    for name in ("anna", "ben", "cleo"):
        api.register(name)
    table_id = api.post("/api/tables", "anna", json={"game": "climb", "players": 3, "reserved": ["ben"]}).json["id"]
    assert api.view(table_id, "anna")["table"]["reserved"] == ["ben"]
    assert "reserved" not in api.view(table_id, "cleo")["table"]
    assert all("reserved" not in t for t in api.get("/api/tables?status=open", "cleo").json["tables"])


REFUSED_HOOKS = ["http://127.0.0.1:8080/hook", "https://169.254.169.254/latest/meta-data", "https://[::1]/hook",
                 "https://localhost/hook", "https://2130706433/hook", "https://0x7f000001/hook", "https://127.1/hook",
                 "https://[::ffff:127.0.0.1]/hook", "https://10.0.0.8/hook", "https://192.168.1.1/hook",
                 "https://224.0.0.1/hook", "https://0.0.0.0/hook", "https://user:pass@hooks.example.com/hook"]


@pytest.mark.parametrize("url", REFUSED_HOOKS)
def test_a_webhook_to_the_servers_own_network_is_refused_when_saved(api, url):
    api.register("anna")
    answer = api.client.patch("/api/me", headers=api.headers("anna"), json={"webhook_url": url})
    assert answer.status_code == 400 and answer.json["error"]["message"].startswith("webhook_url")
    assert api.get("/api/me", "anna").json["webhook_url"] is None


def test_a_webhook_address_longer_than_its_column_is_refused(api):
    api.register("anna")
    long_url = "https://hooks.example/" + "a" * 500
    answer = api.client.patch("/api/me", headers=api.headers("anna"), json={"webhook_url": long_url})
    assert answer.status_code == 400 and answer.json["error"]["message"].startswith("webhook_url")


def test_a_public_webhook_is_kept_without_asking_dns_and_http_is_for_development_only(api, tmp_path, monkeypatch):
    import socket

    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: pytest.fail("no DNS when an address is saved"))
    api.register("anna")
    url = "https://discord.example/api/webhooks/1/abc"
    assert api.client.patch("/api/me", headers=api.headers("anna"), json={"webhook_url": url}).status_code == 200
    from framework.store import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'prod.sqlite'}", "GAMES": []})
    with app.app_context():
        db.create_all()
    production = app.test_client()
    token = production.post("/api/users", json={"name": "ben", "password": "secret-pass"}).json["token"]
    answer = production.patch("/api/me", headers={"Authorization": f"Bearer {token}"},
                              json={"webhook_url": "http://hooks.example/x"})
    assert answer.status_code == 400 and "https" in answer.json["error"]["message"]


def queue_hooks(app, api, address: str, count: int = 1) -> None:
    """`count` due webhook messages to anna at `address` (written directly: saving would refuse it)."""
    from framework.store import db
    from framework.store.models import OutboxMessage

    api.register("anna")
    table_id = api.new_table("anna", players=2)
    with app.app_context():
        for turn in range(count):
            db.session.add(OutboxMessage(user_id=api.ids["anna"], table_id=table_id, turn=turn, channel="webhook",
                                         address=address, subject="Your turn", body="Your turn at table"))
        db.session.commit()


def deliver(app):
    from framework.store.delivery import deliver_due
    from framework.store.models import OutboxMessage, utcnow

    with app.app_context():
        counts = deliver_due(utcnow(), app.config)
        errors = [m.last_error for m in OutboxMessage.query.order_by(OutboxMessage.id)]
    return counts, errors


@pytest.mark.parametrize("address", ["https://127.0.0.1:9/hook", "https://[::ffff:10.1.2.3]/hook",
                                     "https://hooks.example/hook"])
def test_a_stored_webhook_that_leads_inside_is_refused_at_send_time_without_connecting(app, api, monkeypatch,
                                                                                          address):
    import socket

    monkeypatch.setattr(socket, "getaddrinfo",  # the name resolves to a private address when sending
                        lambda host, port, **k: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.9.8.7", port))])
    monkeypatch.setattr(socket, "create_connection", lambda *a, **k: pytest.fail("connected to a refused target"))
    queue_hooks(app, api, address)
    counts, errors = deliver(app)
    assert counts["retry"] == 1 and "RefusedTarget" in errors[0] and "public" in errors[0]


def test_a_webhook_redirect_is_not_followed(tmp_path):
    """A 302 from the hook is its answer: the server does not go where it points."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    hits = []

    class Redirecting(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802
            hits.append(self.path)
            self.send_response(302)
            self.send_header("Location", "/elsewhere")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Redirecting)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        app = make_app(f"sqlite:///{tmp_path / 'hooks.sqlite'}", WEBHOOK_PRIVATE_TARGETS=True)
        from tests.conftest import Api

        queue_hooks(app, Api(app.test_client()), f"http://127.0.0.1:{server.server_port}/hook")
        counts, errors = deliver(app)
    finally:
        server.shutdown()
        server.server_close()
    assert hits == ["/hook"] and counts["retry"] == 1 and "answered 302" in errors[0]


def test_one_tick_sends_at_most_five_messages_to_a_user_and_stops_at_its_budget(app, api, monkeypatch):
    from framework.store import delivery

    sent = []
    monkeypatch.setattr(delivery.webhooks, "post_json", lambda url, body, **k: sent.append(url) or 204)
    queue_hooks(app, api, "https://hooks.example/hook", count=7)
    counts, _ = deliver(app)
    assert counts["sent"] == 5 and len(sent) == 5                   # two wait for the next tick
    with app.app_context():
        from framework.store.models import utcnow

        assert delivery.deliver_due(utcnow(), app.config, budget=0) == {"sent": 0, "retry": 0, "failed": 0}
