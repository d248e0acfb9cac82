"""Summon the Dragon cards: codes, suits, ranks, and the properties the rules look up.

A card code is `<rank>-<suit>` (`7-fire`, `queen-water`) or `dragon` (RULES.md "Cards and seats").
Properties are precomputed dicts so the rules and the bots never parse codes in a loop.
"""
from __future__ import annotations

SUITS = ("earth", "wind", "fire", "water")
# Per suit, low to high (D2).
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "mage", "warrior", "queen", "king", "elemental")
DRAGON = "dragon"

DECK: tuple[str, ...] = tuple(f"{rank}-{suit}" for suit in SUITS for rank in RANKS) + (DRAGON,)

# Suit and rank index (0 = the 1, 12 = the Elemental) of each natural card; the Dragon has neither.
SUIT_OF: dict[str, str | None] = {f"{r}-{s}": s for s in SUITS for r in RANKS}
SUIT_OF[DRAGON] = None
RANK_OF: dict[str, int] = {f"{r}-{s}": i for s in SUITS for i, r in enumerate(RANKS)}

RANK_NAMES = {"mage": "Mage", "warrior": "Warrior", "queen": "Queen", "king": "King", "elemental": "Elemental"}

# Display order in a hand: the Dragon first, then by suit, low to high.
SORT_KEY: dict[str, int] = {code: index for index, code in enumerate((DRAGON,) + DECK[:-1])}

HAND_SIZE = 12
KITTY_SIZE = 5


def sort_hand(cards: list[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)


def card_label(card: str) -> str:
    """`the 7 of fire`, `the Queen of water`, `the Dragon`: for log texts only, never as a card arg."""
    if card == DRAGON:
        return "the Dragon"
    rank, suit = card.split("-")
    return f"the {RANK_NAMES.get(rank, rank)} of {suit}"


# Built once: every card played is named in the log.
LABEL_OF: dict[str, str] = {card: card_label(card) for card in DECK}


def cards_label(cards: list[str]) -> str:
    """Several cards named for a log line, in hand order, grouped by suit: `the Dragon; the 1, 2 and
    King of wind; the 7 of fire`. Log texts only: the codes travel beside it for the client."""
    groups: dict[str, list[str]] = {}
    for card in sort_hand(cards):
        rank, _, suit = card.partition("-")
        groups.setdefault(suit, []).append(RANK_NAMES.get(rank, rank))
    parts = []
    for suit, ranks in groups.items():
        if not suit:
            parts.append("the Dragon")
            continue
        named = ranks[0] if len(ranks) == 1 else f"{', '.join(ranks[:-1])} and {ranks[-1]}"
        parts.append(f"the {named} of {suit}")
    return "; ".join(parts)
