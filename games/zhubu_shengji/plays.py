"""Every play a hand can make now, for `legal_actions`, the bots and the zombie.

Each play is listed once with the reading it is made as. To keep the list short (a lead can have
hundreds of plays) two equivalent choices are not repeated: 2s are interchangeable (suitless, worth
6 each), so a play uses the lowest-coded 2s of the hand; and a run uses the natural cards the hand
holds in its suits, wilds only filling what is missing. Players may still send any other legal
choice. Generation goes by shape, so answering a trick only builds plays of its type (and bombs).

Plays come in groups (one rank and size of set, one run's place and suits, the bombs): a group
knows how many plays it holds before building them, so a random player draws one play of the whole
listing, each as likely as any other, and builds only the group it falls in.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cached_property, reduce
from itertools import combinations, product
from math import comb
from operator import and_, or_

from .cards import JOKER, LOWEST, NATURALS, RANK, RANK_NAME, SUIT, SUITS, TWO
from .rules import BOMBS, HAND_BOMB_RANKS, MAX_SET, assign_wilds, combo

Play = tuple[list[str], dict]
SUIT_BIT = {suit: 1 << i for i, suit in enumerate(SUITS)}  # a set of suits is a 4-bit mask
NATURAL_AT = {(RANK[card], SUIT[card]): card for card in NATURALS}
# (how many plays, a function building them, its arguments); plain tuples: a lead makes hundreds.
Group = tuple[int, Callable[..., list[Play]], tuple]


class HandIndex:
    """A hand sorted out once: naturals by rank, the 2s and the jokers; for runs, on first use, the
    naturals by suit (as rank bit masks) and by rank (as suit bit masks)."""

    def __init__(self, hand: list[str]):
        self.by_rank: dict[int, list[str]] = {}
        self.twos: list[str] = []
        self.jokers: list[str] = []
        for card in sorted(hand):
            rank = RANK[card]
            if rank < TWO:
                self.by_rank.setdefault(rank, []).append(card)
            elif rank == TWO:
                self.twos.append(card)
            else:
                self.jokers.append(card)
        self.wild_count = len(self.twos) + len(self.jokers)
        self._wild_sets: dict[int, list[list[str]]] = {}
        self._wild_sets_up_to: dict[int, list[list[str]]] = {}

    @cached_property
    def suit_mask(self) -> dict[str, int]:
        """[suit] -> bit r set: the hand holds rank r of that suit."""
        masks = dict.fromkeys(SUITS, 0)
        for rank, naturals in self.by_rank.items():
            for card in naturals:
                masks[SUIT[card]] |= 1 << rank
        return masks

    @cached_property
    def suits_at(self) -> list[int]:
        """[rank] -> the suits (SUIT_BIT) the hand holds that rank in."""
        suits = [0] * (JOKER + 1)
        for rank, naturals in self.by_rank.items():
            for card in naturals:
                suits[rank] |= SUIT_BIT[SUIT[card]]
        return suits

    def wild_sets(self, count: int) -> list[list[str]]:
        """Each distinct choice of `count` wilds (2s before jokers)."""
        cached = self._wild_sets.get(count)
        if cached is None:
            cached = [self.twos[:a] + self.jokers[:count - a] for a in range(count + 1)
                      if a <= len(self.twos) and count - a <= len(self.jokers)]
            self._wild_sets[count] = cached
        return cached

    def wild_sets_up_to(self, most: int) -> list[list[str]]:
        """Each distinct choice of at most `most` wilds, none first."""
        cached = self._wild_sets_up_to.get(most)
        if cached is None:
            cached = [wilds for count in range(min(most, self.wild_count) + 1) for wilds in self.wild_sets(count)]
            self._wild_sets_up_to[most] = cached
        return cached

    def run_wild_sets(self, gaps: int, on_top: int) -> list[list[str]]:
        """The choices of wilds filling `gaps` places of a run, `on_top` of them at X (only a joker may)."""
        choices = self.wild_sets(gaps)
        if not on_top:
            return choices
        return [wilds for wilds in choices if sum(RANK[c] == JOKER for c in wilds) >= on_top]


# ----- listing and drawing ------------------------------------------------------------------------
def play_groups(hand: list[str], current: dict | None) -> list[Group]:
    """The groups of every play that may go on `current` (None: a lead)."""
    index = HandIndex(hand)
    if current is None:
        groups = bomb_groups(index) + set_groups(index)
        for width in (1, 2, 3, 4):
            groups += run_groups(index, width)
        return groups
    if current["kind"] == "bomb":
        return bomb_groups(index, current["top"])
    width, length, top = current["width"], current["length"], current["top"]
    shaped = set_groups(index, width, top) if length == 1 else run_groups(index, width, length, top)
    return shaped + bomb_groups(index)


def legal_plays(hand: list[str], current: dict | None) -> list[Play]:
    """Every play that may go on `current` (None: a lead)."""
    return [play for _, build, args in play_groups(hand, current) for play in build(*args)]


def play_count(groups: list[Group]) -> int:
    return sum(count for count, _, _ in groups)


def nth_play(groups: list[Group], n: int) -> Play:
    """The play at position `n` of the listing `groups` make, building only the group it is in."""
    for count, build, args in groups:
        if n < count:
            return build(*args)[n]
        n -= count
    raise IndexError("there are fewer plays than that")


def play_args(cards: list[str], combo: dict) -> dict:
    """The playCards arguments of a play, naming the wilds' ranks when it has any."""
    wilds = combo["wilds"]
    return {"cards": cards, "wilds": wilds} if wilds and len(cards) > 1 else {"cards": cards}


# ----- bombs ----------------------------------------------------------------------------------------
def bombs(index: HandIndex, above: int = 0) -> list[Play]:
    """DECISIONS item 5: the bombs in hand of a level above `above`."""
    found = []
    if above < BOMBS["hand"] and all(rank in index.by_rank for rank in HAND_BOMB_RANKS):
        choices = [index.by_rank[rank] for rank in HAND_BOMB_RANKS]
        found += [(list(cards), combo("bomb", 4, 1, BOMBS["hand"])) for cards in product(*choices)]
    twos, jokers = index.twos, index.jokers
    if above < BOMBS["two"] and len(twos) >= 2:
        found.append((twos[:2], combo("bomb", 2, 1, BOMBS["two"])))
    if above < BOMBS["joker"] and twos and jokers:
        found.append(([twos[0], jokers[0]], combo("bomb", 2, 1, BOMBS["joker"])))
    if above < BOMBS["wild"] and len(twos) >= 2 and jokers:
        found.append((twos[:2] + jokers[:1], combo("bomb", 3, 1, BOMBS["wild"])))
    return found


def bomb_groups(index: HandIndex, above: int = 0) -> list[Group]:
    found = bombs(index, above)  # a hand holds few: built at once
    return [(len(found), _built, (found,))] if found else []


def _built(plays: list[Play]) -> list[Play]:
    return plays


# ----- sets -----------------------------------------------------------------------------------------
def set_groups(index: HandIndex, size: int | None = None, above: int = 0) -> list[Group]:
    """DECISIONS items 2-3: sets of 1-7 cards with at least one natural; a wild alone is a single.
    One group per rank and number of naturals."""
    groups = []
    for rank, naturals in index.by_rank.items():
        if rank <= above:
            continue
        for k in range(1, len(naturals) + 1):
            if size is None:
                wild_sets = index.wild_sets_up_to(MAX_SET - k)
            elif 0 <= size - k <= index.wild_count:
                wild_sets = index.wild_sets(size - k)
            else:
                continue
            groups.append((comb(len(naturals), k) * len(wild_sets), _set_plays, (naturals, k, wild_sets, rank)))
    if size in (None, 1):
        singles = [([card], combo("set", 1, 1, RANK[card]))
                   for card in index.twos[:1] + index.jokers[:1] if RANK[card] > above]
        if singles:
            groups.append((len(singles), _built, (singles,)))
    return groups


def _set_plays(naturals: list[str], k: int, wild_sets: list[list[str]], rank: int) -> list[Play]:
    """The sets of `k` of these naturals with each choice of wilds (standing for their rank)."""
    return [([*chosen, *wilds], combo("set", k + len(wilds), 1, rank, dict.fromkeys(wilds, RANK_NAME[rank])))
            for wilds in wild_sets for chosen in combinations(naturals, k)]


# ----- runs -----------------------------------------------------------------------------------------
ALL_RANKS = (1 << JOKER + 1) - (1 << LOWEST)
# The suit sets a run of each width can use, in `combinations` order, with their SUIT_BIT masks.
SUIT_SETS = {width: [(suits, sum(SUIT_BIT[suit] for suit in suits)) for suits in combinations(SUITS, width)]
             for width in (1, 2, 3, 4)}


def run_groups(index: HandIndex, width: int, length: int | None = None, above: int = 0) -> list[Group]:
    """DECISIONS items 7 and 11: consecutive ranks of `width` cards each (`length` of them, or any
    length), the naturals of one suit set (the same suits in every set), wilds filling the gaps and
    heading the run up to X. One group per suit set, bottom and top."""
    groups = []
    shortest = length or (3 if width == 1 else 2)
    wild_count = index.wild_count
    # Each rank of a run is held in at least width - wild_count of its suits: no such run in the
    # whole hand (most hands, once the wilds are gone), no run in any suit set.
    if not _run_tops(list(index.suit_mask.values()), width - wild_count, shortest):
        return groups
    suits_at = index.suits_at
    wild_sets_for = [index.wild_sets(gaps) for gaps in range(wild_count + 1)]  # below the top X
    for suits, in_set in SUIT_SETS[width]:
        masks = [index.suit_mask[suit] for suit in suits]
        tops = _run_tops(masks, width - wild_count, shortest)
        held_ranks = reduce(or_, masks)
        if not tops or not held_ranks:
            continue
        # A run's top is at or above the lowest held rank, and at most wild_count // width ranks above
        # the highest (every set above it is all wilds).
        lowest_top = max(LOWEST + shortest - 1, above + 1, (held_ranks & -held_ranks).bit_length() - 1)
        highest_top = min(JOKER, held_ranks.bit_length() - 1 + wild_count // width)
        tops &= (2 << highest_top) - (1 << lowest_top)
        for top in _bits(tops):
            # Grow the run down from its top, one rank at a time.
            held = used = 0  # the cards of the run the hand holds; the suits holding any card in it
            for bottom in range(top, LOWEST - 1, -1):
                held += (suits_at[bottom] & in_set).bit_count()
                used |= suits_at[bottom]
                run_length = top - bottom + 1
                gaps = width * run_length - held
                # Longer runs down from this top only need more wilds.
                if gaps > wild_count or (length and run_length > length):
                    break
                if run_length >= shortest and held and (not in_set & ~used or _first_suits(in_set, used)):
                    wild_sets = wild_sets_for[gaps] if top < JOKER else index.run_wild_sets(gaps, width)
                    if wild_sets:
                        groups.append((len(wild_sets), _run_plays, (index, suits, bottom, top, wild_sets)))
    return groups


def _first_suits(in_set: int, used: int) -> bool:
    """Whether the suit set `in_set` is the first (in `combinations` order) making the runs whose
    cards are in the suits `used`: a suit of the set holding no card of the run could be any other
    such suit, so only the lowest of them count."""
    idle_in_set = in_set & ~used
    idle_outside = ~in_set & ~used & 0b1111
    return not idle_outside & ((1 << idle_in_set.bit_length()) - 1)  # none below an idle one of the set


def _run_tops(masks: list[int], at_least: int, length: int) -> int:
    """The ranks (bit mask) topping `length` consecutive ranks each held by `at_least` of these suits."""
    usable = _ranks_held_by(masks, at_least)
    if not usable:
        return 0
    tops = usable
    for below in range(1, length):
        tops &= usable << below
    return tops


def _ranks_held_by(masks: list[int], at_least: int) -> int:
    """The ranks (bit mask) that at least `at_least` of these suits' masks hold."""
    if at_least <= 0:
        return ALL_RANKS
    if at_least == 1:
        return reduce(or_, masks)
    return reduce(or_, [reduce(and_, chosen) for chosen in combinations(masks, at_least)], 0)


def _bits(mask: int) -> list[int]:
    """The positions of the bits set in `mask`, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _run_plays(index: HandIndex, suits: tuple[str, ...], bottom: int, top: int,
               wild_sets: list[list[str]]) -> list[Play]:
    """The runs from `bottom` to `top` in these suits: the naturals held there, each choice of wilds
    filling the rest (the highest gaps first)."""
    held, gaps = [], []
    for rank in range(bottom, top + 1):
        for suit in suits:
            if index.suits_at[rank] & SUIT_BIT[suit]:
                held.append(NATURAL_AT[rank, suit])
            else:
                gaps.append(rank)
    found = []
    for wilds in wild_sets:
        placed = assign_wilds(wilds, gaps) if top == JOKER else \
            {card: RANK_NAME[rank] for card, rank in zip(wilds, reversed(gaps), strict=True)}
        found.append((held + wilds, {"kind": "run", "width": len(suits), "length": top - bottom + 1,
                                     "top": top, "wilds": placed}))
    return found
