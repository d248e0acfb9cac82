"""The designer's commands: diagram, replay, verify-games, import-game (simulate: test_simulate.py)."""
import json

import pytest
from sqlalchemy import select

from framework.designer.diagram import to_dot, to_mermaid
from framework.engine.plugins import discover_games
from framework.store import MoveRecord, db
from tests.conftest import Api, make_app
from tests.http_play import play_over_http
from tests.sample_game import Climb


@pytest.fixture
def cli_app(tmp_path):
    return make_app(f"sqlite:///{tmp_path / 'tools.sqlite'}")


def run(app, *args):
    return app.test_cli_runner().invoke(args=list(args))


def finished_export(app) -> dict:
    api = Api(app.test_client())
    api.register("anna")
    table_id = api.new_table("anna", players=3, seed="tools")
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 2})
    assert play_over_http(app, api, table_id, ["anna"], seed="tools")["table"]["status"] == "finished"
    return api.get(f"/api/tables/{table_id}/export", "anna").json


def test_diagram_shows_states_by_type_and_transitions_by_name(cli_app):
    mermaid = to_mermaid(Climb)
    assert "s2 : 2 pickCharm (multiple_active)" in mermaid and "s10 --> s11 : played" in mermaid
    assert "s20 --> s99" in mermaid  # found in nextPlayer's source: `return 99`
    dot = to_dot(Climb)
    assert 's20 [label="20 nextPlayer\\n(game)", shape=diamond];' in dot
    result = run(cli_app, "diagram", "climb", "--format", "dot")
    assert result.exit_code == 0 and result.output == dot
    assert run(cli_app, "diagram", "chess").exit_code != 0


def test_validate_command(cli_app):
    result = run(cli_app, "validate", "climb")
    assert result.exit_code == 0 and "no problem found" in result.output


def test_replay_verifies_an_export_and_catches_a_changed_move(cli_app, tmp_path):
    export = finished_export(cli_app)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(export))
    result = run(cli_app, "replay", str(good), "--verify")
    assert result.exit_code == 0 and "matches the file's hash" in result.output
    assert result.output.count("\n") >= len(export["moves"])
    partial = run(cli_app, "replay", str(good), "--verify", "--until", "3")
    assert partial.exit_code == 0 and "after 3 moves" in partial.output
    export["moves"][0]["args"] = {"charm": "no"}  # too short a charm: refused today
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(export))
    refused = run(cli_app, "replay", str(bad), "--verify")
    assert refused.exit_code == 1 and "move 1 (pickCharm" in refused.output


def test_verify_games_lists_tables_that_no_longer_replay(cli_app):
    finished_export(cli_app)
    ok = run(cli_app, "verify-games")
    assert ok.exit_code == 0 and "1 tables replayed, 0 broken" in ok.output
    with cli_app.app_context():
        move = db.session.scalars(select(MoveRecord).where(MoveRecord.action == "pickCharm")).first()
        move.args = {"charm": "x"}
        db.session.commit()
    broken = run(cli_app, "verify-games")
    assert broken.exit_code == 1 and "table 1 (climb): move" in broken.output


def test_verify_games_catches_a_rule_change_that_alters_a_result_without_refusing_a_move(cli_app, monkeypatch):
    """A scoring change refuses no move: only the comparison with the stored final hash can see it."""
    finished_export(cli_app)
    assert run(cli_app, "verify-games").exit_code == 0
    with cli_app.app_context():
        game = cli_app.extensions["games"]["climb"]
        scored = game.inc_score
        monkeypatch.setattr(game, "inc_score", lambda self, player_id, delta: scored(self, player_id, 2 * delta))
    changed = run(cli_app, "verify-games")
    assert changed.exit_code == 1, changed.output
    assert "table 1 (climb): the replay reaches another state" in changed.output
    assert "1 tables replayed, 1 broken" in changed.output


def test_import_game_rebuilds_a_table_from_an_export(cli_app, tmp_path):
    export = finished_export(cli_app)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export))
    other = make_app(f"sqlite:///{tmp_path / 'other.sqlite'}")
    result = run(other, "import-game", str(path))
    assert result.exit_code == 0 and f"at move {export['move']}" in result.output
    assert result.output.count("created user") == 3
    api = Api(other.test_client())
    login = api.post("/api/login", json={"name": "anna", "password": "anna-password"})
    assert login.status_code == 200
    api.tokens["anna"] = login.json["token"]
    assert api.get("/api/tables/1/export", "anna").json["state_hash"] == export["state_hash"]


def test_svg_needs_graphviz_and_says_so(cli_app):
    import shutil

    result = run(cli_app, "diagram", "climb", "--format", "svg")
    if shutil.which("dot"):
        assert result.exit_code == 0 and "<svg" in result.output and "pickCharm" in result.output
    else:
        assert result.exit_code == 1 and "apt-get install graphviz" in result.output


REGISTERED = sorted(discover_games())  # every registered plugin: the shipped games, and any game installed


@pytest.fixture(scope="module")
def registered_app(tmp_path_factory):
    return make_app(f"sqlite:///{tmp_path_factory.mktemp('registered') / 'x.sqlite'}", GAMES=None)


@pytest.mark.parametrize("game", REGISTERED)
def test_commands_work_on_every_registered_game(registered_app, game, tmp_path):
    games = registered_app.extensions["games"]
    assert run(registered_app, "validate", game).exit_code == 0
    mermaid = run(registered_app, "diagram", game).output
    assert all(f" {state.name} (" in mermaid for state in games[game].states)
    # The default bots and limits: every game ends (with random bots the shipped card games never did)
    simulated = run(registered_app, "simulate", game, "--games", "5", "--seed", "ship")
    assert simulated.exit_code == 0, simulated.output
    assert "games: 5 of 5 finished, 0 unfinished, 0 failed" in simulated.output, simulated.output
    exported = run(registered_app, "export-bga", game, "--out", str(tmp_path / "bga"))
    assert exported.exit_code == 0 and (tmp_path / "bga" / "modules" / "php" / "Game.php").exists()
    assert len(list((tmp_path / "bga" / "modules" / "php" / "States").glob("*.php"))) == len(games[game].states)


def test_diagram_endpoint_serves_the_state_machine(cli_app):
    import shutil

    client = cli_app.test_client()
    mermaid = client.get("/api/games/climb/diagram?format=mermaid")
    assert mermaid.status_code == 200 and mermaid.mimetype == "text/plain" and "pickCharm" in mermaid.text
    default = client.get("/api/games/climb/diagram")
    assert default.mimetype == ("image/svg+xml" if shutil.which("dot") else "text/plain")
    assert client.get("/api/games/chess/diagram").status_code == 404
    assert client.get("/api/games/climb/diagram?format=png").status_code == 400
