"""The random bot's draw (`random_action`) and the single-card check (`may_play`): the shortcuts must give
exactly what listing the moves gives."""
from __future__ import annotations

import json
import random
from collections import Counter

from framework.engine.testing import play_random_game
from games.summon_dragon import GAME, rules
from games.summon_dragon.cards import DECK, DRAGON, SUITS

from .helpers import ANN, BOB, CAT, DAN, make_deal, new_table


class IndexRng:
    """Stands in for random.Random in one draw (choice or randrange), returning the given index.

    A real draw picks each index equally often, so drawing once with every index lists each outcome
    with its exact weight."""

    def __init__(self, index: int):
        self.index = index
        self.size: int | None = None

    def choice(self, seq):
        self.size = len(seq)
        return seq[self.index]

    def randrange(self, stop):
        self.size = stop
        return self.index


def canon(move) -> str:
    return json.dumps(move, sort_keys=True)


def every_draw(table, player_id) -> Counter:
    """Each outcome of `random_action` with its weight, the rng's indexes enumerated."""
    first = IndexRng(0)
    draws = [table.random_action(player_id, first)]
    draws += [table.random_action(player_id, IndexRng(i)) for i in range(1, first.size)]
    return Counter(canon(move) for move in draws)


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
        legal = Counter(canon(move) for move in table.legal_actions(player_id))
        if state == "discard":
            # Thousands of sets: the drawn ones must be legal, and a 1-card discard reaches them all.
            rng = random.Random(table.move)
            drawn = {canon(table.random_action(player_id, rng)) for _ in range(300)}
            assert drawn <= set(legal)
            if len(legal) <= 17:
                assert drawn == set(legal)
            self.seen[state] += 1
            return
        assert every_draw(table, player_id) == legal, f"{state} at move {table.move}"
        data = table.state["data"]
        dragon_nt = (state == "playerTurn" and rules.trump_of(data["contract"]["designation"]) is None
                     and any(m.get("declare") for _, m in table.legal_actions(player_id)))
        self.seen["nt-dragon-leads" if dragon_nt and not data["trick"] else
                  "nt-dragon-follows" if dragon_nt else state] += 1


def test_random_action_draws_each_legal_move_with_its_weight_and_nothing_else():
    check = DrawsMatchLegalActions()
    for seed in range(6):
        play_random_game(GAME, f"draws-{seed}", invariants=check, out_of_turn_rate=0, check_leaks=False,
                         check_json=False, check_replay=False, stop=lambda table: table.move >= 400)
    for case in ("bidding", "chooseOption", "discard", "playerTurn", "nt-dragon-leads", "nt-dragon-follows"):
        assert check.seen[case] > 0, (case, check.seen)


def test_a_random_bid_is_each_listed_bid_or_pass_once():
    table = new_table(make_deal())
    opening = every_draw(table, ANN)
    assert len(opening) == 1 + 11 * 6 and set(opening.values()) == {1}
    assert opening == Counter(canon(move) for move in table.legal_actions(ANN))
    table.apply(ANN, "bid", {"tricks": 11, "designation": "fire"})
    assert every_draw(table, BOB) == Counter(canon(move) for move in table.legal_actions(BOB))
    assert len(every_draw(table, BOB)) == 1 + 2 * 6


def test_a_stuck_dealer_draws_only_bids():
    table = new_table(make_deal())
    for pid in (ANN, BOB, CAT):
        table.apply(pid, "pass")
    draws = every_draw(table, DAN)
    assert canon(("pass", {})) not in draws
    assert draws == Counter(canon(move) for move in table.legal_actions(DAN))


def test_may_play_agrees_with_playable_for_every_card():
    rng = random.Random(7)
    for _ in range(3000):
        hand = rng.sample(DECK, rng.randint(1, 12))
        if rng.random() < 0.3 and DRAGON not in hand:
            hand[0] = DRAGON
        for trump in (*SUITS, None):
            for led in (*SUITS, None):
                allowed = rules.playable(hand, led, trump)
                for card in hand:
                    assert rules.may_play(hand, card, led, trump) == (card in allowed), (hand, card, led, trump)
