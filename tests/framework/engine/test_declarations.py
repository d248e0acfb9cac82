"""The check a plugin passes when the server loads it: what its declarations show, without its source.
Where its states lead is the designer's full review (tests/framework/designer/proof/test_validation.py)."""
import subprocess
import sys
from pathlib import Path

import pytest

from framework.designer.proof.validation import validate
from framework.engine import ACTIVE_PLAYER, Game, GameDefinitionError, State, action
from framework.engine.declarations import declaration_problems
from framework.engine.plugins import checked

ROOT = Path(__file__).resolve().parents[3]


class Turn(State):
    id, type, description = 10, ACTIVE_PLAYER, "${actplayer} must go"

    @action()
    def go(self, player_id):
        return 99

    def zombie(self, player_id):
        return "go", {}


class Unreached(Turn):
    id, zombie = 20, Turn.zombie


class Blank(Turn):
    id, description, zombie = 30, "", Turn.zombie


def make_game(name, states):
    return type(name.title(), (Game,), {"name": name, "states": states, "min_players": 1, "max_players": 2,
                                        "setup": lambda self: Turn})


def test_a_declaration_problem_stops_the_plugin_at_load():
    game = make_game("blank", [Turn, Blank])
    assert declaration_problems(game) == ["blank: state blank has an empty description"]
    with pytest.raises(GameDefinitionError, match="is not a sound plugin:\n  blank: state blank has an empty"):
        checked(game, "tests:Blank")


def test_where_states_lead_is_left_to_the_full_review():
    game = make_game("unreached", [Turn, Unreached])
    assert checked(game, "tests:Unreached") is game
    assert validate(game) == ["unreached: state unreached (id 20) cannot be reached"]


def test_loading_the_games_reads_no_source():
    """In a fresh interpreter: in this one the designer's tests have read every game's source already (the
    state graph keeps each reading), so a load that read it again would parse nothing here."""
    code = ("import ast\n"
            "def parse(*args, **kwargs):\n"
            "    raise AssertionError(\"a plugin's source was parsed at load\")\n"
            "ast.parse = parse\n"
            "from framework.engine.plugins import discover_games\n"
            "from tests.sample_game import Climb\n"
            "games = discover_games(extra=['tests.sample_game:Climb'])\n"
            "assert games['climb'] is Climb and len(games) > 1\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
