"""Hand scoring, the bidding variant's amounts, the dealer and the end of the game
(D10, D12-D15)."""
from games.zhubu_shengji.cards import DECK, NATURALS, POINTS, TOTAL_POINTS, card_points
from games.zhubu_shengji.scoring import (
    BID_REWARD,
    BID_RISK,
    game_over,
    going_out_score,
    next_dealer,
    score_hand,
)


def test_D12_going_out_score_17_33_48_62_75():
    assert [going_out_score(n) for n in range(1, 6)] == [17, 33, 48, 62, 75]
    assert going_out_score(4) == 62  # the rule text's example
    assert going_out_score(17) == 153


def test_D13_card_points_total_80():
    assert card_points(DECK) == TOTAL_POINTS == 80
    assert (POINTS["7C"], POINTS["9D"], POINTS["JH"], POINTS["KS"]) == (2, 2, 2, 2)
    assert (POINTS["2C"], POINTS["X1"], POINTS["8C"], POINTS["AS"]) == (6, 12, 0, 0)


def test_D13_four_cards_left_scores_62_and_the_going_out_player_takes_hand_and_undealt():
    loser_hand = ["KH", "X2", "8C", "6D"]      # 2 + 12 points
    undealt = ["7C", "7D", "8D", "8H", "6C", "6H", "QC", "QD"]  # 4 points
    won = {1: ["9C", "9D"], 2: ["JC"]}    # 4 and 2 points
    result = score_hand(1, 2, loser_hand, undealt, won, None)
    assert result["going_out"] == 62
    assert result["total"] == {"1": 62 + 4 + 14 + 4, "2": 2}


def test_D13_all_80_points_go_to_the_player_who_holds_them_all():
    undealt = NATURALS[:8]
    hand = [c for c in DECK if c not in undealt][:5]
    won = {1: [c for c in DECK if c not in undealt and c not in hand], 2: []}
    result = score_hand(1, 2, hand, undealt, won, None)
    assert result["total"]["1"] - result["going_out"] == 80 and result["total"]["2"] == 0


def test_D15_risk_and_reward_rows_are_the_decided_data():
    assert BID_REWARD[3] == 77  # the rule text's one known value
    assert len(BID_REWARD) == len(BID_RISK) == 18
    assert BID_RISK[1:] == [going_out_score(n) for n in range(1, 18)]
    assert BID_REWARD[1:] == sorted(BID_REWARD[1:])


def test_D15_successful_bid_adds_the_reward():
    # The rule text: bid 3, opponent left holding 4: 62 + 77 = 139 (plus card points).
    result = score_hand(1, 2, ["6C", "6D", "8C", "8D"], [], {1: [], 2: []}, (1, 3))
    assert result["total"] == {"1": 139, "2": 0}
    assert result["bid"]["success"] is True


def test_D15_failed_bid_gives_the_risk_to_the_opponent():
    # The rule text: bid 5, opponent left holding 4: the bidder scores 62, the opponent 75.
    result = score_hand(1, 2, ["6C", "6D", "8C", "8D"], [], {1: [], 2: []}, (1, 5))
    assert result["total"] == {"1": 62, "2": 75}
    assert result["bid"]["success"] is False


def test_D15_a_bid_fails_when_the_opponent_goes_out_first():
    result = score_hand(2, 1, ["6C"], [], {1: [], 2: []}, (1, 1))
    assert result["total"] == {"2": 17 + BID_RISK[1], "1": 0}


def test_D10_the_points_leader_deals_and_a_tie_goes_to_the_last_winner():
    assert next_dealer({1: 100, 2: 40}, 2) == 1
    assert next_dealer({1: 60, 2: 60}, 2) == 2


def test_D14_game_end_by_score_by_12_hands_and_the_tie_rule():
    assert game_over({1: 805, 2: 300}, 7, 800)
    assert not game_over({1: 799, 2: 300}, 7, 800)
    assert not game_over({1: 999, 2: 300}, 7, 1000)
    assert game_over({1: 400, 2: 300}, 12, 800)
    assert not game_over({1: 400, 2: 400}, 12, 800)  # a tie plays one more hand
    assert game_over({1: 400, 2: 420}, 13, 800)
