"""The expert bot's guess at the hidden cards (determinize.py; RULES.md "What the expert bot may know"):
checked over positions from random play by framework.testing.check_determinize, and for each thing a
player knows of the others' hands, the rule it comes from."""
from __future__ import annotations

import random

import pytest

from framework.testing import check_determinize, check_position, determinizations
from games.summon_dragon import GAME, rules
from games.summon_dragon.cards import SUIT_OF

from .helpers import ANN, BOB, CAT, DAN, make_deal, new_table, start_play, win_auction
from .test_play import DEAL_A, play


def determinized(table, viewer, times=40, seed=1):
    return determinizations(table, viewer, times, seed)


def hand(table, pid):
    return table.state.data["hands"][str(pid)]


def discards(table, pid):
    return table.state.data["discards"][str(pid)]


def test_determinize_keeps_the_view_and_moves_hidden_cards_over_random_play():
    report = check_determinize(GAME, 300, seed_prefix="sd-determinize")
    assert report.positions == 300 and not report.pinned


@pytest.mark.slow
def test_determinize_over_thousands_of_positions():
    report = check_determinize(GAME, 3_000, seed_prefix="sd-determinize-slow")
    assert not report.pinned


@pytest.mark.parametrize(("card", "led", "trump", "shown"), [
    ("king-fire", "fire", "water", []),                 # followed
    ("king-fire", "water", "fire", ["water"]),          # D12: trumped, so void in the led suit
    ("1-earth", "water", "wind", ["water", "wind"]),    # D12: neither followed nor trumped
    ("dragon", "water", "fire", ["water"]),             # D13: the Dragon is a trump
    ("1-earth", "fire", "fire", ["fire"]),              # D13: no trump on a trump lead, so no Dragon either
    ("1-earth", "fire", None, ["fire"]),                # D12: no-trump, a void plays anything
    ("dragon", "fire", None, []),                       # D14: the no-trump Dragon may always be played
    ("1-earth", None, "fire", []),                      # D12: a lead shows nothing
])
def test_D12_D14_what_a_card_played_shows_of_the_hand(card, led, trump, shown):
    assert rules.shown_voids(card, led, trump) == shown


def test_D12_a_player_who_did_not_follow_is_dealt_none_of_the_led_suit():
    table = start_play(DEAL_A, "fire")
    play(table, ANN, "1-water")
    play(table, BOB, "king-fire")  # Bob has no water
    twins = determinized(table, CAT)
    for twin in twins:
        assert not [c for c in hand(twin, BOB) if SUIT_OF[c] == "water"]
    assert any(SUIT_OF[c] == "water" for twin in twins for c in hand(twin, DAN)), "the water goes elsewhere"
    assert len({tuple(hand(twin, BOB)) for twin in twins}) > 1
    check_position(table, CAT, random.Random(2))


def test_D13_one_who_neither_followed_nor_trumped_holds_no_trump_and_not_the_dragon():
    table = start_play(DEAL_A, "wind")
    play(table, ANN, "1-water")
    play(table, BOB, "1-earth")  # no water, no wind: so not the Dragon, the highest wind
    twins = determinized(table, CAT)
    for twin in twins:
        assert not [c for c in hand(twin, BOB) if SUIT_OF[c] in ("water", "wind")]
        assert "dragon" not in hand(twin, BOB)
    assert any("dragon" in hand(twin, DAN) for twin in twins)
    check_position(table, CAT, random.Random(3))


def test_D8_the_summoned_dragon_stays_with_the_bidder_until_played():
    table = new_table(make_deal({ANN: ["1-fire"], CAT: ["dragon"]}))
    win_auction(table, ANN, 5, "fire")
    table.apply(ANN, "chooseOption", {"option": "summon"})
    table.apply(ANN, "discard", {"cards": ["1-fire"]})
    table.apply(CAT, "discard", {"cards": hand(table, CAT)[:4]})
    twins = determinized(table, BOB, times=80)
    for twin in twins:
        assert "dragon" in hand(twin, ANN) + discards(twin, ANN)
    assert any("dragon" in discards(twin, ANN) for twin in twins), "discarded face down, it may be there (D10)"
    assert len({tuple(discards(twin, CAT)) for twin in twins}) > 1, "the giver's discards are unknown"
    check_position(table, BOB, random.Random(4))


def test_D9_a_kitty_the_viewer_did_not_see_is_dealt_again_one_they_took_is_their_own():
    table = new_table(make_deal())
    win_auction(table, ANN, 5, "earth")
    table.apply(ANN, "chooseOption", {"option": "kitty"})
    table.apply(ANN, "discard", {"cards": hand(table, ANN)[:5]})
    for twin in determinized(table, ANN):
        assert discards(twin, ANN) == discards(table, ANN)
    others = determinized(table, BOB)
    assert all(twin.state.data["kitty"] == [] for twin in others)
    assert len({tuple(discards(twin, ANN)) for twin in others}) > 1
    check_position(table, BOB, random.Random(5))


def test_D9_no_help_the_kitty_stays_unseen_and_its_cards_could_be_anywhere_hidden():
    table = start_play(DEAL_A, "fire")
    twins = determinized(table, BOB)
    assert len({tuple(sorted(twin.state.data["kitty"])) for twin in twins}) > 1
    assert all(len(twin.state.data["kitty"]) == 5 for twin in twins)
    check_position(table, BOB, random.Random(6))


def test_D12_a_hand_holding_a_suit_its_holder_showed_a_void_in_breaks_an_invariant():
    table = start_play(DEAL_A, "fire")
    play(table, ANN, "1-water")
    play(table, BOB, "king-fire")
    assert not table.game.broken_invariants()
    water = next(c for c in hand(table, ANN) if SUIT_OF[c] == "water")
    bobs = hand(table, BOB)[0]
    hand(table, ANN)[hand(table, ANN).index(water)] = bobs
    hand(table, BOB)[0] = water
    assert any("void" in problem for problem in table.game.broken_invariants())
