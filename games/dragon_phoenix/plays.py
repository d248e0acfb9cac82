"""Every play a hand can make: the enumeration that legal actions, the wish and the bots share.

A play is `(cards, combo)`, cards a tuple of codes. Plays are listed per kind and only above
the combination on the table, so following is cheap; bombs are found apart (out of turn).
Each function returns a list: legal actions and random play both need all of them, and the
hand is grouped by rank once per call.
"""
from __future__ import annotations

from functools import lru_cache, reduce
from itertools import combinations, product
from operator import or_

from .cards import DECK, HERALD, PHOENIX, RANK, RANK_NAMES, SPECIALS, SUIT, SUITS, WISH_RANKS
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

# Each card led alone, built once: singles are most of what a hand can play.
LEAD_SINGLES: dict[str, Play] = {card: ((card,), single_reading(card, None)) for card in DECK}
# What a card alone is worth when following a single; the Phoenix's depends on the table and the
# Fox only leads, so neither is here.
FOLLOW_RANK = {card: combo.rank for card, (_, combo) in LEAD_SINGLES.items()
               if combo.kind == SINGLE and card != PHOENIX}


def by_rank(hand) -> dict[int, list[str]]:
    """Natural cards (and the Herald, rank 2) grouped by rank."""
    groups: dict[int, list[str]] = {}
    for card in hand:
        rank = RANK.get(card)
        if rank is not None:
            groups.setdefault(rank, []).append(card)
    return groups


def singles(hand: list[str], top: Combo | None) -> list[Play]:
    """Every card alone when leading; on a single, the cards above it (the Phoenix half a step
    above, never on the Dragon)."""
    if top is None:
        return [LEAD_SINGLES[card] for card in hand]
    above = top.rank
    found = [LEAD_SINGLES[card] for card in hand if FOLLOW_RANK.get(card, 0) > above]
    if PHOENIX in hand:
        combo = single_reading(PHOENIX, top)
        if combo is not None:
            found.append(((PHOENIX,), combo))
    return found


def rank_sets(cards: list[str], rank: int, size: int, phoenix: bool) -> list[Play]:
    """Pairs (size 2) or triples (size 3) of one rank, the Phoenix standing in for one card."""
    kind = PAIR if size == 2 else TRIPLE
    combo = Combo(kind, size, rank)
    found = [(chosen, combo) for chosen in combinations(cards, size)]
    if phoenix:
        combo = Combo(kind, size, rank, rank)
        found.extend(((*chosen, PHOENIX), combo) for chosen in combinations(cards, size - 1))
    return found


def sets(groups: dict, size: int, above: float, phoenix: bool) -> list[Play]:
    """Pairs or triples above `above`."""
    found = []
    for rank, cards in groups.items():
        if rank > above and rank >= 3 and len(cards) + phoenix >= size:
            found.extend(rank_sets(cards, rank, size, phoenix))
    return found


def full_houses(groups: dict, above: float, phoenix: bool) -> list[Play]:
    """A triple above `above` and a pair of another rank; the Phoenix in at most one of them."""
    triples = [(t, cards) for t, cards in groups.items() if t > above and t >= 3 and len(cards) + phoenix >= 3]
    if not triples:
        return []  # most hands hold no triple, even with the Phoenix: no pairs to list
    pairs = {r: rank_sets(c, r, 2, phoenix) for r, c in groups.items() if r >= 3 and len(c) + phoenix >= 2}
    found = []
    for t, cards in triples:
        for t_cards, t_combo in rank_sets(cards, t, 3, phoenix):
            for p, pair_plays in pairs.items():
                if p == t:
                    continue
                for p_cards, p_combo in pair_plays:
                    if t_combo.phoenix and p_combo.phoenix:
                        continue
                    found.append((t_cards + p_cards, Combo(FULL_HOUSE, 5, t, t_combo.phoenix or p_combo.phoenix)))
    return found


def _run_lengths(options: dict, phoenix_options: dict, lowest: int) -> dict[int, int]:
    """For each start rank, how many consecutive ranks a run from it can cover: ranks with an
    option, and one gap the Phoenix fills. Worked out from the Ace down, one step per start."""
    lengths = {}
    plain = filled = 0  # the run from the rank above: with no gap; with the Phoenix in a gap
    for rank in range(14, lowest - 1, -1):
        if rank in options:
            plain, filled = plain + 1, filled + 1
        elif rank in phoenix_options:
            plain, filled = 0, plain + 1
        else:
            plain = filled = 0
        lengths[rank] = filled
    return lengths


def _runs(options: dict, phoenix_options: dict, lengths: dict, unit: int, minimum: int, size: int | None,
          above: float) -> list[tuple[tuple[str, ...], int, int | None]]:
    """Consecutive ranks from each start, one option per rank (a card for straights, a pair for
    stairs), the Phoenix standing in once with one of `phoenix_options` (none when not held):
    (cards, top rank, Phoenix rank) for each run."""
    wanted = minimum if size is None else size
    found = []
    for start, length in lengths.items():
        if length * unit < wanted:
            continue  # most starts cannot make a run long enough
        if size is not None and start + size // unit - 1 <= above:
            continue  # a run of this size from here tops out too low
        partials: list[tuple[tuple[str, ...], int | None]] = [((), None)]
        rank, count = start, 0
        while partials and rank <= 14 and count < (size or 99):
            grown = []
            for cards, stand_in in partials:
                for option in options.get(rank, ()):
                    grown.append((cards + option, stand_in))
                if stand_in is None:
                    for option in phoenix_options.get(rank, ()):
                        grown.append((cards + option + (PHOENIX,), rank))
            partials, count, rank = grown, count + unit, rank + 1
            if count >= wanted and (size is None or count == size) and rank - 1 > above:
                found.extend((cards, rank - 1, stand_in) for cards, stand_in in partials)
    return found


# In a straight the Phoenix stands alone for any rank from 3 to the Ace.
PHOENIX_ALONE = {rank: [()] for rank in WISH_RANKS}


def straights(groups: dict, phoenix: bool, size: int | None, above: float) -> list[Play]:
    """Straights of 5+ (the Herald only at the bottom); a natural one-suit run is a bomb instead."""
    if len(groups) + phoenix < (size or 5):
        return []  # too few ranks for any straight
    phoenix_options = PHOENIX_ALONE if phoenix else {}
    lengths = _run_lengths(groups, phoenix_options, 2)
    if max(lengths.values()) < (size or 5):
        return []  # most hands: no run long enough, so no need to list the cards
    # Only a hand holding a straight flush has a run to leave out: most hold none, and skip the test.
    flushes = _holds_straight_flush(groups)
    if not phoenix:
        return _plain_straights(groups, lengths, size, above, flushes)
    options = {rank: [(c,) for c in cards] for rank, cards in groups.items()}
    found = []
    for cards, top, stand_in in _runs(options, phoenix_options, lengths, 1, 5, size, above):
        if flushes and stand_in is None and HERALD not in cards and len({SUIT[c] for c in cards}) == 1:
            continue
        found.append((cards, Combo(STRAIGHT, len(cards), top, stand_in)))
    return found


# The combination of every straight without the Phoenix, by (cards, top rank): built once, shared.
PLAIN_STRAIGHT = {(n, top): Combo(STRAIGHT, n, top) for n in range(5, 14) for top in range(n + 1, 15)}


def _plain_straights(groups: dict, lengths: dict, size: int | None, above: float, flushes: bool) -> list[Play]:
    """`straights` without the Phoenix, in the order `_runs` lists them (starts from the Ace down, then
    shorter first, then the cards of each rank in the hand's order): each start and length is the
    product of its ranks' cards, which itertools builds in that very order."""
    found = []
    for start, length in lengths.items():
        for n in ((size,) if size is not None else range(5, length + 1)):
            top = start + n - 1
            if n > length or top <= above:
                continue
            combo = PLAIN_STRAIGHT[n, top]
            runs = product(*[groups[rank] for rank in range(start, top + 1)])
            if flushes:
                found.extend((cards, combo) for cards in runs
                             if HERALD in cards or len({SUIT[c] for c in cards}) > 1)
            else:
                found.extend((cards, combo) for cards in runs)
    return found


def _holds_straight_flush(groups: dict) -> bool:
    """Whether these cards hold five of one suit in a row (the bits of `CARD_BIT`)."""
    bits = 0
    for cards in groups.values():
        for card in cards:
            bits |= CARD_BIT[card]
    return bool(bits & bits >> 1 & bits >> 2 & bits >> 3 & bits >> 4)


def stairs(groups: dict, phoenix: bool, size: int | None, above: float) -> list[Play]:
    """Two or more pairs of consecutive ranks; the Phoenix makes a pair with a single card."""
    options = {r: list(combinations(cards, 2)) for r, cards in groups.items() if r >= 3 and len(cards) >= 2}
    if len(options) + phoenix < (size or 4) // 2:
        return []  # too few pairs for any stairs
    phoenix_options = {r: [(c,) for c in cards] for r, cards in groups.items() if r >= 3} if phoenix else {}
    lengths = _run_lengths(options, phoenix_options, 3)
    return [(cards, Combo(STAIRS, len(cards), top, stand_in))
            for cards, top, stand_in in _runs(options, phoenix_options, lengths, 2, 4, size, above)]


def bombs(hand: list[str], top: Combo | None) -> list[Play]:
    """Fours of a kind and natural one-suit straights of 5+ that beat `top`."""
    if len(hand) < 4:
        return []
    return [play for play in all_bombs(tuple(hand)) if beats(play[1], top)]


# Each card as one bit: its rank's bit in its suit's 16-bit row (the specials have none). A hand's
# bombs then show in a few operations: a bit set in all four rows is four of a kind, five bits in a
# row a straight flush (ranks 2 to 14 never reach the next row).
ROW = 16
CARD_BIT = dict.fromkeys(SPECIALS, 0) | {card: 1 << (RANK[card] + ROW * SUITS.index(SUIT[card])) for card in SUIT}


def may_hold_bomb(hand) -> bool:
    """Whether a hand holds any bomb, in one pass over its cards (most hold none)."""
    bits = reduce(or_, map(CARD_BIT.__getitem__, hand), 0)
    four_of_a_kind = bits & bits >> ROW & bits >> 2 * ROW & bits >> 3 * ROW
    five_in_a_row = bits & bits >> 1 & bits >> 2 & bits >> 3 & bits >> 4
    return bool(four_of_a_kind or five_in_a_row)


@lru_cache(maxsize=4096)
def all_bombs(hand: tuple[str, ...]) -> tuple[Play, ...]:
    """Every bomb in a hand; cached, since out-of-turn bombs are asked for at every move."""
    if not may_hold_bomb(hand):
        return ()
    found = [(tuple(cards), Combo(FOUR, 4, rank)) for rank, cards in by_rank(hand).items() if len(cards) == 4]
    suit_ranks: dict[str, set[int]] = {suit: set() for suit in SUITS}
    for card in hand:
        suit = SUIT.get(card)
        if suit is not None:
            suit_ranks[suit].add(RANK[card])
    for suit, present in suit_ranks.items():
        if len(present) >= 5:
            found.extend(_straight_flushes(suit, present))
    return tuple(found)


def _straight_flushes(suit: str, present: set[int]) -> list[Play]:
    """Every run of 5+ consecutive ranks among `present`, all of `suit`."""
    found = []
    for start in sorted(present):
        run = 1
        while start + run in present:
            run += 1
            if run >= 5:
                cards = tuple(f"{RANK_NAMES[r]}{suit}" for r in range(start, start + run))
                found.append((cards, Combo(STRAIGHT_FLUSH, run, start + run - 1)))
    return found


def followers(hand: list[str], top: Combo) -> list[Play]:
    """Non-bomb plays of the kind and size on the table that beat it."""
    kind = top.kind
    if kind == SINGLE:
        return singles(hand, top)
    if len(hand) < top.size:
        return []
    groups = by_rank(hand)
    phoenix = PHOENIX in hand
    if kind in SET_KINDS:
        return sets(groups, top.size, top.rank, phoenix)
    if kind == FULL_HOUSE:
        return full_houses(groups, top.rank, phoenix)
    if kind == STRAIGHT:
        return straights(groups, phoenix, top.size, top.rank)
    if kind == STAIRS:
        return stairs(groups, phoenix, top.size, top.rank)
    return []


def leads(hand: list[str]) -> list[Play]:
    """Every combination this hand can lead (the Fox and bombs included)."""
    groups = by_rank(hand)
    phoenix = PHOENIX in hand
    return [*singles(hand, None), *sets(groups, 2, 0, phoenix), *sets(groups, 3, 0, phoenix),
            *full_houses(groups, 0, phoenix), *straights(groups, phoenix, None, 0),
            *stairs(groups, phoenix, None, 0), *bombs(hand, None)]


def plays(hand: list[str], top: Combo | None) -> list[Play]:
    """Every play this hand may make on `top` (None: a lead), bombs included."""
    if top is None:
        return leads(hand)
    found = [] if top.is_bomb else followers(hand, top)
    return found + bombs(hand, top)
