"""Zhubu Shengji cards: codes, ranks, suits and card points (RULES.md "Cards").

Naturals are `6C`..`AS` (ranks 6..A in suits C D H S); the wilds are the four 2s (`2C`..`2S`)
and the two jokers `X1`, `X2`. Every property is precomputed in a dict, so rule code only looks up.
"""
from __future__ import annotations

SUITS = "CDHS"
NATURAL_RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
RANK_VALUE = {name: value for value, name in enumerate([*NATURAL_RANKS, "2", "X"], start=6)}
RANK_NAME = {value: name for name, value in RANK_VALUE.items()}
TWO, JOKER = RANK_VALUE["2"], RANK_VALUE["X"]  # 15 and 16: the natural order A < 2 < X
LOWEST, ACE = RANK_VALUE["6"], RANK_VALUE["A"]

NATURALS = [rank + suit for rank in NATURAL_RANKS for suit in SUITS]
TWOS = ["2C", "2D", "2H", "2S"]
JOKERS = ["X1", "X2"]
DECK = NATURALS + TWOS + JOKERS

# D1: seat 0 gets 2C 2D X1 face up, seat 1 gets 2H 2S X2.
WILDS_BY_SEAT = [["2C", "2D", "X1"], ["2H", "2S", "X2"]]

RANK = {code: RANK_VALUE[code[:-1]] for code in NATURALS}
RANK.update(dict.fromkeys(TWOS, TWO))
RANK.update(dict.fromkeys(JOKERS, JOKER))
SUIT = {code: code[-1] for code in NATURALS}
SUIT.update(dict.fromkeys(TWOS + JOKERS))
IS_WILD = {code: code in TWOS or code in JOKERS for code in DECK}

# D13: 7, 9, J, K are worth 2; a 2 is worth 6; a joker 12; 80 in all.
POINTS = dict.fromkeys(DECK, 0)
POINTS.update({code: 2 for code in NATURALS if code[:-1] in ("7", "9", "J", "K")})
POINTS.update(dict.fromkeys(TWOS, 6))
POINTS.update(dict.fromkeys(JOKERS, 12))
TOTAL_POINTS = 80
assert sum(POINTS.values()) == TOTAL_POINTS

# Sorting a hand: by rank, then suit.
ORDER = {code: index for index, code in enumerate(sorted(DECK, key=lambda c: (RANK[c], c)))}


SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_text(code: str) -> str:
    """A card as players write it, never its code: `10♥`, `2♣`, `Joker` (what is no card, as it was sent)."""
    if code in JOKERS:
        return "Joker"
    return code[:-1] + SUIT_SYMBOL[code[-1]] if code in RANK else code


def cards_text(cards: list[str]) -> str:
    return " ".join(card_text(c) for c in cards)


def cards_word(count: int) -> str:
    """`card` or `cards`, for a log line's count: "1 card", "3 cards"."""
    return "card" if count == 1 else "cards"


def card_points(cards: list[str]) -> int:
    return sum(POINTS[c] for c in cards)


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)
