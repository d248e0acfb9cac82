"""Dealing unknown cards at random into places of known sizes, some cards barred from some places:
what a game's `determinize` needs once the rules have shown where a card cannot be (a void, a card
known to sit in one hand).

A deal is built card by card, the constrained cards first; a place is drawn for each in proportion
to the room left there, and kept only if the cards still to place can be placed (the supply and
demand condition, checked over every set of constraint classes: games have a handful). So a deal
is always found when one exists, without retrying whole deals, and no consistent deal is ruled
out. The unconstrained cards then fill what is left, shuffled.
"""
from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping

Place = Hashable


def deal_constrained(cards: Iterable[str], sizes: Mapping[Place, int], allowed: Mapping[str, Iterable[Place]],
                     rng: random.Random) -> dict[Place, list[str]]:
    """`cards` dealt into `sizes` (place -> how many cards it takes, the sizes adding up to the
    number of cards); a card in `allowed` goes only to one of the places listed for it, any other
    card anywhere. Raises ValueError when no deal meets the constraints."""
    # Sorted: gathered from the real hands, the cards' order would tell the same shuffle to deal them
    # differently for each real deal, and a bot searching the guesses would peek.
    cards = sorted(cards)
    room = dict(sizes)
    if sum(room.values()) != len(cards):
        raise ValueError(f"{len(cards)} cards for places taking {sum(room.values())}")
    dealt: dict[Place, list[str]] = {place: [] for place in room}
    constrained = [card for card in cards if card in allowed]
    if constrained:
        keys: dict[frozenset, int] = {}  # each set of allowed places: a constraint class
        for card in cards:
            if card in allowed:
                keys.setdefault(frozenset(allowed[card]), len(keys))
        left = [0] * len(keys)  # cards of each class still to place
        for card in constrained:
            left[keys[frozenset(allowed[card])]] += 1
        check = _hall_sets(list(keys))
        if not _feasible(check, left, room):
            raise ValueError("no deal meets the constraints")
        rng.shuffle(constrained)
        for card in constrained:
            key = frozenset(allowed[card])
            left[keys[key]] -= 1
            options = sorted((place for place in key if room.get(place, 0) > 0), key=str)  # not a set's hash order
            while True:
                place = rng.choices(options, [room[p] for p in options])[0] if len(options) > 1 else options[0]
                room[place] -= 1
                if len(options) == 1 or _feasible(check, left, room):
                    break
                room[place] += 1
                options.remove(place)
            dealt[place].append(card)
        free = [card for card in cards if card not in allowed]
    else:
        free = cards
    rng.shuffle(free)
    start = 0
    for place, count in room.items():
        dealt[place].extend(free[start:start + count])
        start += count
    return dealt


def _hall_sets(keys: list[frozenset]) -> list[tuple[tuple[int, ...], tuple[Place, ...]]]:
    """Every non-empty set of constraint classes (their indexes), with the places any of them may go to."""
    found = []
    for mask in range(1, 1 << len(keys)):
        members = tuple(bit for bit in range(len(keys)) if mask >> bit & 1)
        found.append((members, tuple(frozenset().union(*(keys[bit] for bit in members)))))
    return found


def _feasible(check, left: list[int], room: dict[Place, int]) -> bool:
    """Whether the constrained cards left fit: no set of classes needs more cards than the room in
    the places open to it (sufficient as well as necessary: the supply and demand theorem)."""
    for members, places in check:
        if sum(left[bit] for bit in members) > sum(room.get(place, 0) for place in places):
            return False
    return True
