"""Limits on guessing passwords and on making accounts: counted in the database for
every worker, per name from one address (never locking the owner out elsewhere), per address with a
higher ceiling, answered with when to try again; X-Forwarded-For only from trusted proxies."""
import re

import pytest

from framework.store import db
from framework.web import create_app
from framework.web.settings import SettingError
from tests.conftest import Api, make_app

ATTACKER, OWNER = "203.0.113.5", "198.51.100.7"


def login(client, name: str, password: str, address: str = "127.0.0.1", forwarded: str | None = None):
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    return client.post("/api/login", json={"name": name, "password": password}, headers=headers,
                       environ_base={"REMOTE_ADDR": address})


def register(client, name: str, address: str = "127.0.0.1", forwarded: str | None = None):
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    return client.post("/api/users", json={"name": name, "password": "secret-pass"}, headers=headers,
                       environ_base={"REMOTE_ADDR": address})


def check_two_workers_share_the_count(uri: str) -> None:
    apps = [make_app(uri, LOGIN_ATTEMPTS=4) for _ in range(2)]
    first, second = (app.test_client() for app in apps)
    Api(first).register("anna", "right-password")
    for worker in (first, second, first, second):
        assert login(worker, "anna", "wrong-guess").status_code == 401
    for worker in (first, second):
        assert login(worker, "anna", "right-password").status_code == 429
    for app in apps:
        with app.app_context():
            db.engine.dispose()


def test_two_workers_on_one_database_share_the_count(tmp_path):
    check_two_workers_share_the_count(f"sqlite:///{tmp_path / 'shared.sqlite'}")


@pytest.mark.postgres
def test_two_workers_on_postgresql_share_the_count(pg_database):
    check_two_workers_share_the_count(pg_database)


def test_guesses_from_one_address_never_lock_the_owner_out_from_another(tmp_path):
    client = make_app(f"sqlite:///{tmp_path / 'owner.sqlite'}", LOGIN_ATTEMPTS=3).test_client()
    Api(client).register("anna", "right-password")
    for _ in range(3):
        assert login(client, "anna", "wrong-guess", ATTACKER).status_code == 401
    assert login(client, "anna", "right-password", ATTACKER).status_code == 429
    assert login(client, "anna", "right-password", OWNER).status_code == 200


def test_a_name_is_one_name_however_it_is_written(tmp_path):
    client = make_app(f"sqlite:///{tmp_path / 'case.sqlite'}", LOGIN_ATTEMPTS=3).test_client()
    for written in ("anna", " ANNA ", "Anna"):
        assert login(client, written, "wrong-guess", ATTACKER).status_code == 401
    assert login(client, "aNNa", "wrong-guess", ATTACKER).status_code == 429
    assert login(client, "ben", "wrong-guess", ATTACKER).status_code == 401  # the address is not over its ceiling


def test_a_limited_login_says_when_to_try_again(tmp_path):
    client = make_app(f"sqlite:///{tmp_path / 'retry.sqlite'}", LOGIN_ATTEMPTS=2).test_client()
    for _ in range(2):
        login(client, "anna", "wrong-guess", ATTACKER)
    limited = login(client, "anna", "wrong-guess", ATTACKER)
    assert limited.status_code == 429 and limited.json["error"]["code"] == "too_many_attempts"
    seconds = int(re.search(r"try again in (\d+) s", limited.json["error"]["message"]).group(1))
    assert limited.headers["Retry-After"] == str(seconds) and 890 <= seconds <= 900


def test_one_address_trying_many_names_meets_a_higher_ceiling(tmp_path):
    client = make_app(f"sqlite:///{tmp_path / 'ceiling.sqlite'}", LOGIN_ATTEMPTS=2,
                      LOGIN_ATTEMPTS_PER_ADDRESS=5).test_client()
    for name in ("anna", "anna", "ben", "ben", "carl"):
        assert login(client, name, "wrong-guess", ATTACKER).status_code == 401
    assert login(client, "dora", "wrong-guess", ATTACKER).status_code == 429  # a name not tried yet
    assert login(client, "dora", "wrong-guess", OWNER).status_code == 401


def test_an_ipv6_host_counts_as_one_address_however_many_it_takes_from_its_64(tmp_path):
    client = make_app(f"sqlite:///{tmp_path / 'six.sqlite'}", LOGIN_ATTEMPTS_PER_ADDRESS=2).test_client()
    for name, address in (("anna", "2001:db8:0:1::1"), ("ben", "2001:db8:0:1::2")):
        assert login(client, name, "wrong-guess", address).status_code == 401
    assert login(client, "carl", "wrong-guess", "2001:db8:0:1:ffff::3").status_code == 429
    assert login(client, "carl", "wrong-guess", "2001:db8:0:2::1").status_code == 401  # the next /64


def test_registrations_are_limited_per_address(tmp_path):
    client = make_app(f"sqlite:///{tmp_path / 'signups.sqlite'}", REGISTRATIONS_PER_ADDRESS=2).test_client()
    assert [register(client, name, ATTACKER).status_code for name in ("a1", "a2")] == [201, 201]
    refused = register(client, "a3", ATTACKER)
    assert refused.status_code == 429 and refused.json["error"]["code"] == "too_many_attempts"
    assert 3590 <= int(refused.headers["Retry-After"]) <= 3600
    assert register(client, "b1", OWNER).status_code == 201


def test_a_forged_forwarded_for_gives_no_fresh_address_without_trusted_proxies(tmp_path):
    client = make_app(f"sqlite:///{tmp_path / 'forged.sqlite'}", REGISTRATIONS_PER_ADDRESS=2).test_client()
    answers = [register(client, f"m{n}", ATTACKER, forwarded=f"192.0.2.{n}").status_code for n in range(3)]
    assert answers == [201, 201, 429]


def test_behind_a_trusted_proxy_each_client_is_counted_by_its_own_address(tmp_path):
    client = make_app(f"sqlite:///{tmp_path / 'proxied.sqlite'}", LOGIN_ATTEMPTS=2, TRUSTED_PROXIES=1).test_client()
    Api(client).register("anna", "right-password")
    proxy = "10.0.0.2"
    for forged in ("192.0.2.1", "192.0.2.2"):  # what the client wrote comes first; the proxy appends what it saw
        assert login(client, "anna", "wrong-guess", proxy, forwarded=f"{forged}, {ATTACKER}").status_code == 401
    assert login(client, "anna", "right-password", proxy, forwarded=f"192.0.2.3, {ATTACKER}").status_code == 429
    assert login(client, "anna", "right-password", proxy, forwarded=OWNER).status_code == 200


def test_a_port_written_by_the_proxy_gives_no_fresh_address(tmp_path):
    client = make_app(f"sqlite:///{tmp_path / 'ports.sqlite'}", LOGIN_ATTEMPTS_PER_ADDRESS=2,
                      TRUSTED_PROXIES=1).test_client()
    for name, port in (("anna", 1111), ("ben", 2222)):
        assert login(client, name, "wrong-guess", "10.0.0.2", forwarded=f"{ATTACKER}:{port}").status_code == 401
    assert login(client, "carl", "wrong-guess", "10.0.0.2", forwarded=f"{ATTACKER}:3333").status_code == 429
    assert login(client, "carl", "wrong-guess", "10.0.0.2", forwarded="[2001:db8::1]:443").status_code == 401


@pytest.mark.parametrize("written", ["two", "-1", "1.5", "true", ""])
def test_an_unreadable_trusted_proxies_stops_the_server_naming_the_variable(monkeypatch, tmp_path, written):
    monkeypatch.setenv("BGA_TRUSTED_PROXIES", written)
    with pytest.raises(SettingError, match="BGA_TRUSTED_PROXIES must be"):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'env.sqlite'}", "GAMES": []})


def test_limits_from_the_environment_are_whole_numbers(monkeypatch, tmp_path):
    monkeypatch.setenv("BGA_TRUSTED_PROXIES", " 2 ")
    monkeypatch.setenv("BGA_REGISTRATIONS_PER_ADDRESS", "25")
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'env.sqlite'}", "GAMES": []})
    assert (app.config["TRUSTED_PROXIES"], app.config["REGISTRATIONS_PER_ADDRESS"]) == (2, 25)
    monkeypatch.setenv("BGA_EVENTS_MAX_STREAMS", "some")  # read at each stream: it must be a number from the start
    with pytest.raises(SettingError, match="BGA_EVENTS_MAX_STREAMS must be a whole number"):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'env.sqlite'}", "GAMES": []})
    monkeypatch.delenv("BGA_EVENTS_MAX_STREAMS")
    monkeypatch.setenv("BGA_LOGIN_ATTEMPTS", "0")  # no login could ever fail once
    with pytest.raises(SettingError, match="BGA_LOGIN_ATTEMPTS must be at least 1"):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'env.sqlite'}", "GAMES": []})


def test_an_unknown_name_costs_one_password_check_like_a_known_one(api, monkeypatch):
    from framework.store import users

    checks = []
    real_check = users.check_password_hash
    monkeypatch.setattr(users, "check_password_hash", lambda *args: checks.append(1) or real_check(*args))
    api.register("anna", "right-password")
    for name in ("anna", "nobody"):
        checks.clear()
        assert api.post("/api/login", json={"name": name, "password": "wrong-guess"}).status_code == 401
        assert len(checks) == 1, name


def test_the_decoy_hash_costs_what_a_new_password_hash_does():
    from werkzeug.security import generate_password_hash

    from framework.store.users import DECOY_HASH

    method = DECOY_HASH.split("$")[0]  # e.g. scrypt:32768:8:1, its cost in the parameters
    assert method == generate_password_hash("secret-pass").split("$")[0]


def test_with_another_hash_method_the_decoy_is_made_by_that_method(app):
    """A server configured for another method (the tests' cheap one) checks unknown names against a decoy
    of that method: a login naming nobody costs what a wrong password does there too."""
    from framework.store.users import decoy_hash, hash_password

    with app.app_context():
        method = app.config["PASSWORD_HASH_METHOD"]
        assert method != "scrypt" and decoy_hash().split("$")[0] == hash_password("secret-pass").split("$")[0]


@pytest.mark.parametrize("written", ["scrpyt", "scrypt:1:2", "pbkdf2:sha256:many", "md5", "5"])
def test_an_unknown_password_hash_method_stops_the_server_naming_the_variable(monkeypatch, tmp_path, written):
    """Else the server would start, and refuse every registration, login of an unknown name and new password."""
    monkeypatch.setenv("BGA_PASSWORD_HASH_METHOD", written)
    with pytest.raises(SettingError, match="BGA_PASSWORD_HASH_METHOD must be one of werkzeug's password hash"):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'env.sqlite'}", "GAMES": []})
    monkeypatch.setenv("BGA_PASSWORD_HASH_METHOD", "pbkdf2:sha256:1000")
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'env.sqlite'}", "GAMES": []})
    assert app.config["PASSWORD_HASH_METHOD"] == "pbkdf2:sha256:1000"
    with pytest.raises(SettingError, match="^PASSWORD_HASH_METHOD must be"):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'env.sqlite'}", "GAMES": [],
                    "PASSWORD_HASH_METHOD": "plain"})


def test_only_the_attempts_still_counting_are_kept(tmp_path):
    from datetime import datetime, timedelta

    from framework.store.models import Attempt

    now = [datetime(2026, 12, 1, 12, 0)]
    app = make_app(f"sqlite:///{tmp_path / 'prune.sqlite'}", LOGIN_WINDOW_SECONDS=60, CLOCK=lambda: now[0])
    client = app.test_client()
    for name in ("anna", "ben", "carl"):
        login(client, name, "wrong-guess", ATTACKER)
    now[0] += timedelta(seconds=61)
    login(client, "dora", "wrong-guess", OWNER)
    with app.app_context():
        assert db.session.query(Attempt).count() == 1
