"""`flask export-bga`: BGA Studio files that keep the state machine and pass `php -l`."""
import json
import os
import shutil
import subprocess

import pytest

from framework.designer.bga_export import export_bga, game_options, states_inc_php, stats_json
from framework.engine.plugins import discover_games
from tests.sample_game import Climb


def php_lint(path):
    php = shutil.which("php")
    if php is None:
        if os.environ.get("REQUIRE_PHP") == "1":
            pytest.fail("REQUIRE_PHP=1 but php is not installed")
        pytest.skip("php is not installed (apt-get install php-cli, or run .ci/run)")
    result = subprocess.run([php, "-l", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_states_keep_ids_names_types_actions_and_transitions():
    text = states_inc_php(Climb)
    assert "    2 => [\n        'name' => 'pickCharm'," in text
    assert "'type' => 'multipleactiveplayer'," in text
    assert "'possibleactions' => ['actConfirm', 'actUndo']," in text
    assert "'transitions' => ['played' => 11]," in text
    assert "'transitions' => ['toPlayerTurn' => 10, 'toGameEnd' => 99]," in text  # returned, not declared
    assert "clienttranslate('${you} must pick a charm')" in text


def test_options_and_stats_carry_over():
    assert game_options(Climb) == {"100": {"name": "hand_size", "default": 3,
                                           "values": {str(n): {"name": str(n)} for n in range(1, 5)}}}
    assert stats_json(Climb) == {"table": {"turns": {"id": 10, "name": "Turns", "type": "int"}},
                                 "player": {"cheers": {"id": 10, "name": "Cheers", "type": "int"},
                                            "points_dealt": {"id": 11, "name": "Points dealt", "type": "int",
                                                             "display": "limited"}}}


def test_the_tie_breaker_is_described_for_bga(tmp_path):
    """score_aux breaks ties; BGA asks the game to say how (gameinfos tie_breaker_description)."""
    export_bga(Climb, tmp_path)
    assert "'tie_breaker_description' => totranslate('The highest card played')," in (
        tmp_path / "gameinfos.inc.php").read_text()


@pytest.mark.parametrize("game", [Climb, *discover_games().values()], ids=lambda g: g.name)
def test_every_php_file_passes_php_lint(game, tmp_path):
    written = export_bga(game, tmp_path)
    for path in written:
        if path.suffix == ".php":
            php_lint(path)
        elif path.suffix == ".json":
            json.loads(path.read_text())
    game_php = (tmp_path / "modules" / "php" / "Game.php").read_text()
    for state in game.states:
        for name in state.actions:
            assert f"public function act{name[0].upper()}{name[1:]}(" in game_php


def test_game_php_lists_notifications_and_out_of_turn_actions(tmp_path):
    export_bga(Climb, tmp_path)
    game_php = (tmp_path / "modules" / "php" / "Game.php").read_text()
    assert " *   cardPlayed: ${player_name} plays ${card}" in game_php
    assert "#[\\Bga\\GameFramework\\Actions\\CheckAction(false)]\n    public function actCheer(): void" in game_php
    assert "public function actPickCharm(string $charm): void" in game_php


def test_export_bga_command(tmp_path):
    from tests.conftest import make_app

    app = make_app(f"sqlite:///{tmp_path / 'x.sqlite'}")
    result = app.test_cli_runner().invoke(args=["export-bga", "climb", "--out", str(tmp_path / "bga")])
    assert result.exit_code == 0 and "states.inc.php" in result.output
    assert "What must be ported" not in result.output
    assert "To port by hand" in (tmp_path / "bga" / "README.md").read_text()
