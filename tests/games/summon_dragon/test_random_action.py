"""The random bot's draw (`random_action`) and the single-card check (`play_error`'s answer for a card that
follows suit): the shortcuts must give exactly what listing the moves gives."""
from __future__ import annotations

import random
from collections import Counter

from framework.testing import drawn_weights, listed_weights, move_key, play_random_game
from games.summon_dragon import GAME, rules
from games.summon_dragon.cards import DECK, DRAGON, SUITS

from .helpers import ANN, BOB, CAT, DAN, make_deal, new_table


class DrawsMatchLegalActions:
    """After every move of seeded random games, the active player's draws against legal_actions."""

    def __init__(self):
        self.seen = Counter()

    def __call__(self, table):
        if table.status != "playing":
            return
        for pid in table.game.player_ids:
            if pid not in table.active_players():
                assert table.random_action(pid, random.Random(0)) is None
        player_id = table.active_players()[0]
        state = table.current_state.name
        legal = listed_weights(table, player_id)
        if state == "discard":
            # Thousands of sets: the drawn ones must be legal, and a 1-card discard reaches them all.
            rng = random.Random(table.move)
            drawn = {move_key(table.random_action(player_id, rng)) for _ in range(300)}
            assert drawn <= set(legal)
            if len(legal) <= 17:
                assert drawn == set(legal)
            self.seen[state] += 1
            return
        assert drawn_weights(table, player_id) == legal, f"{state} at move {table.move}"
        data = table.state.data
        dragon_nt = (state == "playerTurn" and rules.trump_of(data["contract"]["designation"]) is None
                     and any(m.get("declare") for _, m in table.legal_actions(player_id)))
        self.seen["nt-dragon-leads" if dragon_nt and not data["trick"] else
                  "nt-dragon-follows" if dragon_nt else state] += 1


def test_random_action_draws_each_legal_move_with_its_weight_and_nothing_else():
    check = DrawsMatchLegalActions()
    for seed in range(6):
        play_random_game(GAME, f"draws-{seed}", after_move=check, out_of_turn_rate=0, check_leaks=False,
                         check_json=False, check_replay=False, stop=lambda table: table.move >= 400)
    for case in ("bidding", "chooseOption", "discard", "playerTurn", "nt-dragon-leads", "nt-dragon-follows"):
        assert check.seen[case] > 0, (case, check.seen)


def test_a_random_bid_is_each_listed_bid_or_pass_once():
    table = new_table(make_deal())
    opening = drawn_weights(table, ANN)
    assert len(opening) == 1 + 11 * 6 and set(opening.values()) == {1}
    assert opening == listed_weights(table, ANN)
    table.apply(ANN, "bid", {"tricks": 11, "designation": "fire"})
    assert drawn_weights(table, BOB) == listed_weights(table, BOB)
    assert len(drawn_weights(table, BOB)) == 1 + 2 * 6


def test_a_stuck_dealer_draws_only_bids():
    table = new_table(make_deal())
    for pid in (ANN, BOB, CAT):
        table.apply(pid, "pass")
    draws = drawn_weights(table, DAN)
    assert move_key(("pass", {})) not in draws
    assert draws == listed_weights(table, DAN)


def test_play_error_agrees_with_playable_for_every_card():
    rng = random.Random(7)
    for _ in range(3000):
        hand = rng.sample(DECK, rng.randint(1, 12))
        if rng.random() < 0.3 and DRAGON not in hand:
            hand[0] = DRAGON
        for trump in (*SUITS, None):
            for led in (*SUITS, None):
                allowed = rules.playable(hand, led, trump)
                for card in hand:
                    allowed_here = rules.play_error(hand, card, led, trump) is None
                    assert allowed_here == (card in allowed), (hand, card, led, trump)
