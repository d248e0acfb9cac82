"""The shortcuts of random play against what they stand for: `random_action` must draw each listed
move with its weight in `legal_actions` (a Herald play once per wish), and `plays` must list every
subset of the hand that reads as a combination beating the table, each once."""
from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest

from framework.testing import drawn_weights, listed_weights, move_key, play_random_game
from games.dragon_phoenix import GAME
from games.dragon_phoenix.cards import DECK
from games.dragon_phoenix.combos import beats, readings
from games.dragon_phoenix.plays import plays

from .helpers import ANNA, BEN, complete, new_table, play


class DrawsMatchListing:
    """After every move: each player's draws in the play states are their legal actions, weights
    included; elsewhere (passing) the drawn moves are legal."""

    def __init__(self):
        self.checked = Counter()

    def __call__(self, table):
        if table.status != "playing":
            return
        state = table.current_state.name
        for pid in table.game.player_ids:
            listed = listed_weights(table, pid)
            if state in ("playerTurn", "giveDragon"):
                assert drawn_weights(table, pid) == listed, f"{state}, move {table.move}, player {pid}"
                self.checked[state, pid in table.active_players()] += 1
            elif listed:
                rng = random.Random(table.move)
                assert {move_key(table.random_action(pid, rng)) for _ in range(20)} <= set(listed)


@pytest.mark.parametrize("options", [{}, {"wish": False}])
def test_random_action_draws_each_legal_move_with_its_weight(options):
    check = DrawsMatchListing()
    for number in range(3):
        play_random_game(GAME, f"draws-{number}", options=options, after_move=check, check_leaks=False,
                         check_json=False, check_replay=False, stop=lambda t: t.state.data.get("hand_number", 0) > 2)
    assert check.checked["playerTurn", True] > 100 and check.checked["playerTurn", False] > 100


def test_a_herald_lead_counts_once_per_wish():
    table = new_table(complete(["herald", "3C", "4D", "5H", "6S", "7C", "phoenix"]))
    draws = drawn_weights(table, ANNA)
    assert draws == listed_weights(table, ANNA)
    herald_alone = [move for move in draws if json.loads(move)[1].get("cards") == ["herald"]]
    assert len(herald_alone) == 13  # no wish, or a wish for 3 to the Ace
    play(table, ANNA, "herald", wish="J")
    assert drawn_weights(table, BEN) == listed_weights(table, BEN)


def brute_force_plays(hand: list[str], top) -> Counter:
    """Every subset of the hand, read every way it can be, kept when it beats `top`."""
    found = Counter()
    for size in range(1, len(hand) + 1):
        for cards in combinations(hand, size):
            for combo in readings(list(cards), top):
                if beats(combo, top):
                    found[tuple(sorted(cards)), combo] += 1
    return found


def test_plays_lists_every_combination_once():
    rng = random.Random("plays")
    answered = 0  # tables some play beats: the comparison is not of two empty lists
    for number in range(100):
        hand = rng.sample(DECK, rng.randint(4, 6))
        # the special cases often: the Phoenix, the Herald, a bomb of each kind
        hand += [card for card in ("phoenix", "herald") if card not in hand and rng.random() < 0.4]
        if number % 5 == 0:
            hand += [card for card in rng.choice((["9C", "9D", "9H", "9S"], ["4H", "5H", "6H", "7H", "8H"]))
                     if card not in hand]
        tops = [None] + [combo for _, combo in plays(rng.sample(DECK, 9), None)]
        for top in [None, *rng.sample(tops, min(4, len(tops)))]:
            listed = Counter((tuple(sorted(cards)), combo) for cards, combo in plays(hand, top))
            assert listed == brute_force_plays(hand, top), (hand, top)
            answered += top is not None and bool(listed)
    assert answered > 200  # 281 of the 400 tables
