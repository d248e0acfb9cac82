"""Card codes, the deck, ranks, suits and card points (rule text "The cards", D1, D2).

A card is its code: "3C".."AC" for each suit C < D < H < S, and the four specials "herald",
"fox", "phoenix", "dragon" (the four 2s). Every property is precomputed in a dict so that the
rules never parse a code twice.
"""
from __future__ import annotations

SUITS = ("C", "D", "H", "S")
RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_WORDS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
NAME_TO_RANK = {name: rank for rank, name in RANK_NAMES.items()}
WISH_RANKS = tuple(range(3, 15))  # a wish and a Phoenix stand-in are ranks 3..A, never a 2

HERALD, FOX, PHOENIX, DRAGON = "herald", "fox", "phoenix", "dragon"
SPECIALS = (HERALD, FOX, PHOENIX, DRAGON)
HERALD_RANK = 2
DRAGON_RANK = 15  # above the Ace: only a bomb beats it

NATURALS = tuple(f"{RANK_NAMES[rank]}{suit}" for suit in SUITS for rank in WISH_RANKS)
DECK = NATURALS + SPECIALS

# rank of natural cards and of the Herald; the other specials have no fixed rank
RANK = {code: rank for rank in WISH_RANKS for code in (f"{RANK_NAMES[rank]}{s}" for s in SUITS)}
RANK[HERALD] = HERALD_RANK
SUIT = {code: code[-1] for code in NATURALS}
POINTS = dict.fromkeys(DECK, 0)
for _code in NATURALS:
    POINTS[_code] = {5: 5, 10: 10, 13: 10}.get(RANK[_code], 0)
POINTS[DRAGON], POINTS[PHOENIX] = 25, -25
assert sum(POINTS.values()) == 100, "the cards are worth exactly 100 points"

# display order: specials low to high by their place among the 2s, then naturals by rank and suit
SORT_KEY = {HERALD: (2, 0), FOX: (2, 1), PHOENIX: (2, 2), DRAGON: (16, 3)}
SORT_KEY.update({code: (RANK[code], SUITS.index(SUIT[code])) for code in NATURALS})


SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SPECIAL_WORDS = {HERALD: "the Herald", FOX: "the Fox", PHOENIX: "the Phoenix", DRAGON: "the Dragon"}


def card_name(code: str) -> str:
    """'the 6 of clubs', 'the Queen of hearts', 'the Dragon': a card in the log's words, never its code."""
    if code in SPECIAL_WORDS:
        return SPECIAL_WORDS[code]
    return f"the {RANK_WORDS[RANK[code]]} of {SUIT_WORDS[SUIT[code]]}"


def word_list(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' ('' for none)."""
    return " and ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} and {words[-1]}"


def not_held(hand: list[str], cards: list[str]) -> str | None:
    """Why these cards cannot leave this hand (a code that is no card, cards not held), or None."""
    if POINTS.keys() >= set(cards) and set(hand) >= set(cards):
        return None  # the usual answer (every play a bot or a search makes), in two set tests
    unknown = next((c for c in cards if c not in POINTS), None)
    if unknown is not None:
        return f"{str(unknown)[:12]!r} is not a card."
    missing = [card_name(c) for c in cards if c not in hand]
    return f"You do not hold {word_list(missing)}." if missing else None


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)


def card_points(cards) -> int:
    return sum(POINTS[c] for c in cards)


def rank_name(rank: int) -> str:
    return RANK_NAMES[rank]


def parse_rank(value) -> int:
    """A rank as the API gives it ("J", "10", 11 or "11") -> 3..14; ValueError otherwise."""
    if isinstance(value, bool):
        raise ValueError("not a rank")
    if isinstance(value, int):
        rank = value
    elif isinstance(value, str) and value.upper() in NAME_TO_RANK:
        rank = NAME_TO_RANK[value.upper()]
    elif isinstance(value, str) and value.isdigit():
        rank = int(value)
    else:
        raise ValueError("not a rank")
    if rank not in WISH_RANKS:
        raise ValueError("not a rank from 3 to A")
    return rank

