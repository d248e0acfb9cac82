"""Every play a hand can make: the enumeration that legal actions, the wish and the bots share.

A play is `(cards, combo)`, cards a tuple of codes. Plays are generated per kind and only above
the combination on the table, so following is cheap; bombs are generated apart (out of turn).
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from .cards import HERALD, PHOENIX, RANK, SUIT, SUITS
from .combos import (
    FOUR,
    FULL_HOUSE,
    PAIR,
    SINGLE,
    STAIRS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPLE,
    Combo,
    beats,
    single_reading,
)

Play = tuple[tuple[str, ...], Combo]
SET_KINDS = {PAIR: 2, TRIPLE: 3}


def by_rank(hand: list[str]) -> dict[int, list[str]]:
    """Natural cards (and the Herald, rank 2) grouped by rank."""
    groups: dict[int, list[str]] = {}
    for card in hand:
        rank = RANK.get(card)
        if rank is not None:
            groups.setdefault(rank, []).append(card)
    return groups


def singles(hand: list[str], top: Combo | None) -> Iterator[Play]:
    for card in hand:
        combo = single_reading(card, top)
        if combo is not None and beats(combo, top):
            yield (card,), combo


def sets(groups: dict, size: int, above: float, phoenix: bool) -> Iterator[Play]:
    """Pairs (size 2) or triples (size 3), the Phoenix standing in for one card."""
    kind = PAIR if size == 2 else TRIPLE
    for rank, cards in groups.items():
        if rank <= above or rank < 3:
            continue
        for chosen in combinations(cards, size):
            yield chosen, Combo(kind, size, rank)
        if phoenix:
            for chosen in combinations(cards, size - 1):
                yield (*chosen, PHOENIX), Combo(kind, size, rank, rank)


def full_houses(groups: dict, above: float, phoenix: bool) -> Iterator[Play]:
    """A triple above `above` and a pair of another rank; the Phoenix in at most one of them."""
    triples = {r: list(sets({r: c}, 3, 0, phoenix)) for r, c in groups.items() if r > above and r >= 3}
    pairs = {r: list(sets({r: c}, 2, 0, phoenix)) for r, c in groups.items() if r >= 3}
    for t, triple_plays in triples.items():
        for p, pair_plays in pairs.items():
            if p == t:
                continue
            for t_cards, t_combo in triple_plays:
                for p_cards, p_combo in pair_plays:
                    if t_combo.phoenix and p_combo.phoenix:
                        continue
                    yield t_cards + p_cards, Combo(FULL_HOUSE, 5, t, t_combo.phoenix or p_combo.phoenix)


def _runs(options: dict, phoenix_options: dict, phoenix: bool, lowest: int, unit: int, minimum: int,
          size: int | None, above: float) -> Iterator[tuple[tuple[str, ...], int, int | None]]:
    """Consecutive ranks from each start, one option per rank (a card for straights, a pair for
    stairs), the Phoenix standing in once: yields (cards, top rank, Phoenix rank)."""
    wanted = minimum if size is None else size
    for start in range(lowest, 15):
        if _longest(options, phoenix_options, phoenix, start, unit) * unit < wanted:
            continue  # most starts cannot make a run long enough
        partials: list[tuple[tuple[str, ...], int | None]] = [((), None)]
        rank, count = start, 0
        while partials and rank <= 14 and count < (size or 99):
            grown = []
            for cards, stand_in in partials:
                for option in options.get(rank, ()):
                    grown.append((cards + option, stand_in))
                if phoenix and stand_in is None and rank >= 3:
                    for option in phoenix_options.get(rank, ((),) if unit == 1 else ()):
                        grown.append((cards + option + (PHOENIX,), rank))
            partials, count, rank = grown, count + unit, rank + 1
            if count >= wanted and (size is None or count == size) and rank - 1 > above:
                for cards, stand_in in partials:
                    yield cards, rank - 1, stand_in


def _longest(options: dict, phoenix_options: dict, phoenix: bool, start: int, unit: int) -> int:
    """How many ranks a run from `start` can cover, the Phoenix filling the first gap."""
    rank, gap = start, phoenix
    while rank <= 14:
        if options.get(rank):
            rank += 1
        elif gap and rank >= 3 and (unit == 1 or phoenix_options.get(rank)):
            gap, rank = False, rank + 1
        else:
            break
    return rank - start


def straights(groups: dict, phoenix: bool, size: int | None, above: float) -> Iterator[Play]:
    """Straights of 5+ (the Herald only at the bottom); a natural one-suit run is a bomb instead."""
    options = {rank: [(c,) for c in cards] for rank, cards in groups.items()}
    for cards, top, stand_in in _runs(options, {}, phoenix, 2, 1, 5, size, above):
        if stand_in is None and HERALD not in cards and len({SUIT[c] for c in cards}) == 1:
            continue
        yield cards, Combo(STRAIGHT, len(cards), top, stand_in)


def stairs(groups: dict, phoenix: bool, size: int | None, above: float) -> Iterator[Play]:
    """Two or more pairs of consecutive ranks."""
    options = {r: list(combinations(cards, 2)) for r, cards in groups.items() if r >= 3}
    singles_for_phoenix = {r: [(c,) for c in cards] for r, cards in groups.items() if r >= 3}
    for cards, top, stand_in in _runs(options, singles_for_phoenix, phoenix, 3, 2, 4, size, above):
        yield cards, Combo(STAIRS, len(cards), top, stand_in)


def bombs(hand: list[str], top: Combo | None) -> Iterator[Play]:
    """Fours of a kind and natural one-suit straights of 5+ that beat `top`."""
    for cards, combo in all_bombs(tuple(hand)):
        if beats(combo, top):
            yield cards, combo


@lru_cache(maxsize=4096)
def all_bombs(hand: tuple[str, ...]) -> tuple[Play, ...]:
    """Every bomb in a hand; cached, since out-of-turn bombs are asked for at every move."""
    return tuple(_find_bombs(hand))


def _find_bombs(hand: tuple[str, ...]) -> Iterator[Play]:
    groups = by_rank(hand)
    for rank, cards in groups.items():
        if len(cards) == 4:
            yield tuple(cards), Combo(FOUR, 4, rank)
    for suit in SUITS:
        ranks = sorted(RANK[c] for c in hand if SUIT.get(c) == suit)
        if len(ranks) < 5:
            continue
        present = set(ranks)
        for start in ranks:
            run = 1
            while start + run in present:
                run += 1
                if run >= 5:
                    cards = tuple(f"{_code_rank(r)}{suit}" for r in range(start, start + run))
                    yield cards, Combo(STRAIGHT_FLUSH, run, start + run - 1)


def _code_rank(rank: int) -> str:
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))


def has_bomb(hand: list[str]) -> bool:
    return len(hand) >= 4 and bool(all_bombs(tuple(hand)))


def followers(hand: list[str], top: Combo) -> Iterator[Play]:
    """Non-bomb plays of the kind and size on the table that beat it."""
    kind = top.kind
    if kind == SINGLE:
        yield from singles(hand, top)
        return
    if len(hand) < top.size:
        return
    groups = by_rank(hand)
    phoenix = PHOENIX in hand
    if kind in SET_KINDS:
        yield from sets(groups, top.size, top.rank, phoenix)
    elif kind == FULL_HOUSE:
        yield from full_houses(groups, top.rank, phoenix)
    elif kind == STRAIGHT:
        yield from straights(groups, phoenix, top.size, top.rank)
    elif kind == STAIRS:
        yield from stairs(groups, phoenix, top.size, top.rank)


def leads(hand: list[str]) -> Iterator[Play]:
    """Every combination this hand can lead (the Fox and bombs included)."""
    groups = by_rank(hand)
    phoenix = PHOENIX in hand
    yield from singles(hand, None)
    yield from sets(groups, 2, 0, phoenix)
    yield from sets(groups, 3, 0, phoenix)
    yield from full_houses(groups, 0, phoenix)
    yield from straights(groups, phoenix, None, 0)
    yield from stairs(groups, phoenix, None, 0)
    yield from bombs(hand, None)


def plays(hand: list[str], top: Combo | None) -> Iterator[Play]:
    """Every play this hand may make on `top` (None: a lead), bombs included."""
    if top is None:
        yield from leads(hand)
        return
    if not top.is_bomb:
        yield from followers(hand, top)
    yield from bombs(hand, top)
