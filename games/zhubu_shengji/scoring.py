"""Hand scoring: the going-out score, card points and the bidding variant's risk and reward.

The bid rows are data in one place (D15): the designer's table is lost, so
`BID_REWARD` is a reconstruction matching its one known value (a bid of 3 rewards 77); replace the
rows here when the real table turns up.
"""
from __future__ import annotations

from collections.abc import Mapping

from framework.engine import player_key, player_keyed

from .cards import card_points

MAX_CARDS = 17  # a full hand: 14 dealt + 3 face-up wilds
HAND_LIMIT = 12
TARGET = 800
TARGET_WITH_BIDDING = 1000


def going_out_score(cards_left: int) -> int:
    """D12: 17 for the first card left, 16 more for the second, ... (17, 33, 48, 62, ...)."""
    return 17 * cards_left - cards_left * (cards_left - 1) // 2


# Index n is the number of cards bid (0 unused).
BID_RISK = [0] + [going_out_score(n) for n in range(1, MAX_CARDS + 1)]
BID_REWARD = [0, 27, 53, 77, 99, 120, 139, 157, 173, 187, 200, 211, 221, 229, 235, 240, 243, 245]


def score_hand(went_out: int, opponent: int, opponent_hand: list[str], undealt: list[str],
               won: Mapping[int, list[str]], bid: tuple[int, int] | None) -> dict:
    """Points each player scores for a hand (D12, D13, D15), with the breakdown: the hand's record.

    `won` holds the cards each player received in tricks, by player id; `bid` is the contract,
    (bidder, cards bid), or None. The record is stored and sent as JSON, which names players by
    strings: its per-player keys, `went_out` and the bidder are string ids.
    """
    left = len(opponent_hand)
    going_out = going_out_score(left)
    tricks = {pid: card_points(cards) for pid, cards in won.items()}
    leftover = card_points(opponent_hand) + card_points(undealt)
    total = {went_out: going_out + tricks[went_out] + leftover, opponent: tricks[opponent]}
    result = {"went_out": player_key(went_out), "cards_left": left, "going_out": going_out,
              "trick_points": player_keyed(tricks), "leftover_points": leftover, "bid": None}
    if bid:
        bidder, cards = bid
        success = bidder == went_out and left >= cards
        if success:
            total[bidder] += BID_REWARD[cards]
        else:
            total[opponent if bidder == went_out else went_out] += BID_RISK[cards]
        result["bid"] = {"bidder": player_key(bidder), "bid": cards, "success": success,
                         "amount": BID_REWARD[cards] if success else BID_RISK[cards]}
    result["total"] = player_keyed(total)
    return result


def next_dealer(scores: dict[int, int], last_went_out: int) -> int:
    """D10: the player ahead on points deals; on equal points, the one who went out in the last hand."""
    high = max(scores.values())
    leaders = [pid for pid, score in scores.items() if score == high]
    return leaders[0] if len(leaders) == 1 else last_went_out


def game_over(scores: dict[int, int], hands_played: int, target: int) -> bool:
    """D14: at the target or after 12 hands, if the scores differ (a tie plays one more hand)."""
    values = list(scores.values())
    reached = max(values) >= target or hands_played >= HAND_LIMIT
    return reached and len(set(values)) > 1
