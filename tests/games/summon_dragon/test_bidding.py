"""The auction: text "The Bid" and RULES.md D3, D5, D6."""
from __future__ import annotations

import pytest

from framework.engine import NotActive, UserError
from games.summon_dragon import rules

from .helpers import ANN, BOB, CAT, DAN, make_deal, new_table


def bid(table, pid, tricks, designation="fire"):
    return table.apply(pid, "bid", {"tricks": tricks, "designation": designation})


def test_D3_bidding_starts_at_the_dealers_left_and_goes_clockwise():
    table = new_table(make_deal(dealer=1))                 # Bob deals: Cat bids first
    assert table.active_players() == [CAT]
    bid(table, CAT, 4)
    assert table.active_players() == [DAN]


def test_D5_the_opening_bid_is_at_least_3():
    table = new_table(make_deal())
    with pytest.raises(UserError, match="The opening bid is at least 3"):
        bid(table, ANN, 2)
    bid(table, ANN, 3)
    assert table.state.data["high"] == {"player_id": ANN, "tricks": 3, "designation": "fire"}


def test_D5_each_bid_must_be_higher_in_number_designations_do_not_rank():
    table = new_table(make_deal())
    bid(table, ANN, 8, "fire")
    with pytest.raises(UserError, match="^Bid more than 8.$"):
        bid(table, BOB, 8, "high-no-trump")
    bid(table, BOB, 9, "earth")
    assert table.state.data["high"]["player_id"] == BOB


def test_D5_no_bid_above_13():
    assert rules.bid_error(14, "fire", 12) == "The highest bid is 13: one for each trick, the last counting two."


def test_D5_an_unknown_designation_is_refused_by_the_schema():
    table = new_table(make_deal())
    with pytest.raises(Exception, match="designation"):
        bid(table, ANN, 5, "spades")


def test_D5_a_pass_is_final_and_passed_players_are_skipped():
    table = new_table(make_deal())
    table.apply(ANN, "pass")
    bid(table, BOB, 4)
    bid(table, CAT, 5)
    bid(table, DAN, 6)
    assert table.active_players() == [BOB]                 # Ann is skipped
    bid(table, BOB, 7, "water")
    table.apply(CAT, "pass")
    assert table.active_players() == [DAN]
    with pytest.raises(NotActive):
        bid(table, ANN, 9)                                 # having passed, Ann may not bid again


def test_D5_partners_may_overbid_each_other():
    table = new_table(make_deal())
    bid(table, ANN, 5)
    table.apply(BOB, "pass")
    bid(table, CAT, 6, "water")
    assert table.state.data["high"]["player_id"] == CAT


def test_D5_the_auction_ends_when_the_others_have_passed_no_self_raise():
    table = new_table(make_deal())
    bid(table, ANN, 3, "earth")
    bid(table, BOB, 4, "low-no-trump")
    table.apply(CAT, "pass")
    table.apply(DAN, "pass")
    table.apply(ANN, "pass")
    # Bob is the only one left: he does not bid again, his last bid is the contract (D5).
    view = table.view(BOB)
    assert view["state"]["name"] == "chooseOption"
    assert view["state"]["active_players"] == [BOB]
    assert view["data"]["contract"] == {"player_id": BOB, "tricks": 4, "designation": "low-no-trump",
                                        "option": None, "giver": None}


def test_D6_the_dealer_is_stuck_when_the_first_three_pass():
    table = new_table(make_deal())
    for pid in (ANN, BOB, CAT):
        table.apply(pid, "pass")
    assert table.active_players() == [DAN]
    assert table.view(DAN)["state"]["args"]["can_pass"] is False
    assert ("pass", {}) not in table.legal_actions(DAN)
    with pytest.raises(UserError, match="the dealer must bid at least 3"):
        table.apply(DAN, "pass")
    bid(table, DAN, 3, "wind")
    assert table.view(DAN)["state"]["name"] == "chooseOption"


def test_D5_a_bid_of_13_ends_the_auction_at_once():
    table = new_table(make_deal())
    bid(table, ANN, 4)
    bid(table, BOB, 13, "high-no-trump")
    assert table.view(CAT)["state"]["name"] == "chooseOption"
    assert table.active_players() == [BOB]


def test_every_player_sees_the_bidding_history():
    table = new_table(make_deal())
    bid(table, ANN, 5, "earth")
    table.apply(BOB, "pass")
    expected = [{"player_id": ANN, "tricks": 5, "designation": "earth"}, {"player_id": BOB, "pass": True}]
    for viewer in (ANN, BOB, CAT, DAN, None):
        assert table.view(viewer)["data"]["bids"] == expected


def test_legal_bids_are_every_higher_number_with_each_designation():
    table = new_table(make_deal())
    bid(table, ANN, 11)
    moves = table.legal_actions(BOB)
    assert ("pass", {}) in moves
    assert len(moves) == 1 + 2 * 6
    assert all(args["tricks"] in (12, 13) for name, args in moves if name == "bid")
