"""The state machine: setup, game states running on entry, multi-active, transitions, declarations."""
import pytest

from framework.engine import ACTIVE_PLAYER, GAME, Game, GameDefinitionError, State, Table, WrongPlayerCount, action
from tests.sample_game import Climb

from .helpers import ANNA, BEN, CLEO, hand, new_table, pick_charms


def test_setup_reaches_the_first_player_state_with_everyone_active():
    table = new_table()
    assert table.current_state.name == "pickCharm"
    assert table.active_players() == [ANNA, BEN, CLEO]
    assert table.move == 0


def test_last_multiactive_player_triggers_the_transition():
    table = new_table()
    table.apply(BEN, "pickCharm", {"charm": "ruby"})
    assert table.active_players() == [ANNA, CLEO]
    table.apply(ANNA, "pickCharm", {"charm": "ruby"})
    assert table.current_state.name == "pickCharm"
    table.apply(CLEO, "pickCharm", {"charm": "ruby"})
    assert table.current_state.name == "playerTurn" and table.active_players() == [ANNA]


def test_game_state_runs_on_entry_and_hands_play_to_the_next_player():
    table = new_table()
    pick_charms(table)
    table.apply(ANNA, "playCard", {"card": table.game.playable(ANNA)[0]})
    table.apply(ANNA, "confirm", {})
    # nextPlayer (a game state) ran by itself: its stat counted, and Ben is active.
    assert table.current_state.name == "playerTurn" and table.active_players() == [BEN]
    assert table.state.stats["table"]["turns"] == 1


def test_progression_is_updated_on_entering_a_marked_state():
    table = new_table()
    pick_charms(table)
    table.apply(ANNA, "playCard", {"card": table.game.playable(ANNA)[0]})
    table.apply(ANNA, "confirm", {})
    assert table.state.progression == 100 * 1 // 9


def test_player_rotation_skips_whom_the_game_says():
    game = new_table().game
    assert game.player_after(ANNA) == BEN and game.player_after(CLEO) == ANNA
    assert game.player_before(ANNA) == CLEO
    assert game.player_after(ANNA, skip=lambda p: p == BEN) == CLEO


def _tiny_game(states, name="tiny"):
    return type("Tiny", (Game,), {"name": name, "states": states, "setup": lambda self: 10,
                                  "min_players": 1, "max_players": 1})


def test_transition_to_an_unknown_state_is_a_definition_error():
    class Go(State):
        id, type, transitions = 10, ACTIVE_PLAYER, {"next": 77}

        @action()
        def go(self, player_id):
            return "next"

    game = _tiny_game([Go])
    table = Table.create(game, [{"id": 1, "name": "Solo"}], {}, "s")
    table.gamestate.change_active_player(1)
    with pytest.raises(GameDefinitionError, match="unknown state 77"):
        table.apply(1, "go", {})


def test_game_state_that_does_not_move_on_is_a_definition_error():
    class Stuck(State):
        id, type = 10, GAME

    with pytest.raises(GameDefinitionError, match="did not move on"):
        Table.create(_tiny_game([Stuck]), [{"id": 1, "name": "Solo"}], {}, "s")


def test_endless_game_states_are_stopped():
    class Loop(State):
        id, type = 10, GAME

        def enter(self):
            return 10

    with pytest.raises(GameDefinitionError, match="automatic steps"):
        Table.create(_tiny_game([Loop]), [{"id": 1, "name": "Solo"}], {}, "s")


@pytest.mark.parametrize("state_id", [1, 99])
def test_reserved_state_ids_are_refused(state_id):
    class Reserved(State):
        id, type = state_id, ACTIVE_PLAYER

    with pytest.raises(GameDefinitionError, match="reserved id"):
        _tiny_game([Reserved], name=f"r{state_id}").registry()


def test_duplicate_state_ids_are_refused():
    class A(State):
        id = 5

    class B(State):
        id = 5

    with pytest.raises(GameDefinitionError, match="share id 5"):
        _tiny_game([A, B], name="dup").registry()


@pytest.mark.parametrize(("old", "new"), [("view", "get_all_datas"), ("zombie_move", "default_zombie_move")])
def test_a_game_method_under_its_old_name_is_refused_naming_the_new_one(old, new):
    """The engine would never call it: the game's view would be empty, its zombie the default one."""
    class Renamed(Climb):
        name = f"renamed_{old}"

    setattr(Renamed, old, lambda self, player_id: {})
    with pytest.raises(GameDefinitionError, match=f"renamed_{old}: Renamed.{old} is no longer called: "
                                                  f"the game's method is now {new}"):
        Table.create(Renamed, [{"id": 1, "name": "Anna"}, {"id": 2, "name": "Ben"}], {}, "renamed")

    class Inherited(Renamed):  # a game built on one that still has it
        name = f"inherited_{old}"

    with pytest.raises(GameDefinitionError, match=f"Renamed.{old} is no longer called"):
        Inherited.registry()


def test_wrong_number_of_players_is_the_callers_error_not_the_games():
    with pytest.raises(WrongPlayerCount, match="played by 2 to 4 players, not 1") as caught:
        new_table(players=[{"id": ANNA, "name": "Anna"}])
    assert caught.value.code == "wrong_player_count"


def test_setup_must_name_the_first_state():
    class Wait(State):
        id, type, description = 10, ACTIVE_PLAYER, "wait"

        @action()
        def go(self, player_id):
            return None

    class Silent(Game):
        name, states = "silent", [Wait]

        def setup(self):
            self.gamestate.change_active_player(self.player_ids[0])  # and returns nothing

    with pytest.raises(GameDefinitionError, match="setup\\(\\) must return the first state"):
        Table.create(Silent, [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}], {}, "s")


def test_reaching_game_end_finishes_the_table():
    table = new_table(players=[{"id": ANNA, "name": "Anna"}, {"id": BEN, "name": "Ben"}], hand_size=1)
    pick_charms(table)
    for _ in range(2):
        player = table.active_players()[0]
        table.apply(player, "playCard", {"card": hand(table, player)[0]})
        table.apply(player, "confirm", {})
    assert table.status == "finished" and table.current_state.name == "gameEnd"
    assert table.active_players() == [] and table.state.progression == 100
