"""Every play a hand can make now, for `legal_actions`, the bots and the zombie.

Each play is listed once with the reading it is made as. To keep the list short (a lead can have
hundreds of plays) two equivalent choices are not repeated: 2s are interchangeable (suitless, worth
6 each), so a play uses the lowest-coded 2s of the hand; and a run uses the natural cards the hand
holds in its suits, wilds only filling what is missing. Players may still send any other legal
choice. Generation goes by shape, so answering a trick only builds plays of its type (and bombs).
"""
from __future__ import annotations

from itertools import combinations, product

from .cards import JOKER, LOWEST, RANK, RANK_NAME, SUIT, SUITS, TWO
from .rules import BOMBS, MAX_SET, assign_wilds, combo

Play = tuple[list[str], dict]


class HandIndex:
    """A hand sorted out once: naturals by rank and by suit (as rank bit masks), the 2s and the jokers."""

    def __init__(self, hand: list[str]):
        self.by_rank: dict[int, list[str]] = {}
        self.suit_mask = dict.fromkeys(SUITS, 0)  # bit r set: the hand holds rank r of that suit
        self.card_at = {suit: [None] * (JOKER + 1) for suit in SUITS}  # [rank] -> the card or None
        self.twos: list[str] = []
        self.jokers: list[str] = []
        for card in sorted(hand):
            rank = RANK[card]
            if rank == TWO:
                self.twos.append(card)
            elif rank == JOKER:
                self.jokers.append(card)
            else:
                self.by_rank.setdefault(rank, []).append(card)
                self.suit_mask[SUIT[card]] |= 1 << rank
                self.card_at[SUIT[card]][rank] = card
        self.size = len(hand)
        self.wild_count = len(self.twos) + len(self.jokers)
        self._wild_sets: dict[int, list[list[str]]] = {}

    def wild_sets(self, count: int) -> list[list[str]]:
        """Each distinct choice of `count` wilds (2s before jokers)."""
        cached = self._wild_sets.get(count)
        if cached is None:
            cached = [self.twos[:a] + self.jokers[:count - a] for a in range(count + 1)
                      if a <= len(self.twos) and count - a <= len(self.jokers)]
            self._wild_sets[count] = cached
        return cached


def bombs(index: HandIndex, above: int = 0) -> list[Play]:
    """DECISIONS item 5: the bombs in hand of a level above `above`."""
    found = []
    if above < BOMBS["hand"]:
        choices = [index.by_rank.get(rank, []) for rank in (7, 9, 11, 13)]
        found += [(list(cards), combo("bomb", 4, 1, BOMBS["hand"])) for cards in product(*choices)]
    twos, jokers = index.twos, index.jokers
    if above < BOMBS["two"] and len(twos) >= 2:
        found.append((twos[:2], combo("bomb", 2, 1, BOMBS["two"])))
    if above < BOMBS["joker"] and twos and jokers:
        found.append(([twos[0], jokers[0]], combo("bomb", 2, 1, BOMBS["joker"])))
    if above < BOMBS["wild"] and len(twos) >= 2 and jokers:
        found.append((twos[:2] + jokers[:1], combo("bomb", 3, 1, BOMBS["wild"])))
    return found


def sets(index: HandIndex, size: int | None = None, above: int = 0) -> list[Play]:
    """DECISIONS items 2-3: sets of 1-7 cards with at least one natural; a wild alone is a single."""
    found = []
    for rank, naturals in index.by_rank.items():
        if rank <= above:
            continue
        for k in range(1, len(naturals) + 1):
            for extra in range(0 if size is None else max(0, size - k), index.wild_count + 1):
                n = k + extra
                if n > MAX_SET or (size is not None and n != size):
                    continue
                for wilds in index.wild_sets(extra):
                    for chosen in combinations(naturals, k):
                        found.append(([*chosen, *wilds],
                                      combo("set", n, 1, rank, dict.fromkeys(wilds, RANK_NAME[rank]))))
    if size in (None, 1):
        for card in index.twos[:1] + index.jokers[:1]:
            if RANK[card] > above:
                found.append(([card], combo("set", 1, 1, RANK[card])))
    return found


def runs(index: HandIndex, width: int, length: int | None = None, above: int = 0) -> list[Play]:
    """DECISIONS items 7 and 11: consecutive ranks of `width` cards each (`length` of them, or any
    length), the naturals of one suit set (the same suits in every set), wilds filling the gaps and
    heading the run up to X."""
    found, seen = [], set()
    shortest = 3 if width == 1 else 2
    lengths = [length] if length else range(shortest, JOKER - LOWEST + 2)
    wild_count = index.wild_count
    for suits in combinations(SUITS, width):
        masks = [index.suit_mask[suit] for suit in suits]
        held_ranks = 0
        for mask in masks:
            held_ranks |= mask
        if not held_ranks:
            continue
        # The top is at or above the lowest held rank, and at most wild_count // width ranks above
        # the highest (every set above it is all wilds).
        lowest_held = (held_ranks & -held_ranks).bit_length() - 1
        highest_top = min(JOKER, held_ranks.bit_length() - 1 + wild_count // width)
        for top in range(max(LOWEST + lengths[0] - 1, above + 1, lowest_held), highest_top + 1):
            for run_length in lengths:
                bottom = top - run_length + 1
                if bottom < LOWEST:
                    break
                span = ((1 << run_length) - 1) << bottom
                if width == 1:
                    held_count = (masks[0] & span).bit_count()
                else:
                    held_count = sum([(mask & span).bit_count() for mask in masks])
                # Longer runs down from this top only need more wilds.
                if width * run_length - held_count > wild_count:
                    break
                if held_count:
                    _add_run(index, suits, width, bottom, top, found, seen)
    return found


def _add_run(index: HandIndex, suits: tuple[str, ...], width: int, bottom: int, top: int,
             found: list[Play], seen: set) -> None:
    held, gaps = [], []
    columns = [index.card_at[suit] for suit in suits]
    for rank in range(bottom, top + 1):
        for column in columns:
            card = column[rank]
            if card:
                held.append(card)
            else:
                gaps.append(rank)
    # The same cards come again from another suit set only when a suit of this one is unused.
    check = width > 1 and len({SUIT[c] for c in held}) < width
    for wilds in index.wild_sets(len(gaps)):
        placed = assign_wilds(wilds, gaps) if gaps and gaps[-1] == JOKER else \
            {card: RANK_NAME[rank] for card, rank in zip(wilds, reversed(gaps), strict=True)}
        if placed is None:
            continue
        cards = held + wilds
        if check:
            key = (tuple(sorted(cards)), top)
            if key in seen:
                continue
            seen.add(key)
        found.append((cards, {"kind": "run", "width": width, "length": top - bottom + 1, "top": top,
                              "wilds": placed}))


def play_args(cards: list[str], combo: dict) -> dict:
    """The playCards arguments of a play, naming the wilds' ranks when it has any."""
    wilds = combo["wilds"]
    return {"cards": cards, "wilds": wilds} if wilds and len(cards) > 1 else {"cards": cards}


def legal_plays(hand: list[str], current: dict | None) -> list[Play]:
    """Every play that may go on `current` (None: a lead)."""
    index = HandIndex(hand)
    if current is None:
        found = bombs(index) + sets(index)
        for width in (1, 2, 3, 4):
            found += runs(index, width)
        return found
    if current["kind"] == "bomb":
        return bombs(index, current["top"])
    width, length, top = current["width"], current["length"], current["top"]
    shaped = sets(index, width, top) if length == 1 else runs(index, width, length, top)
    return shaped + bombs(index)
