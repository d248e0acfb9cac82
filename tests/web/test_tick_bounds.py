"""The tick shares its moves between tables, and long games are bounded: moves per game, tables per
account, the log by pages, replays from checkpoints."""
from datetime import datetime

import pytest
from sqlalchemy import func, select

from framework.engine import replay
from framework.store import db, journal, queries
from framework.store.loading import engine_players
from framework.store.models import Checkpoint, TableRecord
from framework.store.moves import Automatic
from framework.web import cli
from tests.conftest import Api, make_app
from tests.http_play import play_over_http
from tests.sample_game import Climb


def test_two_endless_bot_tables_do_not_starve_a_human_table(app, monkeypatch):
    """Two tables whose bots would play forever come first; a third needs 3 moves before its person is
    to act. The tick plays the third's moves in its first round, and stops at its budget."""
    order = []
    need = {1: 10**9, 2: 10**9, 3: 3}

    def play(table_id, games, budget=None, max_moves=5000, now=None):
        played = min(max_moves, need[table_id])
        need[table_id] -= played
        order.extend([table_id] * played)
        return Automatic(played, need[table_id] > 0)

    monkeypatch.setattr(cli, "play_automatic", play)
    monkeypatch.setattr(cli, "tables_waiting_for_automatic_moves", lambda: [1, 2, 3])
    app.config.update(TICK_MOVES=100, TICK_MOVES_PER_ROUND=5)
    with app.app_context():
        report = cli.run_tick(datetime.utcnow())
    assert need[3] == 0 and max(i for i, t in enumerate(order) if t == 3) < 15  # served in the first round
    assert report["moves"] == len(order) == 100 and report["tables"] == 3
    assert abs(order.count(1) - order.count(2)) <= 5                            # the rest shared evenly


def test_a_game_past_its_move_bound_ends_as_abandoned_with_its_log(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'bound.sqlite'}", MAX_GAME_MOVES=5)
    api = Api(app.test_client())
    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    view = play_over_http(app, api, table_id, ["anna", "ben"], until=lambda v: v["table"]["status"] != "playing")
    assert view["table"]["status"] == "abandoned" and view["table"]["move"] == 5
    log = api.get(f"/api/tables/{table_id}/log", "anna").json
    assert [m["move"] for m in log["moves"]] == [1, 2, 3, 4, 5] and all(m["action"] for m in log["moves"])
    refused = api.act(table_id, "ben", "confirm")
    assert refused.status_code == 409 and "abandoned" in refused.json["error"]["message"]
    assert app.test_cli_runner().invoke(args=["verify-games"]).exit_code == 0  # it still replays
    export = api.get(f"/api/tables/{table_id}/export", "anna")
    assert export.status_code == 200 and len(export.json["moves"]) == 5


def test_one_account_has_a_bounded_number_of_unfinished_tables(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'tables.sqlite'}", MAX_OPEN_TABLES=3)
    api = Api(app.test_client())
    api.register("anna")
    api.register("ben")
    for _ in range(3):
        api.new_table("anna", players=2)
    refused = api.post("/api/tables", "anna", json={"game": "climb", "players": 2})
    assert refused.status_code == 409 and refused.json["error"]["code"] == "too_many_tables"
    assert "3 unfinished tables" in refused.json["error"]["message"]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(TableRecord)) == 3
    assert api.post("/api/tables", "ben", json={"game": "climb", "players": 2}).status_code == 201  # others may


def long_table(tmp_path, name: str, **config):
    app = make_app(f"sqlite:///{tmp_path / name}", **config)
    api = Api(app.test_client())
    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", joiners=["ben"], players=2, seed="long")
    play_over_http(app, api, table_id, ["anna", "ben"], seed="long")
    return app, api, table_id


def test_the_log_comes_in_pages_with_a_cursor(tmp_path):
    app, api, table_id = long_table(tmp_path, "log.sqlite")
    everything = api.get(f"/api/tables/{table_id}/log?limit=1000", "anna").json
    total = len(everything["moves"])
    assert total > 6 and everything["next"] is None
    seen, after = [], 0
    while after is not None:
        page = api.get(f"/api/tables/{table_id}/log?limit=3&after={after}", "ben").json
        assert len(page["moves"]) <= 3
        seen += page["moves"]
        after = page["next"]
    assert seen == everything["moves"]
    for bad in ("limit=0", "limit=1001", "after=-1", "limit=x"):
        answer = api.get(f"/api/tables/{table_id}/log?{bad}", "anna")
        assert answer.status_code == 400, bad


def test_a_late_replay_starts_from_a_checkpoint_and_shows_the_same_table(tmp_path, monkeypatch):
    monkeypatch.setattr(journal, "CHECKPOINT_EVERY", 4)
    app, api, table_id = long_table(tmp_path, "replay.sqlite")
    with app.app_context():
        record = db.session.get(TableRecord, table_id)
        marks = list(db.session.scalars(select(Checkpoint.move).where(Checkpoint.table_id == table_id)))
        assert marks == list(range(4, record.move + 1, 4)) and marks
        late = marks[-1] + (1 if marks[-1] < record.move else 0)
        games = app.extensions["games"]
        from_checkpoint = queries.replayed(record, games, until=late)
        from_deal = replay(Climb, engine_players(record.players), record.options, record.seed,
                           [m.logged() for m in queries.moves_of(table_id, until=late)])
        assert from_checkpoint.state_hash() == from_deal.state_hash()
        assert from_checkpoint.view(api.ids["anna"]) == from_deal.view(api.ids["anna"])
    # The endpoint no longer replays from the deal for a late move.
    monkeypatch.setattr(queries, "replay", lambda *a, **k: pytest.fail("replayed from the deal"))
    answer = api.get(f"/api/tables/{table_id}/replay?move={late}", "anna")
    assert answer.status_code == 200 and answer.json["move"] == late


def test_the_bounds_are_read_from_the_environment_strictly(monkeypatch, tmp_path):
    from framework.web import create_app
    from framework.web.settings import SettingError

    uri = f"sqlite:///{tmp_path / 'env.sqlite'}"
    monkeypatch.setenv("BGA_MAX_OPEN_TABLES", "5")
    monkeypatch.setenv("BGA_TICK_MOVES", "300")
    app = create_app({"SQLALCHEMY_DATABASE_URI": uri, "GAMES": []})
    assert (app.config["MAX_OPEN_TABLES"], app.config["TICK_MOVES"], app.config["MAX_GAME_MOVES"]) == (5, 300, 20_000)
    monkeypatch.setenv("BGA_MAX_GAME_MOVES", "0")
    with pytest.raises(SettingError, match="BGA_MAX_GAME_MOVES must be at least 1"):
        create_app({"SQLALCHEMY_DATABASE_URI": uri, "GAMES": []})
