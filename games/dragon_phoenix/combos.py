"""Reading cards as a combination, comparing combinations, naming them (rule text "Combinations",
"Bombs", "The special cards"; D3-D7).

A combination is a `Combo(kind, size, rank, phoenix)`: `rank` is what it is compared by (the
triple of a full house, the top card of a straight or stairs, half steps for the Phoenix single),
`phoenix` the rank the Phoenix stands for in a multi-card combination (None otherwise).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from .cards import (
    DRAGON,
    DRAGON_RANK,
    FOX,
    HERALD,
    PHOENIX,
    RANK,
    RANK_NAMES,
    RANK_WORDS,
    SPECIAL_WORDS,
    SUIT,
    WISH_RANKS,
)

SINGLE, PAIR, TRIPLE, FULL_HOUSE, STRAIGHT, STAIRS = "single", "pair", "triple", "fullHouse", "straight", "stairs"
FOUR, STRAIGHT_FLUSH, FOX_LEAD = "fourOfAKind", "straightFlush", "fox"
BOMBS = frozenset((FOUR, STRAIGHT_FLUSH))
PHOENIX_LED = 2.5  # the Phoenix led counts as 2 1/2, just above the Herald


class Combo(NamedTuple):
    kind: str
    size: int
    rank: float
    phoenix: int | None = None

    @property
    def is_bomb(self) -> bool:
        return self.kind in BOMBS

    def as_dict(self) -> dict:
        return {"type": self.kind, "size": self.size, "rank": self.rank, "phoenix_as": self.phoenix}


def from_dict(data: dict | None) -> Combo | None:
    return None if data is None else Combo(data["type"], data["size"], data["rank"], data["phoenix_as"])


def single_reading(card: str, top: Combo | None) -> Combo | None:
    """A card played alone. The Phoenix is half a step above the single it is played on
    (2 1/2 when led) and has no reading on the Dragon."""
    if card == FOX:
        return Combo(FOX_LEAD, 1, 0)
    if card == DRAGON:
        return Combo(SINGLE, 1, DRAGON_RANK)
    if card == PHOENIX:
        if top is None or top.kind != SINGLE:
            return Combo(SINGLE, 1, PHOENIX_LED)
        if top.rank == DRAGON_RANK:
            return None
        return Combo(SINGLE, 1, top.rank + 0.5)
    return Combo(SINGLE, 1, RANK[card])


def _classify(ranks: list[int], suits: set[str] | None, phoenix: int | None) -> Combo | None:
    """The combination formed by these ranks (one per card), if any. `suits` is None when a
    special card is among them (so it cannot be a bomb)."""
    n = len(ranks)
    counts = Counter(ranks)
    low, high = min(ranks), max(ranks)
    if len(counts) == 1:
        if low < 3:
            return None
        if n == 2:
            return Combo(PAIR, 2, low, phoenix)
        if n == 3:
            return Combo(TRIPLE, 3, low, phoenix)
        if n == 4 and phoenix is None:
            return Combo(FOUR, 4, low)
        return None
    if n == 5 and sorted(counts.values()) == [2, 3]:
        triple = next(r for r, c in counts.items() if c == 3)
        return Combo(FULL_HOUSE, 5, triple, phoenix)
    if n >= 5 and len(counts) == n and high - low == n - 1:
        if phoenix is None and suits is not None and len(suits) == 1:
            return Combo(STRAIGHT_FLUSH, n, high)
        return Combo(STRAIGHT, n, high, phoenix)
    if n >= 4 and n % 2 == 0 and low >= 3 and set(counts.values()) == {2} and high - low == n // 2 - 1:
        return Combo(STAIRS, n, high, phoenix)
    return None


def readings(cards: list[str], top: Combo | None = None) -> list[Combo]:
    """Every way these cards form one combination, highest first (several only with the Phoenix)."""
    if not cards:
        return []
    if len(cards) == 1:
        combo = single_reading(cards[0], top)
        return [] if combo is None else [combo]
    return list(group_readings(tuple(cards)))


# Every play is read again when it is made (`rules.check_play`), and a search makes the same plays again
# and again: the readings of a group of cards, which depend on the cards alone, are remembered.
@lru_cache(maxsize=4096)
def group_readings(cards: tuple[str, ...]) -> tuple[Combo, ...]:
    """`readings` of two or more cards, highest first."""
    if FOX in cards or DRAGON in cards or len(set(cards)) != len(cards):
        return ()
    naturals = [c for c in cards if c != PHOENIX]
    ranks = [RANK[c] for c in naturals]
    specials = HERALD in cards or PHOENIX in cards
    suits = None if specials else {SUIT[c] for c in naturals}
    if len(naturals) == len(cards):
        combo = _classify(ranks, suits, None)
        return () if combo is None else (combo,)
    found = []
    # the Phoenix repeats a rank held or extends the run by one at either end: no other rank reads
    for stand_in in range(min(max(ranks) + 1, WISH_RANKS[-1]), max(min(ranks) - 1, WISH_RANKS[0]) - 1, -1):
        combo = _classify(ranks + [stand_in], None, stand_in)
        if combo is not None:
            found.append(combo)
    found.sort(key=lambda c: c.rank, reverse=True)
    return tuple(found)


def bomb_power(combo: Combo) -> tuple:
    """Straight flush over four of a kind, then more cards, then the higher rank (D7)."""
    return (combo.kind == STRAIGHT_FLUSH, combo.size, combo.rank)


def beats(combo: Combo, top: Combo | None) -> bool:
    """Whether `combo` may be played on `top` (None: it leads)."""
    if top is None:
        return True
    if combo.kind in BOMBS:
        return top.kind not in BOMBS or bomb_power(combo) > bomb_power(top)
    if top.kind in BOMBS or combo.kind == FOX_LEAD:
        return False
    return combo.kind == top.kind and combo.size == top.size and combo.rank > top.rank


# ----- names, for the log and the refusals ------------------------------------------------------
def plural(rank: int) -> str:
    return f"{RANK_WORDS[rank]}s"


def _article(rank: int) -> str:
    return "an" if rank in (8, 14) else "a"


def combo_name(combo: Combo, cards: list[str]) -> str:
    """'a pair of 8s', 'a straight of 6 to the Queen', 'the Phoenix': the log's words for a play."""
    kind = combo.kind
    if kind in (SINGLE, FOX_LEAD):
        card = cards[0]
        if card in SPECIAL_WORDS:
            return SPECIAL_WORDS[card]
        rank = int(combo.rank)
        return f"{_article(rank)} {RANK_WORDS[rank]}"
    rank = int(combo.rank)
    if kind == PAIR:
        return f"a pair of {plural(rank)}"
    if kind == TRIPLE:
        return f"three {plural(rank)}"
    if kind == FULL_HOUSE:
        ranks = [RANK[c] for c in cards if c != PHOENIX] + ([combo.phoenix] if combo.phoenix else [])
        pair = next(r for r in ranks if r != rank)
        return f"a full house, three {plural(rank)} and two {plural(pair)}"
    if kind == STRAIGHT:
        return f"a straight of {combo.size} to the {RANK_WORDS[rank]}"
    if kind == STAIRS:
        return f"stairs of {combo.size // 2} pairs to the {plural(rank)}"
    if kind == FOUR:
        return f"a bomb: four {plural(rank)}"
    return f"a bomb: a straight flush of {combo.size} to the {RANK_WORDS[rank]}"


KIND_NAMES = {SINGLE: "a single", PAIR: "a pair", TRIPLE: "a triple", FULL_HOUSE: "a full house",
              STRAIGHT: "a straight", STAIRS: "stairs", FOX_LEAD: "the Fox"}


def rank_text(rank: float) -> str:
    """A rank as a player writes it: '7', 'K', and half steps for the Phoenix single: '7½', '2½'."""
    whole = int(rank)
    return RANK_NAMES[whole] + ("½" if rank != whole else "")


def _short_plural(rank: int) -> str:
    """'8s', 'Ks': the labels' short form (the log says 'Kings', `plural`)."""
    return f"{RANK_NAMES[rank]}s"


def combo_label(combo: Combo, cards: list[str]) -> str:
    """A short label for a selection or a play: 'Pair of 8s', 'Full house, 3s over Ks', 'Phoenix (7½)',
    'Straight of 5, 2 to 6 (Phoenix as 4)'. The Play button and the seats show it."""
    kind, rank = combo.kind, int(combo.rank)
    if kind == FOX_LEAD:
        return "Fox"
    if kind == SINGLE:
        card = cards[0]
        if card == PHOENIX:
            return f"Phoenix ({rank_text(combo.rank)})"
        if card in (HERALD, DRAGON):
            return "Herald (2)" if card == HERALD else "Dragon"
        return f"Single {RANK_NAMES[rank]}"
    low = rank - (combo.size if kind in (STRAIGHT, STRAIGHT_FLUSH) else combo.size // 2) + 1
    if kind == PAIR:
        label = f"Pair of {_short_plural(rank)}"
    elif kind == TRIPLE:
        label = f"Three {_short_plural(rank)}"
    elif kind == FULL_HOUSE:
        ranks = [RANK[c] for c in cards if c != PHOENIX] + ([combo.phoenix] if combo.phoenix else [])
        pair = next(r for r in ranks if r != rank)
        label = f"Full house, {_short_plural(rank)} over {_short_plural(pair)}"
    elif kind == STRAIGHT:
        label = f"Straight of {combo.size}, {RANK_NAMES[low]} to {RANK_NAMES[rank]}"
    elif kind == STAIRS:
        label = f"Stairs of {combo.size // 2} pairs, {_short_plural(low)} to {_short_plural(rank)}"
    elif kind == FOUR:
        label = f"Bomb: four {_short_plural(rank)}"
    else:
        label = f"Bomb: straight flush of {combo.size}, {RANK_NAMES[low]} to {RANK_NAMES[rank]}"
    if combo.phoenix is not None and PHOENIX in cards:
        label += f" (Phoenix as {RANK_NAMES[combo.phoenix]})"
    return label


def phoenix_value_name(name: str, value: float) -> str:
    """The log's name of a Phoenix single with the value it took (D5): 'the Phoenix (7½)'."""
    return f"{name} ({rank_text(value)})"


def why_no_combination(cards: list[str]) -> str:
    """A sentence naming what keeps these cards from being a combination (they form none): the
    problem of this selection, not a list of every shape."""
    if not cards:
        return "Choose at least one card to play."
    if len(set(cards)) != len(cards):
        return "Each card can be played only once."
    if FOX in cards:
        return "The Fox can only be played alone."
    if DRAGON in cards:
        return "The Dragon is only played as a single."
    size, phoenix = len(cards), PHOENIX in cards
    naturals = [c for c in cards if c != PHOENIX]
    counts = Counter(RANK[c] for c in naturals)
    if HERALD in cards and size < 5:
        return "The Herald can only be played alone or as the bottom card of a straight."
    if size == 4 and phoenix and len(counts) == 1:
        return "The Phoenix cannot be part of a bomb, and four of a kind is only a bomb."
    if size in (3, 4) and len(counts) + phoenix == size and _gaps(counts) <= phoenix:
        return "A straight needs at least 5 cards."
    if size == 2:
        return "A pair is two cards of the same rank."
    if size == 3:
        return "Three cards are a combination only as three of a kind."
    singles = sum(1 for n in counts.values() if n == 1)
    if size % 2 == 0 and max(counts.values()) <= 2 and singles <= phoenix:
        # pairs only (the Phoenix completing one): their ranks are what is wrong
        return "Stairs are pairs of consecutive ranks, with no gap."
    if size == 4:
        return "Four cards are a combination only as two pairs of consecutive ranks, or as four of a kind (a bomb)."
    if HERALD in cards and len(counts) + phoenix != size:
        return "The Herald can only be played alone or as the bottom card of a straight."
    if len(counts) + phoenix == size:
        return "A straight needs consecutive ranks, with no gap (the Ace is high, no wrapping round)."
    if size == 5:
        return "A full house is three of a kind and a pair of another rank."
    if size % 2 == 0 and max(counts.values()) <= 2:
        return "Stairs are pairs only: each rank twice, the ranks consecutive."
    return (f"These {size} cards form no combination: with more than 5 cards, play a straight or stairs "
            "(pairs of consecutive ranks).")


def _gaps(counts: Counter) -> int:
    """Missing ranks between the lowest and the highest of these ranks."""
    return max(counts) - min(counts) + 1 - len(counts)
