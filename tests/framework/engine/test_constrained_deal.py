"""deal_constrained: the unknown cards of a determinization dealt into places of known sizes, some
cards barred from some places (a void, a card known to be in one hand)."""
from __future__ import annotations

import random
from itertools import permutations

import pytest

from framework.engine import deal_constrained


def test_every_card_is_dealt_once_each_place_gets_its_size_and_no_card_goes_where_it_is_barred():
    cards = [f"{rank}{suit}" for suit in "CDHS" for rank in range(1, 11)]
    sizes = {"north": 12, "east": 10, "south": 13, "kitty": 5}
    allowed = {card: ["east", "kitty"] for card in cards if card.endswith("S")}  # north and south void in S
    allowed |= {card: ["north", "south"] for card in cards if card.endswith("H")}
    for seed in range(50):
        dealt = deal_constrained(cards, sizes, allowed, random.Random(seed))
        assert sorted(c for pile in dealt.values() for c in pile) == sorted(cards)
        assert {place: len(pile) for place, pile in dealt.items()} == sizes
        assert all(place in allowed[c] for place, pile in dealt.items() for c in pile if c in allowed)


def test_a_tight_deal_is_always_found_where_placing_each_card_at_random_would_often_fail():
    # Two cards may only go north; the two others could go either way, but only east is left for them.
    cards = ["a1", "a2", "b1", "b2"]
    allowed = {"a1": ["north"], "a2": ["north"], "b1": ["north", "east"], "b2": ["north", "east"]}
    for seed in range(200):
        dealt = deal_constrained(cards, {"north": 2, "east": 2}, allowed, random.Random(seed))
        assert sorted(dealt["north"]) == ["a1", "a2"]


def test_every_consistent_deal_can_come_out():
    cards = ["x", "y", "z", "w"]
    sizes = {"p": 1, "q": 2, "r": 1}
    allowed = {"x": ["q", "r"], "y": ["p", "q"]}
    consistent = set()
    for order in permutations(cards):
        deal = {"p": order[:1], "q": tuple(sorted(order[1:3])), "r": order[3:]}
        if all(place in allowed[c] for place, pile in deal.items() for c in pile if c in allowed):
            consistent.add(tuple(sorted(deal.items())))
    seen = set()
    rng = random.Random(3)
    for _ in range(600):
        dealt = deal_constrained(cards, sizes, allowed, rng)
        seen.add(tuple(sorted((place, tuple(sorted(pile))) for place, pile in dealt.items())))
    assert seen == consistent


def test_no_consistent_deal_and_wrong_sizes_are_refused():
    with pytest.raises(ValueError, match="no deal"):
        deal_constrained(["a", "b"], {"north": 1, "east": 1}, {"a": ["north"], "b": ["north"]}, random.Random(1))
    with pytest.raises(ValueError, match="3 cards for places taking 2"):
        deal_constrained(["a", "b", "c"], {"north": 1, "east": 1}, {}, random.Random(1))
