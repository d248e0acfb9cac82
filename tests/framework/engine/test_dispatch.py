"""The order of the checks on an action, and that a refused action leaves no trace."""
import json

import pytest

from framework.engine import (
    ActionNotPossible,
    InvalidArguments,
    NotActive,
    NotAPlayer,
    NotPlaying,
    Table,
    UnknownAction,
    UserError,
)
from tests.sample_game import Climb, PlayerTurn, card_rank

from .helpers import ANNA, BEN, CLEO, PLAYERS, hand, new_table, pick_charms


def refused(table, error, player, action, args):
    """Apply and expect `error`; the state hash and the counters must not move."""
    before = table.state_hash()
    with pytest.raises(error) as caught:
        table.apply(player, action, args)
    assert table.state_hash() == before
    return caught.value


def test_unknown_action_is_refused_as_unknown():
    table = new_table()
    err = refused(table, UnknownAction, ANNA, "fly", {})
    assert err.code == "unknown_action" and "fly" in err.message


def test_action_of_another_state_is_not_possible_now():
    table = new_table()
    err = refused(table, ActionNotPossible, ANNA, "playCard", {"card": "1a"})
    assert err.code == "action_not_possible" and "pickCharm" in err.message


def test_stranger_cannot_act():
    table = new_table()
    assert refused(table, NotAPlayer, 999, "pickCharm", {"charm": "jade"}).code == "not_a_player"


def test_inactive_player_is_told_it_is_not_their_turn():
    table = new_table()
    pick_charms(table)
    assert table.active_players() == [ANNA]
    err = refused(table, NotActive, BEN, "playCard", {"card": hand(table, BEN)[0]})
    assert err.code == "not_your_turn" and err.message == "It is not your turn."


def test_activity_is_checked_before_arguments():
    table = new_table()
    pick_charms(table)
    refused(table, NotActive, BEN, "playCard", {"card": 12})


@pytest.mark.parametrize("args, field", [
    ({}, "charm"),
    ({"charm": 7}, "charm"),
    ({"charm": "x"}, "charm"),
    ({"charm": "jade", "extra": 1}, "extra"),
])
def test_invalid_arguments_name_the_field(args, field):
    table = new_table()
    err = refused(table, InvalidArguments, ANNA, "pickCharm", args)
    assert err.code == "invalid_arguments"
    assert field in err.details["fields"] and err.message.startswith(field)


def test_rule_violation_is_a_sentence_and_changes_nothing():
    table = new_table()
    pick_charms(table)
    stranger_card = hand(table, BEN)[0]
    err = refused(table, UserError, ANNA, "playCard", {"card": stranger_card})
    assert err.code == "rule_violation" and err.message == "You do not have that card."


def test_rule_refused_after_partial_changes_is_rolled_back():
    """cheer raises after nothing; a rule that fails midway must leave no change either."""
    table = new_table()
    pick_charms(table)
    table.apply(CLEO, "cheer", {})
    table.apply(CLEO, "cheer", {})
    refused(table, UserError, CLEO, "cheer", {})
    assert table.state.data["cheers"][str(CLEO)] == 2


class CheckLate(PlayerTurn):
    """playCard as a game may write it, checking as it goes: the card is played, scored, counted
    and told, a card is drawn at random, the turn passes on, and only then a rule refuses it."""

    def playCard(self, player_id, card):
        highest = max(map(card_rank, self.game.per_player("hands")[player_id]))
        transition = super().playCard(player_id, card)
        self.game.inc_stat("turns")
        self.game.data["stock"].append(self.game.rng.choice(self.game.data["stock"]))
        self.game.set_score_aux(player_id, 7)
        self.game.gamestate.change_active_player(BEN)
        if card_rank(card) == highest and self.game.per_player("hands")[player_id]:
            raise UserError("Keep your highest card for last.")
        return transition


class LateClimb(Climb):
    name = "late_climb"
    states = [CheckLate if s is PlayerTurn else s for s in Climb.states]


def test_a_rule_refused_after_the_game_changed_its_data_leaves_the_table_exactly_as_before():
    """In the engine alone (no store transaction behind it): data, scores, statistics, active
    player, random draws, the notification counter and the notifications made are all taken back."""
    table = Table.create(LateClimb, PLAYERS, {}, "late-rule")
    table.take_notifications()
    pick_charms(table)
    cards = sorted(hand(table, ANNA), key=card_rank)
    before = json.dumps(table.snapshot(), sort_keys=True)
    seq = table.state.seq
    with pytest.raises(UserError, match="Keep your highest card for last."):
        table.apply(ANNA, "playCard", {"card": cards[-1]})
    assert json.dumps(table.snapshot(), sort_keys=True) == before
    assert table.take_notifications() == [] and table.active_players() == [ANNA]
    made = table.apply(ANNA, "playCard", {"card": cards[0]})
    assert made[0].seq == seq + 1 and made[0].move == table.move == 4


def test_out_of_turn_action_by_a_waiting_player():
    table = new_table()
    pick_charms(table)
    made = table.apply(BEN, "cheer", {})
    assert [n.type for n in made] == ["cheer"]
    assert table.scores()[BEN] == (1, 0)
    assert table.state.stats["player"][str(BEN)]["cheers"] == 1


def test_finished_table_refuses_everything():
    table = new_table(players=[{"id": ANNA, "name": "Anna"}, {"id": BEN, "name": "Ben"}], hand_size=1)
    pick_charms(table)
    for _ in range(2):
        player = table.active_players()[0]
        table.apply(player, "playCard", {"card": hand(table, player)[0]})
        table.apply(player, "confirm", {})
    assert table.status == "finished"
    refused(table, NotPlaying, ANNA, "cheer", {})


def test_move_counts_accepted_actions_only():
    table = new_table()
    pick_charms(table)
    with pytest.raises(NotActive):
        table.apply(BEN, "playCard", {"card": hand(table, BEN)[0]})
    assert table.move == 3
