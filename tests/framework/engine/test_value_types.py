"""The engine's value types and its one registry: per-player data by id, moves, notifications,
state resolution, and replay refusals that name the move."""
import json

import pytest

from framework.engine import GameDefinitionError, Move, Notification, ReplayRefused, replay
from framework.engine.per_player import PerPlayer
from tests.sample_game import Climb, ConfirmTurn, PickCharm, PlayerTurn

from .helpers import ANNA, BEN, CLEO, PLAYERS, new_table, pick_charms


def test_per_player_data_is_read_and_written_by_player_id_and_stored_as_json_keeps_it():
    table = new_table()
    hands = table.game.per_player("hands")
    assert list(hands) == [ANNA, BEN, CLEO]                       # ids as the game has them
    hands[BEN] = ["9a"]
    assert table.state.data["hands"][str(BEN)] == ["9a"]          # the snapshot keeps JSON's string keys
    assert json.loads(json.dumps(table.snapshot())) == table.snapshot()
    assert BEN in hands and 999 not in hands and hands.get(None, "none") == "none"


def test_for_each_player_makes_one_entry_per_player_in_seat_order():
    table = new_table()
    made = table.game.for_each_player(list)
    assert made == {str(ANNA): [], str(BEN): [], str(CLEO): []}
    made[str(ANNA)].append("x")
    assert made[str(BEN)] == []                                   # a fresh value each
    assert isinstance(PerPlayer(made), PerPlayer) and dict(PerPlayer(made).items()) == {ANNA: ["x"], BEN: [], CLEO: []}


def test_registry_resolves_transition_names_classes_ids_and_state_names_alike():
    registry = Climb.registry()
    assert registry.resolve("played", PlayerTurn) is ConfirmTurn  # PlayerTurn's transition
    assert registry.resolve(ConfirmTurn, None) is ConfirmTurn
    assert registry.resolve(11, PickCharm) is ConfirmTurn
    assert registry.resolve("confirmTurn", PickCharm) is ConfirmTurn
    assert registry.find("nowhere", PlayerTurn) is None
    with pytest.raises(GameDefinitionError, match="playerTurn leads to unknown state 'nowhere'"):
        registry.resolve("nowhere", PlayerTurn)


def test_registry_is_read_only():
    registry = Climb.registry()
    with pytest.raises(TypeError):
        registry.by_id[42] = PlayerTurn
    with pytest.raises(AttributeError):
        registry.global_actions = {}
    assert Climb.registry() is registry                            # built once per class


def test_a_notification_is_for_everyone_or_its_recipient_and_the_client_sees_no_recipient():
    private = Notification(3, 1, ANNA, "hand", "You receive ${cards}", {"cards": ["1a"]})
    public = Notification(4, 1, None, "ready", "${player_name} is ready", {"player_name": "Ben"})
    assert private.visible_to(ANNA) and not private.visible_to(BEN) and not private.visible_to(None)
    assert public.visible_to(BEN) and public.visible_to(None)
    assert private.for_client() == {"seq": 3, "move": 1, "type": "hand", "log": "You receive ${cards}",
                                    "args": {"cards": ["1a"]}, "private": True}


def test_a_move_is_the_export_files_entry():
    entry = {"player": ANNA, "action": "pickCharm", "args": {"charm": "jade"}}
    assert Move.from_json(entry) == Move(ANNA, "pickCharm", {"charm": "jade"})
    assert Move.from_json(entry).to_json() == entry
    assert Move.from_json({"player": BEN, "action": "confirm"}).args == {}


def test_the_game_lists_the_current_states_legal_actions_then_its_own():
    table = new_table()
    pick_charms(table)
    active = table.active_players()[0]
    waiting = next(p for p in table.game.player_ids if p != active)
    listed = table.legal_actions(active)
    assert listed[-1] == ("cheer", {}) and {a for a, _ in listed[:-1]} == {"playCard"}
    assert table.legal_actions(waiting) == [("cheer", {})]         # out of turn: the game-wide action only


def test_a_replay_refusal_names_the_move_and_keeps_the_table_before_it():
    good = [Move(ANNA, "pickCharm", {"charm": "jade"}), Move(BEN, "pickCharm", {"charm": "ruby"})]
    bad = Move(ANNA, "pickCharm", {"charm": "amber"})           # Anna has picked already: not active
    with pytest.raises(ReplayRefused, match="move 3 \\(pickCharm by 11\\) is refused: It is not your turn") as caught:
        replay(Climb, PLAYERS, Climb.default_options(), "refusal", [*good, bad], rollback=True)
    assert caught.value.replayed == 2 and caught.value.table.move == 2
    assert caught.value.table.state_hash() == replay(Climb, PLAYERS, Climb.default_options(), "refusal",
                                                     good).state_hash()
