"""Undo (BGA undoSavepoint / undoRestorePoint) never erases another player's accepted move.

In Climb the savepoint is the start of a player's turn; the player may undo their card before
confirming it, but not once someone else has cheered since: that cheer was accepted, logged and
scored, and an undo would silently take it back while its log line stayed.
"""
import pytest

from framework.engine import Table, UserError, replay
from tests.sample_game import Climb, PlayerTurn

from .helpers import ANNA, BEN, CLEO, PLAYERS, hand, new_table, pick_charms


def logged(table, moves, player, action, args=None):
    """Apply a move and keep it in `moves`, as the store's log would."""
    made = table.apply(player, action, args or {})
    moves.append({"player": player, "action": action, "args": args or {}})
    return made


def started():
    table, moves = new_table(), []
    for player in table.game.player_ids:
        logged(table, moves, player, "pickCharm", {"charm": "jade"})
    return table, moves


def test_undo_is_refused_once_another_player_cheered_and_their_point_stays():
    """An undo after another player's out-of-turn move: Anna plays, Ben cheers out of turn (+1), Anna
    undoes, which is refused (BGA's undo never erases another player's accepted move)."""
    table, moves = started()
    card = table.game.playable(ANNA)[0]
    logged(table, moves, ANNA, "playCard", {"card": card})
    cheered = logged(table, moves, BEN, "cheer")
    before = table.snapshot()
    with pytest.raises(UserError, match="You can no longer undo: Ben has played since."):
        table.apply(ANNA, "undo", {})
    assert table.snapshot() == before and table.take_notifications() == []
    assert table.scores()[BEN] == (1, 0) and table.state.stats["player"][str(BEN)]["cheers"] == 1
    assert [n.log for n in cheered] == ["${player_name} cheers"]   # the log line, and what it says, still true
    assert card in table.state.data["pile"] and card not in hand(table, ANNA)
    # Not offered either: not to bots, not to the page.
    assert ("undo", {}) not in table.legal_actions(ANNA) and ("confirm", {}) in table.legal_actions(ANNA)
    assert "undo" not in table.view(ANNA)["state"]["possible_actions"]
    logged(table, moves, ANNA, "confirm")
    assert replay(Climb, PLAYERS, table.options, table.seed, moves).state_hash() == table.state_hash()


def test_a_cheer_at_the_start_of_the_turn_blocks_the_undo_too():
    table, moves = started()
    logged(table, moves, CLEO, "cheer")
    logged(table, moves, ANNA, "playCard", {"card": table.game.playable(ANNA)[0]})
    with pytest.raises(UserError, match="Cleo has played since"):
        table.apply(ANNA, "undo", {})
    assert table.scores()[CLEO] == (1, 0)


def test_every_player_who_moved_since_is_named():
    table, moves = started()
    logged(table, moves, ANNA, "playCard", {"card": table.game.playable(ANNA)[0]})
    logged(table, moves, CLEO, "cheer")
    logged(table, moves, BEN, "cheer")
    with pytest.raises(UserError, match="Cleo and Ben have played since"):
        table.apply(ANNA, "undo", {})


def test_own_cheer_and_moves_before_the_savepoint_do_not_block_the_undo():
    """Anna's own cheer is hers to take back; Cleo's cheer came in Ben's turn, before Anna's began."""
    table, moves = started()
    logged(table, moves, ANNA, "playCard", {"card": table.game.playable(ANNA)[0]})
    logged(table, moves, ANNA, "confirm")
    logged(table, moves, CLEO, "cheer")                       # during Ben's turn
    logged(table, moves, BEN, "playCard", {"card": table.game.playable(BEN)[0]})
    logged(table, moves, BEN, "confirm")                      # Cleo's turn begins: the savepoint
    saved_hand = hand(table, CLEO)
    logged(table, moves, CLEO, "cheer")
    logged(table, moves, CLEO, "playCard", {"card": table.game.playable(CLEO)[0]})
    assert table.game.can_undo(CLEO) and ("undo", {}) in table.legal_actions(CLEO)
    made = logged(table, moves, CLEO, "undo")
    assert [n.type for n in made] == ["undone"]
    assert hand(table, CLEO) == saved_hand and table.scores()[CLEO] == (1, 0)   # the cheer before her turn stays
    assert table.state.data["cheers"][str(CLEO)] == 1
    assert replay(Climb, PLAYERS, table.options, table.seed, moves).state_hash() == table.state_hash()


def test_after_an_undo_the_turn_starts_afresh():
    """An undo brings the table back to the savepoint: nobody has moved since, so Anna may undo again."""
    table, moves = started()
    for _ in range(2):
        logged(table, moves, ANNA, "playCard", {"card": table.game.playable(ANNA)[0]})
        logged(table, moves, ANNA, "undo")
    assert table.state.acted_since_savepoint() == [ANNA]     # the undo itself, nobody else
    logged(table, moves, BEN, "cheer")
    assert not table.game.can_undo(ANNA)


def test_the_savepoint_is_the_situation_the_move_ends_in():
    """As BGA saves it once the action is over: a savepoint asked for at the start of an action
    holds what the rest of that action did, so no later undo takes back part of a move."""

    class SaveFirst(PlayerTurn):
        def enter(self):
            pass

        def playCard(self, player_id, card):  # the action PlayerTurn declares, saving first
            self.game.undo_savepoint()
            return super().playCard(player_id, card)


    class EarlySave(Climb):
        name = "early_save"
        states = [SaveFirst if s is PlayerTurn else s for s in Climb.states]

    table = Table.create(EarlySave, PLAYERS, {}, "engine-test")
    pick_charms(table)
    card = table.game.playable(ANNA)[0]
    table.apply(ANNA, "playCard", {"card": card})
    saved = table.state.savepoint
    assert card in saved["data"]["pile"] and saved["state"] == table.state.state_id and saved["acted"] == []
