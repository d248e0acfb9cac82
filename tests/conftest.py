"""Shared fixtures: an app on a fresh SQLite file, an API client that reads like a player."""
from __future__ import annotations

import pytest

from framework.store import db
from framework.web import create_app

from .postgres import throwaway_cluster

TEST_GAMES = ["tests.sample_game:Climb"]
UNLIMITED = 10**6
CHEAP_HASH = "pbkdf2:sha256:1"  # a password hash the tests can afford for every account they register
pytest_plugins = ["tests.receivers"]  # the smtp and webhook receiver fixtures


def make_app(database_uri: str, **config):
    """The app with only the tests' own game: framework tests do not depend on the real games.
    Tests register many players from one address: the registration limit is the limit tests' own, and
    so is a cheap password hash (scrypt's ~130 ms an account would be most of a test's time)."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_uri, "GAMES": [],
                      "GAMES_EXTRA": TEST_GAMES, "REGISTRATIONS_PER_ADDRESS": UNLIMITED,
                      "PASSWORD_HASH_METHOD": CHEAP_HASH, **config})
    with app.app_context():
        db.create_all()
    return app


@pytest.fixture
def app(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'test.sqlite'}")
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture(scope="session")
def postgres_url():
    with throwaway_cluster() as url:
        yield url


class Api:
    """Talks to the JSON API as a user would: `api.register("anna")`, then `api.post(...)`."""

    def __init__(self, client):
        self.client = client
        self.tokens: dict[str, str] = {}
        self.ids: dict[str, int] = {}

    def register(self, name: str, password: str = "secret-pass") -> str:
        response = self.client.post("/api/users", json={"name": name, "password": password})
        assert response.status_code == 201, response.json
        self.tokens[name] = response.json["token"]
        self.ids[name] = response.json["id"]
        return response.json["token"]

    def headers(self, who: str | None) -> dict:
        return {"Authorization": f"Bearer {self.tokens[who]}"} if who else {}

    def get(self, path: str, who: str | None = None, **kwargs):
        return self.client.get(path, headers=self.headers(who), **kwargs)

    def post(self, path: str, who: str | None = None, json=None, **kwargs):
        return self.client.post(path, headers=self.headers(who), json=json, **kwargs)

    def act(self, table_id: int, who: str, action: str, *, answer_view: bool = False, **args):
        query = "?view=true" if answer_view else ""
        return self.post(f"/api/tables/{table_id}/actions/{action}{query}", who, json=args)

    def view(self, table_id: int, who: str) -> dict:
        response = self.get(f"/api/tables/{table_id}", who)
        assert response.status_code == 200, response.json
        return response.json

    def new_table(self, creator: str, game: str = "climb", joiners=(), **body) -> int:
        response = self.post("/api/tables", creator, json={"game": game, **body})
        assert response.status_code == 201, response.json
        table_id = response.json["id"]
        for name in joiners:
            assert self.post(f"/api/tables/{table_id}/join", name).status_code == 200
        return table_id


@pytest.fixture
def api(client) -> Api:
    return Api(client)


@pytest.fixture
def pg_database(postgres_url, request):
    """A fresh, empty database in the session's throwaway cluster."""
    import psycopg

    name = "t_" + "".join(c if c.isalnum() else "_" for c in request.node.name.lower())[:50]
    plain = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return postgres_url.rsplit("/", 1)[0] + "/" + name
