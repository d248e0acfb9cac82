"""The schema comes from the migrations, and they match the models (so upgrades are possible)."""
import hashlib
import json

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from framework.store import db
from framework.web import create_app


def bare_app(path):
    """An app on its own SQLite file, serving no game: the migrations are the subject."""
    return create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "GAMES": []})

def migrated_app(uri):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": uri, "GAMES": []})
    result = app.test_cli_runner().invoke(args=["init-db"], catch_exceptions=False)
    assert result.exit_code == 0 and "database ready" in result.output
    return app


def insert(conn, table: str, **values) -> None:
    """One row written as an older schema had it: the columns named, the rest left to the database."""
    from sqlalchemy import text

    columns = ", ".join(values)
    conn.execute(text(f"INSERT INTO {table} ({columns}) VALUES ({', '.join(':' + c for c in values)})"), values)


def insert_user(conn, user_id: int, name: str) -> None:
    insert(conn, "users", id=user_id, name=name, password_hash="x", is_bot=0, created_at="2026-01-01")


def insert_table(conn, **values) -> None:
    """A table row with id 1 made by user 1; `values` add or override columns."""
    insert(conn, "tables", **{"id": 1, "game": "climb", "game_version": 1, "options": "{}", "seed": "s", "seats": 2,
                              "status": "playing", "move": 0, "creator_id": 1, "created_at": "2026-01-01",
                              "updated_at": "2026-01-01", **values})


def check_matches_models(app):
    with app.app_context():
        with db.engine.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn), db.metadata)
            tables = set(inspect(conn).get_table_names())
        db.engine.dispose()
    assert differences == []
    assert {"users", "tokens", "tables", "seats", "moves", "notifications", "attempts", "alembic_version"} <= tables


def stored_hash_of(snapshot: dict) -> str:
    """A snapshot's hash as the store wrote it (its seq left out)."""
    return hashlib.sha256(json.dumps({k: v for k, v in snapshot.items() if k != "seq"}, sort_keys=True,
                                     separators=(",", ":")).encode()).hexdigest()


def stored_snapshot() -> tuple[dict, str]:
    """The one stored table's snapshot and hash."""
    from sqlalchemy import text

    with db.engine.connect() as conn:
        snapshot, stored_hash = conn.execute(text("SELECT snapshot, state_hash FROM tables")).one()
    return json.loads(snapshot), stored_hash


def upgraded_and_back(before: tuple[dict, str], after: tuple[dict, str], revision: str) -> None:
    """upgrade() turns the stored table's snapshot and hash into `after`; downgrade(revision) gives `before` back."""
    from flask_migrate import downgrade, upgrade

    upgrade()
    assert stored_snapshot() == after
    downgrade(revision=revision)
    assert stored_snapshot() == before
    db.engine.dispose()


def test_init_db_builds_the_schema_of_the_models_on_sqlite(tmp_path):
    app = migrated_app(f"sqlite:///{tmp_path / 'fresh.sqlite'}")
    check_matches_models(app)
    # Running it again on an up-to-date database changes nothing and does not fail.
    assert app.test_cli_runner().invoke(args=["init-db"]).exit_code == 0


@pytest.mark.postgres
def test_init_db_builds_the_schema_of_the_models_on_postgresql(pg_database):
    check_matches_models(migrated_app(pg_database))


def test_upgrade_keeps_a_game_in_progress(tmp_path):
    """A server upgraded mid-game: rows written under the first schema get the new columns' defaults."""
    from flask_migrate import upgrade
    from sqlalchemy import text

    app = bare_app(tmp_path / "old.sqlite")
    with app.app_context():
        upgrade(revision="0001")
        with db.engine.begin() as conn:
            insert_user(conn, 1, "anna")
            insert_table(conn, move=1)
            insert(conn, "moves", table_id=1, number=1, player_id=1, action="cheer", args="{}",
                   created_at="2026-01-01")
        upgrade()
        with db.engine.connect() as conn:
            assert conn.execute(text("SELECT actor FROM moves")).scalar() == "player"
            row = conn.execute(text("SELECT turn_hours, private, reserved FROM tables")).one()
            assert (row[0], bool(row[1]), row[2]) == (0, False, "[]")
        db.engine.dispose()


def test_summon_tables_get_hand_number_and_their_hash_again(tmp_path):
    """Migration 0004: a Summon the Dragon table stored with `hand_no` is renamed in place, and its
    stored hash becomes the one today's engine reaches by replaying its moves."""
    from flask_migrate import upgrade

    from framework.engine import Table
    from framework.testing import default_players
    from games.summon_dragon import GAME as SUMMON

    players = default_players(4)
    table = Table.create(SUMMON, players, None, "migrate")
    for _ in range(30):  # into the auction of the first hand, not past it (the play's voids come from 0016)
        if table.state.data["contract"]:
            break
        player = table.active_players()[0]
        table.apply(player, *table.legal_actions(player)[0])
    today = table.snapshot()
    old = json.loads(json.dumps(today))
    old["data"] = {("hand_no" if k == "hand_number" else k): v for k, v in old["data"].items()
                   if k != "voids"}  # added by 0016
    old_hash = stored_hash_of(old)
    assert old_hash != table.state_hash()

    app = bare_app(tmp_path / "summon.sqlite")
    with app.app_context():
        upgrade(revision="0003")
        with db.engine.begin() as conn:
            insert_user(conn, 1, "anna")
            insert_table(conn, game="summon_dragon", seed="migrate", seats=4, move=table.move, snapshot=json.dumps(old),
                         state_hash=old_hash)
        upgraded_and_back((old, old_hash), (today, table.state_hash()), revision="0003")


def test_stored_reservations_become_ids_of_the_people_named(tmp_path):
    """Migration 0006: a reserved name held by a person becomes their id; a name nobody holds stays."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    app = bare_app(tmp_path / "seats.sqlite")
    with app.app_context():
        upgrade(revision="0005")
        with db.engine.begin() as conn:
            insert_user(conn, 1, "anna")
            insert_user(conn, 2, "ben")
            insert_table(conn, seats=3, status="open", reserved=json.dumps(["ben", "zed"]), private=1)
        upgrade()
        with db.engine.connect() as conn:
            assert json.loads(conn.execute(text("SELECT reserved FROM tables")).scalar()) == [2, "zed"]
        downgrade(revision="0005")
        with db.engine.connect() as conn:
            assert json.loads(conn.execute(text("SELECT reserved FROM tables")).scalar()) == ["ben", "zed"]
        db.engine.dispose()


def test_existing_names_get_keys_and_ones_that_differ_only_by_case_keep_working(tmp_path):
    """Migration 0008: every account gets its key and skeleton; of names that are one name without
    regard to case, the oldest owns the key and the others log in by their exact spelling."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text
    from werkzeug.security import generate_password_hash

    from tests.conftest import Api

    app = bare_app(tmp_path / "names.sqlite")
    secret = generate_password_hash("secret-pass", method="pbkdf2:sha256:1000")
    with app.app_context():
        upgrade(revision="0006")
        with db.engine.begin() as conn:
            for user_id, name in [(1, "anna"), (2, "Anna"), (3, "ｂｅｎ"), (4, "Heuristic bot 1")]:
                insert(conn, "users", id=user_id, name=name, password_hash=secret, is_bot=0, created_at="2026-01-01")
            insert(conn, "tokens", user_id=1, token_hash="h" * 64, created_at="2026-01-01", expires_at="2099-01-01")
        upgrade()
        with db.engine.connect() as conn:
            keys = dict(conn.execute(text("SELECT id, name_key FROM users")).all())
            token = conn.execute(text("SELECT last_used_at, label FROM tokens")).one()
        assert keys == {1: "anna", 2: "anna\x1f2", 3: "ben", 4: "heuristic bot 1"} and tuple(token) == (None, None)
        db.engine.dispose()
    api = Api(app.test_client())
    logins = {spelling: api.post("/api/login", json={"name": spelling, "password": "secret-pass"}).json["id"]
              for spelling in ("anna", "Anna", "ANNA", "ben")}
    assert logins == {"anna": 1, "Anna": 2, "ANNA": 1, "ben": 3}
    assert api.post("/api/users", json={"name": "Ben", "password": "secret-pass"}).status_code == 409
    with app.app_context():
        downgrade(revision="0006")
        with db.engine.connect() as conn:
            columns = {c["name"] for c in inspect(conn).get_columns("users")}
            assert "name_key" not in columns and conn.execute(text("SELECT count(*) FROM users")).scalar() == 4


def test_attempts_are_counted_in_a_table_of_their_own_that_downgrades_away(tmp_path):
    """Migration 0007: the login and registration counts every worker shares; going back drops them."""
    from flask_migrate import downgrade, upgrade

    app = bare_app(tmp_path / "attempts.sqlite")
    with app.app_context():
        upgrade(revision="0006")
        with db.engine.begin() as conn:
            insert_user(conn, 1, "anna")
        upgrade()
        with db.engine.begin() as conn:
            insert(conn, "attempts", kind="login", address="203.0.113.5", name_key="k", at="2026-12-01 12:00:00")
        downgrade(revision="0006")
        with db.engine.connect() as conn:
            assert "attempts" not in inspect(conn).get_table_names()
            assert conn.exec_driver_sql("SELECT name FROM users").scalar() == "anna"
        db.engine.dispose()


def test_undo_savepoints_learn_who_moved_since_them(tmp_path, capfd):
    """Migration 0009: a stored savepoint gets the players who moved since it (re-derived by replaying
    the table), so the undo Anna could still ask for after Ben's cheer is refused; its hash is the
    one today's engine reaches. A table whose game is not installed counts everyone as having moved."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    from framework.engine import Table
    from tests.conftest import make_app
    from tests.sample_game import Climb

    players = [{"id": 1, "name": "anna"}, {"id": 2, "name": "ben"}, {"id": 3, "name": "cleo"}]
    table, moves = Table.create(Climb, players, {}, "undo-migration"), []
    for player, action, args in [(1, "pickCharm", {"charm": "jade"}), (2, "pickCharm", {"charm": "ruby"}),
                                 (3, "pickCharm", {"charm": "ruby"}),
                                 (1, "playCard", {"card": Climb.playable(table.game, 1)[0]}), (2, "cheer", {})]:
        table.apply(player, action, args)
        moves.append((player, action, args))
    today = table.snapshot()
    assert today["savepoint"]["acted"] == [1, 2]
    old = json.loads(json.dumps(today))
    del old["savepoint"]["acted"]
    old_hash = stored_hash_of(old)

    app = make_app(f"sqlite:///{tmp_path / 'undo.sqlite'}")   # serves Climb
    with app.app_context():
        db.drop_all()
        upgrade(revision="0008")
        with db.engine.begin() as conn:
            for user_id, name in ((1, "anna"), (2, "ben"), (3, "cleo")):
                insert(conn, "users", id=user_id, name=name, name_key=name, name_skeleton=name, password_hash="x",
                       is_bot=0, created_at="2026-01-01")
            for table_id, game in ((1, "climb"), (2, "gone")):
                insert_table(conn, id=table_id, game=game, seed="undo-migration", move=5, seats=3,
                             options=json.dumps(table.options), snapshot=json.dumps(old), state_hash=old_hash)
                for seat in (0, 1, 2):
                    insert(conn, "seats", table_id=table_id, seat=seat, user_id=seat + 1, zombie=0)
                for number, (player, action, args) in enumerate(moves, start=1):
                    insert(conn, "moves", table_id=table_id, number=number, player_id=player, action=action,
                           args=json.dumps(args), actor="player", created_at="2026-01-01")
        upgrade()
        with db.engine.connect() as conn:
            rows = dict(conn.execute(text("SELECT id, snapshot FROM tables")).all())
            hashes = dict(conn.execute(text("SELECT id, state_hash FROM tables")).all())
        assert json.loads(rows[1]) == today and hashes[1] == table.state_hash()
        assert json.loads(rows[2])["savepoint"]["acted"] == [1, 2, 3] and "table 2 (gone)" in capfd.readouterr().err
        downgrade(revision="0008")
        with db.engine.connect() as conn:
            snapshot, stored_hash = conn.execute(text("SELECT snapshot, state_hash FROM tables WHERE id = 1")).one()
        assert json.loads(snapshot) == old and stored_hash == old_hash
        db.engine.dispose()


def test_dragon_phoenix_tables_get_their_hand_lines_and_rounds_taken_from_their_notifications(tmp_path):
    """Migration 0010: a Dragon and Phoenix table stored before `past_hands` and `rounds_won` gets them as a
    replay of its moves makes them (read from the notifications it sent), and its hash again."""
    from flask_migrate import upgrade

    from framework.engine import Table
    from framework.testing import default_players
    from games.dragon_phoenix import GAME as DP

    table = Table.create(DP, default_players(4), None, "migrate")
    notes = table.take_notifications()
    while table.state.data["hand_number"] < 2 or sum(table.state.data["rounds_won"].values()) < 2:
        player = table.active_players()[0]
        notes += table.apply(player, *table.zombie_move(player))
    today = table.snapshot()
    assert len(today["data"]["past_hands"]) == 1
    old = json.loads(json.dumps(today))
    old["data"] = {k: v for k, v in old["data"].items()
                   if k not in ("past_hands", "rounds_won", "wish_lacks")}  # wish_lacks: added by 0016
    old_hash = stored_hash_of(old)

    app = bare_app(tmp_path / "dp.sqlite")
    with app.app_context():
        upgrade(revision="0009")
        with db.engine.begin() as conn:
            insert_user(conn, 1, "anna")
            insert_table(conn, game="dragon_phoenix", seed="migrate", seats=4, move=table.move,
                         snapshot=json.dumps(old), state_hash=old_hash)
            for note in notes:
                insert(conn, "notifications", table_id=1, seq=note.seq, move=note.move, recipient=note.to,
                       type=note.type, log=note.log, args=json.dumps(note.args))
        upgraded_and_back((old, old_hash), (today, table.state_hash()), revision="0009")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_uri(request, tmp_path):
    """A fresh database on SQLite, and on PostgreSQL (skipped, saying why, when it is not installed)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'kinds.sqlite'}"
    return request.getfixturevalue("pg_database")


def test_is_bot_is_read_from_the_kind_and_comes_back_on_downgrade(database_uri):
    """Migration 0011: `users.is_bot` is dropped and `User.is_bot` says what the kind says, for bots, people
    and stand-ins alike; going back restores the column with each account's value."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import select, text

    from framework.store.models import User

    accounts = [(1, "anna", "person", False), (2, "Heuristic bot 1", "bot", True), (3, "anna #2", "stand_in", False),
                (4, "Random bot 2", "bot", True)]
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_uri, "GAMES": []})
    with app.app_context():
        upgrade(revision="0010")
        with db.engine.begin() as conn:
            for user_id, name, kind, is_bot in accounts:
                insert(conn, "users", id=user_id, name=name, name_key=name.lower(), name_skeleton=name.lower(),
                       password_hash="!", kind=kind, is_bot=is_bot, created_at="2026-01-01")
        upgrade()
        with db.engine.connect() as conn:
            assert "is_bot" not in {c["name"] for c in inspect(conn).get_columns("users")}
        assert {u.id: u.is_bot for u in db.session.scalars(select(User))} == {1: False, 2: True, 3: False, 4: True}
        db.session.remove()
        downgrade(revision="0010")
        with db.engine.connect() as conn:
            restored = {row[0]: bool(row[1]) for row in conn.execute(text("SELECT id, is_bot FROM users"))}
        assert restored == {user_id: is_bot for user_id, _, _, is_bot in accounts}
        db.engine.dispose()


def test_addresses_already_mailed_stay_confirmed_and_skeletons_fold_look_alike_sequences(database_uri):
    """Migration 0014: an address set before confirmations existed keeps its "your turn" messages, an account
    without one has nothing confirmed; "rnallory" gets the skeleton of "mallory" (so "mallory" is refused
    at registration); going back drops the confirmations and gives the TR39 skeleton again."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    from framework.store.errors import Conflict
    from framework.store.users import refuse_look_alike

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_uri, "GAMES": []})
    with app.app_context():
        upgrade(revision="0011")
        with db.engine.begin() as conn:
            insert(conn, "users", id=1, name="rnallory", name_key="rnallory", name_skeleton="rnallory",
                   password_hash="!", kind="person", created_at="2026-01-01", email="r@example.org")
            insert(conn, "users", id=2, name="ben", name_key="ben", name_skeleton="ben",
                   password_hash="!", kind="person", created_at="2026-01-01")
        upgrade()
        with db.engine.connect() as conn:
            rows = conn.execute(text("SELECT id, name_skeleton, email_confirmed_at IS NOT NULL FROM users "
                                     "ORDER BY id")).all()
        assert [tuple(row) for row in rows] == [(1, "mallory", True), (2, "ben", False)]
        with pytest.raises(Conflict, match="looks like 'rnallory'"):
            refuse_look_alike("mallory")
        db.session.remove()
        downgrade(revision="0011")
        with db.engine.connect() as conn:
            assert conn.execute(text("SELECT name_skeleton FROM users WHERE id = 1")).scalar() == "rnallory"
            assert "email_confirmed_at" not in {c["name"] for c in inspect(conn).get_columns("users")}
        db.engine.dispose()


def test_tables_made_before_spectator_chat_keep_letting_spectators_post(database_uri):
    """Migration 0013: tables that existed let spectators post, and still do; new ones default to players only.
    Mutes get a table of their own; going back drops both."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_uri, "GAMES": []})
    with app.app_context():
        upgrade(revision="0011")
        with db.engine.begin() as conn:
            insert(conn, "users", id=1, name="anna", name_key="anna", name_skeleton="anna", password_hash="!",
                   kind="person", created_at="2026-01-01")
            insert_table(conn, turn_hours=0, private=False, reserved="[]", hotseat=False)
        upgrade()
        with db.engine.begin() as conn:
            insert_table(conn, id=2, turn_hours=0, private=False, reserved="[]", hotseat=False)
            insert(conn, "mutes", user_id=1, muted_id=1, created_at="2026-01-02")
            allowed = dict(conn.execute(text("SELECT id, spectator_chat FROM tables")).all())
        assert {table_id: bool(value) for table_id, value in allowed.items()} == {1: True, 2: False}
        downgrade(revision="0011")
        with db.engine.connect() as conn:
            assert "mutes" not in inspect(conn).get_table_names()
            assert "spectator_chat" not in {c["name"] for c in inspect(conn).get_columns("tables")}
        db.engine.dispose()


def test_stream_leases_are_a_table_of_their_own_that_downgrades_away(database_uri):
    """Migration 0015: the open event streams' leases, counted by every process; going back drops them."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_uri, "GAMES": []})
    with app.app_context():
        upgrade(revision="0011")
        upgrade(revision="0015")
        with db.engine.begin() as conn:
            conn.execute(text("INSERT INTO stream_leases (user_id, address, table_id, seated, expires_at) "
                              "VALUES (1, '203.0.113.5', 1, false, '2026-12-01 12:00:00')"))
            assert conn.execute(text("SELECT count(*) FROM stream_leases")).scalar() == 1
        downgrade(revision="0011")
        with db.engine.connect() as conn:
            assert "stream_leases" not in inspect(conn).get_table_names()
        db.engine.dispose()


def played_until(game_cls, seed: str, done) -> tuple:
    """A table of `game_cls` played by seeded random moves until `done(data)`; with its notifications."""
    import random

    from framework.engine import Table
    from framework.testing import default_players

    table, rng = Table.create(game_cls, default_players(4), None, seed), random.Random(seed)
    notes = table.take_notifications()
    while not done(table.state.data):
        player = rng.choice([p for p in table.game.player_ids if table.legal_actions(p)])
        notes += table.apply(player, *table.random_action(player, rng))
    return table, notes


@pytest.mark.parametrize(("game", "key"), [("dragon_phoenix", "wish_lacks"), ("summon_dragon", "voids")])
def test_what_players_deduced_is_read_from_the_notifications_of_the_hand_under_way(tmp_path, game, key):
    """Migration 0016: a Dragon and Phoenix table stored before `wish_lacks` and a Summon the Dragon table
    stored before `voids` get them as a replay of their moves makes them (from the public notifications
    of the hand under way), and their hash again; a downgrade takes them away."""
    from flask_migrate import upgrade

    from framework.engine.plugins import discover_games

    def done(data):
        if game == "dragon_phoenix":
            return data["hand_number"] >= 2 and data["wish_lacks"]
        return data["hand_number"] >= 2 and sum(map(len, data["voids"].values())) >= 3

    table, notes = played_until(discover_games()[game], f"migrate-{game}", done)
    today = table.snapshot()
    old = json.loads(json.dumps(today))
    del old["data"][key]
    old_hash = stored_hash_of(old)

    app = bare_app(tmp_path / "deduced.sqlite")
    with app.app_context():
        upgrade(revision="0011")
        with db.engine.begin() as conn:
            insert(conn, "users", id=1, name="anna", password_hash="x", created_at="2026-01-01")  # no is_bot after 0011
            insert_table(conn, game=game, seed=f"migrate-{game}", seats=4, move=table.move,
                         snapshot=json.dumps(old), state_hash=old_hash)
            for note in notes:
                insert(conn, "notifications", table_id=1, seq=note.seq, move=note.move, recipient=note.to,
                       type=note.type, log=note.log, args=json.dumps(note.args))
        upgraded_and_back((old, old_hash), (today, table.state_hash()), revision="0011")


def test_bot_runner_claims_are_a_seat_column_that_downgrades_away(database_uri):
    """Migration 0017: `seats.thinking_since`, a bot runner's claim; gone going back."""
    from flask_migrate import downgrade, upgrade

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_uri, "GAMES": []})
    with app.app_context():
        upgrade(revision="0016")
        upgrade(revision="0017")
        with db.engine.connect() as conn:
            assert "thinking_since" in {c["name"] for c in inspect(conn).get_columns("seats")}
        downgrade(revision="0016")
        with db.engine.connect() as conn:
            assert "thinking_since" not in {c["name"] for c in inspect(conn).get_columns("seats")}
        db.engine.dispose()
