"""Plugin validation: each kind of mistake is named with its game, state and field."""
from marshmallow import fields

from framework.designer.proof.validation import validate
from framework.engine import ACTIVE_PLAYER, GAME, Game, State, action
from framework.engine.plugins import discover_games
from tests.sample_game import Climb


def make_game(name, states, **extra):
    return type(name.title(), (Game,), {"name": name, "states": states, "min_players": 1, "max_players": 2,
                                        "setup": lambda self: 10, **extra})


def test_the_tests_game_and_every_shipped_game_are_sound():
    assert validate(Climb) == []
    for game in discover_games().values():
        assert validate(game) == [], game.name


def test_unknown_transition_and_unreachable_state():
    class Turn(State):
        id, type, description, transitions = 10, ACTIVE_PLAYER, "d", {"next": 42, "end": 99}

        @action()
        def go(self, player_id):
            return "next"

        def zombie(self, player_id):
            return "go", {}

    class Orphan(State):
        id, type, description = 30, ACTIVE_PLAYER, "d"

        @action()
        def stay(self, player_id):
            return 99

        def zombie(self, player_id):
            return "stay", {}

    problems = validate(make_game("broken", [Turn, Orphan]))
    assert "broken: state turn transition 'next' leads to unknown state 42" in problems
    assert "broken: state orphan (id 30) cannot be reached" in problems


class Spin(State):  # at module level: the source reader resolves names from the module
    id, type, description = 10, ACTIVE_PLAYER, "d"

    @action()
    def spin(self, player_id):
        return Spin

    def zombie(self, player_id):
        return "spin", {}


def test_a_loop_with_no_way_to_the_end():
    assert validate(make_game("spinner", [Spin])) == ["spinner: from state spin (id 10) the game can never end"]


def test_state_declarations_that_cannot_work():
    class Auto(State):
        id, type = 10, GAME

        @action({"x": fields.Integer()})
        def poke(self, player_id, x):
            return 99

    class Quiet(State):
        id, type, transitions = 20, ACTIVE_PLAYER, {"end": 99}

    problems = validate(make_game("odd", [Auto, Quiet]))
    assert "odd: game state auto declares actions ['poke']: nobody can send them" in problems
    assert "odd: game state auto has no enter() to move on" in problems
    assert "odd: state quiet has no actions: players could never leave it" in problems
    assert any("state quiet has no zombie behaviour" in p for p in problems)
    assert "odd: state quiet has an empty description" in problems


def test_reserved_and_duplicate_ids_are_reported_not_raised():
    class Setup(State):
        id = 1

    assert validate(make_game("reserved", [Setup])) == ["reserved: state setup uses reserved id 1"]
