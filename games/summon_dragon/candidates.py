"""The discards the expert bot's search weighs (`Game.search_candidates`).

A discard of 4 of 16 cards (the giver of a summon) or 5 of 17 (the kitty) has 1,820 or 6,188 legal
sets: a search of a few hundred iterations would try the heuristic's and a handful drawn at random.
Instead it weighs the plans a player would (RULES.md "A hand", D8-D10):
- the heuristic's discard: the cards least worth keeping (trumps and the Dragon kept, then by rank);
- void a side suit, shortest first (to trump it in a suit contract, to throw off in no-trump), or
  keep only its best card, a winner to cash; two short suits at once where both fit;
- in a suit contract, keep high side cards over low trumps;
- in no-trump, keep a long suit whole (its low cards win once the others are out);
- the heuristic's discard with one card swapped for one of the next weakest.
The Dragon is never discarded by a plan (the rules allow it, D10, but it is the best card of every
contract, D13, D14). Every plan is built from the discarder's own hand, the count owed and the
contract, all of which the discarder knows: the list is the same in every determinization.
"""
from __future__ import annotations

from itertools import combinations
from math import comb

from . import rules
from .bots import keep_value, weakest
from .cards import DRAGON, RANK_OF, SUIT_OF, SUITS

MAX_CANDIDATES = 24   # with widening, a 300-iteration search tries them all (about 3 sqrt(visits))
NEIGHBOURS = 3        # next-weakest cards each card of the heuristic's discard may be swapped for


def discard_candidates(hand: list[str], owed: int, designation: str) -> list[list[str]] | None:
    """Up to MAX_CANDIDATES distinct discards of `owed` cards, each in hand order, the heuristic's
    first; None where the legal discards are few enough to search them all (1 of 13 after a summon)."""
    if comb(len(hand), owed) <= MAX_CANDIDATES:
        return None
    ranked = sorted(hand, key=lambda c: keep_value(c, designation))   # weakest first
    trump = rules.trump_of(designation)
    by_suit = {suit: [c for c in ranked if SUIT_OF[c] == suit] for suit in SUITS}

    def fill(chosen: list[str], spare: frozenset[str] = frozenset()) -> list[str] | None:
        """`chosen` and then the weakest other cards up to `owed`, never the Dragon nor `spare`."""
        if len(chosen) > owed:
            return None
        rest = [c for c in ranked if c not in chosen and c not in spare and c != DRAGON]
        cards = list(chosen) + rest[:owed - len(chosen)]
        return cards if len(cards) == owed else None

    plans: list[list[str] | None] = [weakest(hand, designation, owed)]
    side = sorted((s for s in SUITS if s != trump and by_suit[s]), key=lambda s: (len(by_suit[s]), SUITS.index(s)))
    for suit in side:
        cards = by_suit[suit]
        plans.append(fill(cards))                                     # void it
        if len(cards) > 1:
            plans.append(fill(cards[:-1], frozenset(cards[-1:])))     # keep its best card only
    for first, second in combinations(side, 2):
        plans.append(fill(by_suit[first] + by_suit[second]))
    if trump is not None:
        by_rank = sorted((c for c in hand if c != DRAGON),
                         key=lambda c: (keep_value(c, designation)[1], SUIT_OF[c] == trump, RANK_OF[c]))
        plans.append(fill(by_rank[:owed]))                            # high side cards over low trumps
    else:
        longest = max(SUITS, key=lambda s: (len(by_suit[s]), -SUITS.index(s)))
        plans.append(fill([], frozenset(by_suit[longest])))
    heuristic = plans[0]
    kept = [c for c in ranked if c not in heuristic and c != DRAGON][:NEIGHBOURS]
    for out in reversed([c for c in ranked if c in heuristic]):      # its strongest card first
        for swapped in kept:
            plans.append([c for c in heuristic if c != out] + [swapped])

    unique: dict[frozenset[str], list[str]] = {}
    for plan in plans:
        if plan is not None and len(unique) < MAX_CANDIDATES:
            unique.setdefault(frozenset(plan), [c for c in hand if c in plan])
    return list(unique.values())
