"""Scoring and the end of the game: text "The Score", "Object of the Game", D4, D17, D18."""
from __future__ import annotations

import pytest

from games.summon_dragon import rules

from .helpers import ANN, BOB, CAT, DAN, make_deal, new_table, play_out, win_auction


@pytest.mark.parametrize(("bid", "taken", "no_help", "expected"), [
    (9, 11, False, (100, 10)),        # the text's example 1: made with 2 over
    (9, 9, False, (90, 20)),          # made exactly
    (9, 7, False, (-100, 30)),        # the text's example 2: set by 2
    (3, 0, False, (-45, 65)),         # set, the defenders take everything
    (13, 13, True, (155, 0)),         # no-help made: +25
    (6, 8, True, (95, 25)),           # no-help made with overtricks
    (6, 5, True, (-65, 40)),          # no-help set: no extra penalty
])
def test_D17_hand_score_made_set_no_help_and_defenders(bid, taken, no_help, expected):
    assert rules.hand_score(bid, taken, no_help) == expected


@pytest.mark.parametrize(("scores", "winner"), [
    ([495, 300], None),               # nobody at the target
    ([500, 300], 0),                  # reaching the target is enough
    ([300, 510], 1),                  # the defenders' side can win too
    ([520, 610], 1),                  # both over: the higher total wins
    ([505, 505], None),               # equal: another hand
    ([-200, 505], 1),                 # negative scores are allowed
])
def test_D18_game_winner(scores, winner):
    assert rules.game_winner(scores, 500) == winner


def test_D4_the_last_trick_counts_double():
    assert [rules.trick_units(n) for n in range(1, 13)] == [1] * 11 + [2]
    assert sum(rules.trick_units(n) for n in range(1, 13)) == rules.UNITS == 13


def test_D4_D17_a_whole_hand_scores_13_units_last_trick_double_and_both_partners_get_the_team_score():
    table = new_table(make_deal())
    win_auction(table, CAT, 5, "earth")
    table.apply(CAT, "chooseOption", {"option": "kitty"})
    notes = play_out(table)
    wins = [n for n in notes if n.type == "trickWin"]
    assert [n.args["units"] for n in wins] == [1] * 11 + [2]
    result = table.state.data["results"][0]
    assert sum(result["taken"]) == 13
    bidders, defenders = rules.hand_score(5, result["taken"][0], False)
    assert result["delta"] == [bidders, defenders]
    scores = table.scores()
    assert scores[ANN][0] == scores[CAT][0] == bidders
    assert scores[BOB][0] == scores[DAN][0] == defenders
    assert table.view(BOB)["data"]["team_scores"] == [bidders, defenders]


def test_D3_the_deal_rotates_to_the_left():
    table = new_table(make_deal(dealer=2))
    play_out(table, hands=1)
    assert table.state.data["dealer"] == 3
    assert table.active_players() == [ANN]                 # the new dealer's left bids first


def test_D18_the_game_ends_when_a_team_reaches_the_target():
    table = new_table(target=100, seed=3)
    play_out(table, hands=100)
    assert table.status == "finished"
    scores = table.state.data["team_scores"]
    assert max(scores) >= 100 and scores[0] != scores[1]
    assert all(max(r["scores"]) < 100 or r["scores"][0] == r["scores"][1]
               for r in table.state.data["results"][:-1])
