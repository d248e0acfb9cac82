"""The discards the expert bot's search weighs (candidates.py, `search_candidates`): a few dozen legal
sets built by a player's plans rather than thousands, the heuristic's first, from what the discarder
knows only."""
from __future__ import annotations

import random

import pytest

from framework.engine import Table
from framework.engine.search import Search
from framework.testing import check_position, determinizations
from games.summon_dragon import GAME
from games.summon_dragon.candidates import MAX_CANDIDATES
from games.summon_dragon.cards import DRAGON, SUIT_OF
from games.summon_dragon.states import Discard

from .helpers import ANN, BOB, PLAYERS, make_deal, new_table, win_auction

# Ann bids and takes the kitty: 17 cards, seven trumps in fire (the Dragon too) but low ones, high
# side cards, a short wind suit.
HAND = {ANN: ["dragon", "elemental-fire", "king-fire", "2-fire", "3-fire", "elemental-water", "king-water",
              "queen-water", "warrior-water", "1-wind", "elemental-earth", "king-earth"]}
KITTY = ["4-fire", "5-fire", "elemental-wind", "queen-earth", "mage-water"]


def discard_table(option: str, designation: str = "fire", deal: dict | None = None) -> Table:
    table = new_table(deal or make_deal(HAND, KITTY))
    win_auction(table, ANN, 7, designation)
    table.apply(ANN, "chooseOption", {"option": option})
    return table


def discards_at_random_positions(count: int):
    """Tables at the discard, reached by the heuristic bots from seeded deals, and who discards."""
    found = []
    for seed in range(400):
        table = Table.create(GAME, PLAYERS, {"target": 500}, f"candidates-{seed}")
        while table.current_state is not Discard:
            player = table.active_players()[0]
            table.apply(player, *table.game.heuristic_move(player))
        found += [(table, pid) for pid in table.active_players()]
        if len(found) >= count:
            return found
    raise AssertionError("too few discards reached")


def cards_of(moves):
    return [move[1]["cards"] for move in moves]


def test_the_candidates_are_few_distinct_legal_discards_the_heuristics_first():
    checked = 0
    for table, pid in discards_at_random_positions(40):
        candidates = table.game.search_candidates(pid)
        if candidates is None:  # 1 of 13 after a summon: all 13 are searched
            assert len(table.legal_actions(pid)) == 13
            continue
        legal = {repr(m) for m in table.legal_actions(pid)}
        assert len(legal) >= 1820 and all(repr(m) in legal for m in candidates)
        assert 4 <= len(candidates) <= MAX_CANDIDATES
        assert len({frozenset(cards) for cards in cards_of(candidates)}) == len(candidates)
        assert candidates[0] == table.game.heuristic_move(pid)
        assert not any(DRAGON in cards for cards in cards_of(candidates))
        checked += 1
    assert checked >= 15


def test_the_candidates_do_not_depend_on_hidden_cards():
    for table, pid in discards_at_random_positions(12):
        expected = table.game.search_candidates(pid)
        for twin in determinizations(table, pid, 10, seed=pid):
            assert twin.game.search_candidates(pid) == expected
        check_position(table, pid, random.Random(pid))  # the framework's check: legal, the same in every guess


def test_the_candidates_void_a_short_side_suit_and_keep_high_cards_over_low_trumps():
    table = discard_table("kitty")
    candidates = table.game.search_candidates(ANN)
    sets = [set(cards) for cards in cards_of(candidates)]
    assert sets[0] == {"1-wind", "mage-water", "warrior-water", "queen-earth", "queen-water"}  # the heuristic's
    assert any({"1-wind", "elemental-wind"} <= s for s in sets), "void wind, the shortest side suit"
    assert any({"queen-earth", "king-earth", "elemental-earth"} <= s for s in sets), "void earth"
    assert {"1-wind", "2-fire", "3-fire", "4-fire", "5-fire"} in sets, "every honour kept, low trumps thrown"


def test_no_trump_keeps_the_longest_suit_whole_in_one_candidate():
    table = discard_table("kitty", "high-no-trump")
    fire = {c for c in table.game.hand(ANN) if SUIT_OF[c] == "fire"}
    sets = [set(cards) for cards in cards_of(table.game.search_candidates(ANN))]
    assert len(fire) == 6 and sets[0] & fire, "the heuristic throws the low fire"
    assert any(not s & fire for s in sets)


def test_after_a_summon_both_discarders_are_narrowed_only_where_needed():
    deal = make_deal({ANN: ["1-fire"], BOB: ["dragon"]})
    table = discard_table("summon", deal=deal)
    assert table.game.owed(ANN) == 1 and table.game.search_candidates(ANN) is None  # 13 moves: all searched
    giver = table.game.search_candidates(BOB)
    assert giver[0] == table.game.heuristic_move(BOB) and all(len(cards) == 4 for cards in cards_of(giver))


def test_the_search_weighs_only_the_candidates_at_the_discard():
    table = discard_table("kitty")
    candidates = table.game.search_candidates(ANN)
    result = Search(table, ANN, random.Random(1)).run(iterations=60)
    assert {repr(m) for m, _visits, _mean in result.stats} <= {repr(m) for m in candidates}
    assert result.move in candidates


@pytest.mark.parametrize("state_move", ["bid", "playCard"])
def test_other_decisions_search_every_legal_move(state_move):
    table = new_table(make_deal(HAND, KITTY))
    if state_move == "playCard":
        win_auction(table, ANN, 7, "fire")
        table.apply(ANN, "chooseOption", {"option": "no-help"})
    assert table.game.search_candidates(ANN) is None
