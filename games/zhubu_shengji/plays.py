"""Every play a hand can make now, for `legal_actions`, the bots and the zombie.

Every set of cards `rules.readings` accepts is listed, once for each way it reads (a lead can have
hundreds of plays), except that the 2s are interchangeable (suitless, worth 6 each): a play uses the
lowest-coded 2s of the hand, and players may still send the other ones. Wilds may take the place of
naturals the hand holds (J-Q-K-A with a 2 and a joker while holding the K). Generation goes by
shape, so answering a trick only builds plays of its type (and bombs).

Plays come in groups (one rank and size of set, one run's place and suits, the bombs): a group
knows how many plays it holds before building them, so a random player draws one play of the whole
listing, each as likely as any other, and builds only the group it falls in.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache, cached_property, reduce
from itertools import combinations, product
from math import comb
from operator import and_, or_
from typing import NamedTuple

from .cards import JOKER, LOWEST, NATURALS, RANK, RANK_NAME, SUIT, SUITS, TWO
from .rules import BOMBS, HAND_BOMB_RANKS, MAX_SET, assign_wilds, combo

Play = tuple[list[str], dict]
SUIT_BIT = {suit: 1 << i for i, suit in enumerate(SUITS)}  # a set of suits is a 4-bit mask
NATURAL_AT = {(RANK[card], SUIT[card]): card for card in NATURALS}
ALL_RANKS = (1 << JOKER + 1) - (1 << LOWEST)  # 6 to X, as a bit mask
HAND_BOMB = frozenset(HAND_BOMB_RANKS)
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
    def fill_counts(self) -> tuple[int, ...]:
        """[n] -> how many distinct choices of n wilds the hand has, n up to all of them."""
        return tuple(len(self.wild_sets(count)) for count in range(self.wild_count + 1))

    def fill_counts_at_x(self, width: int) -> tuple[int, ...]:
        """The same when `width` of the wilds are at X: only jokers may be."""
        return tuple(len(self.run_wild_sets(count, width)) for count in range(self.wild_count + 1))

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


def playable_cards(hand: list[str], current: dict | None) -> list[str]:
    """The cards of `hand` that are part of some play on `current` (None: a lead), in hand order: what
    the page marks as playable. Every card alone is a lead (D2, D3, D9); an answer is a play of the
    trick's type or a bomb (D5, D7). The listing's habit of using the lowest-coded 2 (P8) hides no 2:
    with both 2s in hand, a bomb that may be played uses both (the Two bomb, or the Wild bomb)."""
    if current is None:
        return list(hand)
    usable = {card for cards, _ in legal_plays(hand, current) for card in cards}
    return [card for card in hand if card in usable]


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
    """D5: the bombs in hand of a level above `above`."""
    found = []
    if above < BOMBS["hand"] and index.by_rank.keys() >= HAND_BOMB:
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
    """D2, D3: sets of 1-7 cards with at least one natural; a wild alone is a single.
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
class SuitSet(NamedTuple):
    """A set of suits runs are listed under: its suits and SUIT_BIT mask, and the suits (and mask)
    of it that a run listed under it must use."""
    suits: tuple[str, ...]
    bits: int
    required: tuple[str, ...]
    required_bits: int


def _suit_sets(width: int) -> list[SuitSet]:
    """The suit sets of this many suits, in `combinations` order. A run whose naturals are in fewer
    suits than its width is listed under the first set holding them: so only the suits of a set
    below every suit outside it may go unused."""
    found = []
    for suits in combinations(SUITS, width):
        first_outside = min((SUITS.index(s) for s in SUITS if s not in suits), default=len(SUITS))
        required = tuple(s for s in suits if SUITS.index(s) > first_outside)
        found.append(SuitSet(suits, _bits_of(suits), required, _bits_of(required)))
    return found


def _bits_of(suits: tuple[str, ...]) -> int:
    return sum(SUIT_BIT[suit] for suit in suits)


SUIT_SETS = {width: _suit_sets(width) for width in (1, 2, 3, 4)}


def run_groups(index: HandIndex, width: int, length: int | None = None, above: int = 0) -> list[Group]:
    """D7: consecutive ranks of `width` cards each (`length` of them, or any length).
    A run takes any naturals the hand holds at its ranks in a set of `width` suits (so the same
    suits in every set), and wilds in all its other places, heading it up to X. One group per suit
    set, bottom and top."""
    groups = []
    shortest = length or (3 if width == 1 else 2)
    wild_count = index.wild_count
    # Each rank of a run holds at least width - wild_count naturals: no such run in the whole hand
    # (most hands, once the wilds are gone), no run in any suit set.
    if not _consecutive(_ranks_held_by(list(index.suit_mask.values()), width - wild_count), shortest):
        return groups
    for suit_set in SUIT_SETS[width]:
        masks = [index.suit_mask[suit] for suit in suit_set.suits]
        tops = _consecutive(_ranks_held_by(masks, width - wild_count), shortest)
        if not tops:
            continue
        held_ranks = reduce(or_, masks)
        required = [index.suit_mask[suit] for suit in suit_set.required]
        if not held_ranks or not all(required):
            continue
        # The top is at or above the lowest natural of the set and of each required suit, and at
        # most wild_count // width ranks above the highest (every set above it is all wilds).
        lowest_top = max(LOWEST + shortest - 1, above + 1,
                         *((mask & -mask).bit_length() - 1 for mask in [held_ranks, *required]))
        highest_top = min(JOKER, held_ranks.bit_length() - 1 + wild_count // width)
        tops &= (2 << highest_top) - (1 << lowest_top)
        in_set, must_use, suits_at = suit_set.bits, suit_set.required_bits, index.suits_at
        for top in _bits(tops):
            fills = index.fill_counts if top < JOKER else index.fill_counts_at_x(width)
            # Grow the run down from its top, one rank at a time.
            held = seen = 0  # the naturals of the set the hand holds in the run; their suits
            for bottom in range(top, LOWEST - 1, -1):
                here = suits_at[bottom] & in_set
                held += here.bit_count()
                seen |= here
                run_length = top - bottom + 1
                missing = width * run_length - held
                # Longer runs down from this top only miss more cards.
                if missing > wild_count or (length and run_length > length):
                    break
                if run_length >= shortest and held and seen & must_use == must_use:
                    if missing < wild_count:  # wilds to spare: held naturals may be left out
                        ranks = (2 << top) - (1 << bottom)
                        count = _run_count(held, tuple([(m & ranks).bit_count() for m in required]), fills, missing)
                    else:
                        count = fills[missing]
                    if count:
                        groups.append((count, _run_plays, (index, suit_set, width, bottom, top)))
    return groups


@cache  # a pure function of a few small numbers, asked again and again by every lead
def _run_count(held: int, required: tuple[int, ...], fills: tuple[int, ...], missing: int) -> int:
    """How many runs hold `held` naturals and miss `missing` places, `fills[n]` being the choices of
    n wilds: any held naturals may be left out too, wilds in their places, as long as one natural
    stays, and one of each required suit (`required`: how many the run holds of each)."""
    count = 0
    for out in range(len(fills) - missing):
        ways = comb(held, out)
        # Less the ways leaving out every natural of some required suits (inclusion-exclusion)...
        thin = [n for n in required if n <= out]
        for size in range(1, len(thin) + 1):
            for gone in map(sum, combinations(thin, size)):
                if gone <= out:
                    ways += (-1) ** size * comb(held - gone, out - gone)
        # ... or every natural (already counted there when a suit is required).
        if out == held and not required:
            ways -= 1
        count += ways * fills[missing + out]
    return count


def _consecutive(ranks: int, length: int) -> int:
    """The ranks (bit mask) topping `length` consecutive ranks of `ranks`."""
    tops = ranks
    for below in range(1, length):
        tops &= ranks << below
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


def _run_plays(index: HandIndex, suit_set: SuitSet, width: int, bottom: int, top: int) -> list[Play]:
    """The runs from `bottom` to `top` listed under this suit set: the naturals held there, less any
    left out (keeping one, and one of each required suit), and each choice of wilds for the rest."""
    held, gaps = [], []
    for rank in range(bottom, top + 1):
        here = [NATURAL_AT[rank, suit] for suit in suit_set.suits if index.suits_at[rank] & SUIT_BIT[suit]]
        held += here
        gaps += [rank] * (width - len(here))
    on_top = width if top == JOKER else 0
    found = []
    for left_out in range(index.wild_count - len(gaps) + 1):
        wild_sets = index.run_wild_sets(len(gaps) + left_out, on_top)
        for out in combinations(held, left_out):
            kept = [card for card in held if card not in out]
            suits_kept = {SUIT[card] for card in kept}
            if not kept or not suits_kept.issuperset(suit_set.required):
                continue  # listed under another suit set, or all wilds
            places = gaps + [RANK[card] for card in out]
            for wilds in wild_sets:
                found.append((kept + wilds, {"kind": "run", "width": width, "length": top - bottom + 1,
                                             "top": top, "wilds": assign_wilds(wilds, places)}))
    return found
