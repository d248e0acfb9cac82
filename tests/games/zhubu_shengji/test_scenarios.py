"""Scenarios played through the engine the way the web layer serves them: a table with a fixed
deal, actions by player id, and each player's view (RULES.md decisions cited)."""
import pytest
from marshmallow import ValidationError

from framework.engine import NotActive, Table, UserError
from games.zhubu_shengji import GAME

ANN, BEN = 11, 42  # seat 0 and seat 1; ids are not seats
PLAYERS = [{"id": ANN, "name": "Ann"}, {"id": BEN, "name": "Ben"}]
# Ann (seat 0) also holds 2C 2D X1 face up; Ben (seat 1) 2H 2S X2 (D1).
DEAL = {
    "hands": [["6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "6D", "7D", "8D", "9D", "10D"],
              ["6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "6S", "7S", "8S", "9S", "10S"]],
    "undealt": ["JD", "QD", "KD", "AD", "JS", "QS", "KS", "AS"],
    "dealer": 0,
}
BEN_RUN = ["6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "2H", "X2"]


def new_table(bidding=False, deal=DEAL):
    return Table.create(GAME, PLAYERS, {"deal": deal, "bidding": bidding}, "scenario")


def data(table, pid):
    return table.view(pid)["data"]


def state(table):
    return table.current_state.name


def test_D1_each_player_sees_their_hand_and_both_players_wilds_only():
    table = new_table()
    ann = data(table, ANN)
    assert len(ann["hand"]) == 17 and {"2C", "2D", "X1"} <= set(ann["hand"])
    assert ann["wilds"] == {str(ANN): ["2C", "2D", "X1"], str(BEN): ["2H", "2S", "X2"]}
    assert ann["hand_sizes"] == {str(ANN): 17, str(BEN): 17}
    seen = str(table.view(ANN))
    assert not any(card in seen for card in ("6H'", "'10S'", "'AS'", "'JD'"))
    assert data(table, None)["hand"] == []


def test_D10_the_non_dealer_leads_or_lets_the_dealer_lead():
    table = new_table()
    assert state(table) == "leadChoice" and table.active_players() == [BEN]
    table.apply(BEN, "letDealerLead")
    assert state(table) == "playerTurn" and table.active_players() == [ANN]
    assert table.view(ANN)["state"]["possible_actions"] == ["playCards"]
    with pytest.raises(UserError, match="leader cannot pass"):
        table.apply(ANN, "pass")


def test_refusals_name_the_rule():
    table = new_table()
    with pytest.raises(NotActive):
        table.apply(ANN, "playCards", {"cards": ["6C"]})
    with pytest.raises(UserError, match="do not hold"):
        table.apply(BEN, "playCards", {"cards": ["6C"]})
    with pytest.raises(UserError, match="all its natural cards in one suit"):
        table.apply(BEN, "playCards", {"cards": ["6H", "7S", "8H"]})
    with pytest.raises(UserError, match="Two wilds cannot be played as a pair of 2s"):
        table.apply(BEN, "playCards", {"cards": ["2H", "2S"], "wilds": {"2H": "2", "2S": "2"}})
    table.apply(BEN, "playCards", {"cards": ["6H", "6S"]})
    with pytest.raises(UserError, match="same kind of combination"):
        table.apply(ANN, "playCards", {"cards": ["8C"]})


def test_D6_a_trick_won_by_a_bomb_goes_to_the_opponent_and_the_bomber_leads():
    table = new_table()
    table.apply(BEN, "playCards", {"cards": ["6H"]})
    notes = table.apply(ANN, "playCards", {"cards": ["7C", "9C", "JC", "KC"]})
    assert notes[0].args["combo_name"] == "a Hand bomb"
    with pytest.raises(UserError, match="only a higher bomb"):
        table.apply(BEN, "playCards", {"cards": ["AH"]})
    table.apply(BEN, "pass")
    ann = data(table, ANN)
    assert ann["won_counts"] == {str(ANN): 0, str(BEN): 5}
    assert ann["last_trick"]["winner"] == ANN and ann["last_trick"]["taker"] == BEN
    assert table.active_players() == [ANN] and ann["trick"] == []


def test_D8_the_notification_says_which_reading_was_played():
    table = new_table()
    notes = table.apply(BEN, "playCards", {"cards": ["KH", "2H", "X2"], "wilds": {"2H": "K", "X2": "K"}})
    assert notes[0].args["combo_name"] == "three Ks"
    assert notes[0].args["combo"]["wilds"] == {"2H": "K", "X2": "K"}
    assert "wilds as K, K" in notes[0].args["reading"]


def play_first_hand(table):
    """Ben leads 6-X in hearts, Ann passes, Ben goes out with 6-J in spades (2S as the J)."""
    table.apply(BEN, "playCards", {"cards": BEN_RUN})
    table.apply(ANN, "pass")
    return table.apply(BEN, "playCards", {"cards": ["6S", "7S", "8S", "9S", "10S", "2S"], "wilds": {"2S": "J"}})


def test_D12_D13_a_whole_hand_scores_going_out_cards_and_leftovers():
    table = new_table()
    notes = play_first_hand(table)
    assert state(table) == "handEnd"
    scored = next(n for n in notes if n.type == "handScored").args["result"]
    # Ann holds all 17 cards: 153; Ben's tricks 26 + 10; Ann's hand 36 and the undealt 8 go to Ben.
    assert scored["going_out"] == 153 and scored["cards_left"] == 17
    assert scored["trick_points"] == {str(ANN): 0, str(BEN): 36}
    assert scored["leftover_points"] == 44
    assert sum(scored["trick_points"].values()) + scored["leftover_points"] == 80
    assert [p["score"] for p in table.view(ANN)["players"]] == [0, 233]


def test_D16_the_undealt_cards_are_shown_when_the_hand_ends_then_the_next_hand_is_dealt():
    table = new_table()
    assert data(table, ANN)["reveal"] is None
    play_first_hand(table)
    reveal = data(table, ANN)["reveal"]
    assert sorted(reveal["undealt"]) == sorted(DEAL["undealt"])
    table.apply(ANN, "nextHand")
    assert state(table) == "handEnd"
    table.apply(BEN, "nextHand")
    view = data(table, ANN)
    assert view["hand_number"] == 2 and view["reveal"] is None and view["last_trick"] is None
    # Item 10: Ben leads on points, so Ben deals and Ann chooses the first lead.
    assert view["dealer"] == BEN and state(table) == "leadChoice" and table.active_players() == [ANN]


def test_D15_bidding_auction_match_raise_pass_and_a_successful_bid():
    table = new_table(bidding=True)
    assert state(table) == "auction" and table.active_players() == [ANN]  # the dealer bids first
    table.apply(ANN, "bid", {"cards": 2})
    with pytest.raises(UserError, match="match or raise the bid of 2"):
        table.apply(BEN, "bid", {"cards": 1})
    table.apply(BEN, "bid", {"cards": 2})  # the non-dealer may match
    with pytest.raises(UserError, match="raise the bid of 2"):
        table.apply(ANN, "bid", {"cards": 2})  # the dealer must raise
    table.apply(ANN, "bid", {"cards": 3})
    table.apply(BEN, "passBid")
    assert data(table, BEN)["contract"] == {"bidder": str(ANN), "bid": 3}
    assert state(table) == "playerTurn" and table.active_players() == [ANN]  # the bid winner leads
    table.apply(ANN, "playCards", {"cards": ["6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "2C", "X1"]})
    table.apply(BEN, "pass")
    notes = table.apply(ANN, "playCards", {"cards": ["6D", "7D", "8D", "9D", "10D", "2D"], "wilds": {"2D": "J"}})
    bid = next(n for n in notes if n.type == "bidScored").args
    assert bid["success"] and bid["amount"] == 77
    result = data(table, ANN)["reveal"]["result"]
    assert result["total"][str(ANN)] == 153 + result["trick_points"][str(ANN)] + result["leftover_points"] + 77


def test_D15_a_failed_bid_gives_the_risk_to_the_opponent():
    table = new_table(bidding=True)
    table.apply(ANN, "passBid")
    table.apply(BEN, "bid", {"cards": 5})  # the non-dealer's one bid after the dealer passed
    assert state(table) == "playerTurn" and table.active_players() == [BEN]
    table.apply(BEN, "playCards", {"cards": ["6H"]})
    # Ann goes out first in three plays: Ben's bid fails and Ann scores the risk.
    table.apply(ANN, "playCards", {"cards": ["2C", "2D", "X1"]})
    table.apply(BEN, "pass")
    table.apply(ANN, "playCards", {"cards": ["6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]})
    table.apply(BEN, "pass")
    notes = table.apply(ANN, "playCards", {"cards": ["6D", "7D", "8D", "9D", "10D"]})
    bid = next(n for n in notes if n.type == "bidScored").args
    assert not bid["success"] and bid["amount"] == 75
    result = data(table, ANN)["reveal"]["result"]
    assert result["bid"]["bidder"] == str(BEN)
    assert result["total"][str(ANN)] == result["going_out"] + result["trick_points"][str(ANN)] \
        + result["leftover_points"] + 75


def test_D15_nobody_bids_then_the_non_dealer_chooses_the_lead():
    table = new_table(bidding=True)
    table.apply(ANN, "passBid")
    table.apply(BEN, "passBid")
    assert state(table) == "leadChoice" and table.active_players() == [BEN]
    assert data(table, ANN)["contract"] is None


def finish_hand(table):
    """Both players play the heuristic bot's moves until the hand is over."""
    while state(table) in ("leadChoice", "playerTurn", "auction"):
        pid = table.active_players()[0]
        action, args = table.game.heuristic_move(pid)
        table.apply(pid, action, args)


def test_D14_the_game_ends_after_12_hands():
    table = new_table()
    table.state.data["hand_number"] = 12
    finish_hand(table)
    assert table.status == "finished"


def test_D14_the_game_ends_at_800():
    table = new_table()
    table.state.scores[str(ANN)][0] = 790
    finish_hand(table)
    assert table.status == "finished"
    assert max(p["score"] for p in table.view(None)["players"]) >= 800


def test_D14_below_target_and_before_12_hands_another_hand_follows():
    table = new_table()
    finish_hand(table)
    assert table.status == "playing" and state(table) == "handEnd"


def test_zombie_and_legal_actions_agree_in_every_state():
    table = Table.create(GAME, PLAYERS, {"bidding": True}, "zombie")
    for _ in range(400):
        if table.status != "playing":
            break
        pid = table.active_players()[0]
        action, args = table.zombie_move(pid)
        assert (action, args) in table.legal_actions(pid)
        table.apply(pid, action, args)
    assert table.status == "finished"


def test_deal_option_is_validated():
    bad = {**DEAL, "hands": [DEAL["hands"][0][:13], DEAL["hands"][1]]}
    with pytest.raises(ValidationError, match="13 cards, not 14"):
        GAME.load_options({"deal": bad})
    twice = {**DEAL, "undealt": ["6C", *DEAL["undealt"][1:]]}
    with pytest.raises(ValidationError, match="Card 6C is dealt twice"):
        GAME.load_options({"deal": twice})
    wild = {**DEAL, "undealt": ["2C", *DEAL["undealt"][1:]]}
    with pytest.raises(ValidationError, match="Unknown card: 2C"):
        GAME.load_options({"deal": wild})
    assert GAME.load_options({})["bidding"] is False


def test_D11_going_out_with_a_bomb_gives_the_open_trick_to_the_opponent():
    table = new_table()
    table.apply(BEN, "letDealerLead")
    table.apply(ANN, "playCards", {"cards": ["6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]})
    table.apply(BEN, "pass")
    table.apply(ANN, "playCards", {"cards": ["6D", "7D", "8D", "9D", "10D"]})
    table.apply(BEN, "pass")
    notes = table.apply(ANN, "playCards", {"cards": ["2C", "2D", "X1"]})
    result = next(n for n in notes if n.type == "handScored").args["result"]
    assert result["went_out"] == str(ANN) and result["cards_left"] == 17
    # Ann's two tricks hold 7C 9C JC KC 7D 9D; her Wild bomb (24 points) goes to Ben.
    assert result["trick_points"] == {str(ANN): 12, str(BEN): 24}
    assert result["leftover_points"] == 36 + 8


def test_D9_one_pass_ends_the_trick_and_its_winner_leads():
    table = new_table()
    table.apply(BEN, "playCards", {"cards": ["6H"]})
    table.apply(ANN, "playCards", {"cards": ["8C"]})
    table.apply(BEN, "pass")
    ann = data(table, ANN)
    assert ann["won_counts"] == {str(ANN): 2, str(BEN): 0} and ann["trick"] == []
    assert [p["cards"] for p in ann["last_trick"]["plays"]] == [["6H"], ["8C"]]
    assert table.active_players() == [ANN] and state(table) == "playerTurn"


def test_D10_the_first_dealer_is_drawn_by_the_seed():
    dealers = {Table.create(GAME, PLAYERS, {}, f"dealer-{n}").game.data["dealer"] for n in range(12)}
    assert dealers == {ANN, BEN}


def test_each_state_lists_its_own_moves():
    """Legal moves, random draws and the narrowing of offered actions live on the states."""
    assert not {"legal_actions", "random_action", "possible_actions"} & set(vars(GAME))
