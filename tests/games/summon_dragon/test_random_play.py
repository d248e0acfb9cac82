"""The random-play test (docs/writing-a-game.md, "Tests"): seeded hands by random bots with the engine's harness.

After every move, the game's own invariants (games/summon_dragon/invariants.py: 53 cards conserved,
12 cards each before trick 1, trick units as counted, 13 a hand, scores the sums of the hands');
here, after every hand, the scores recomputed independently of rules.py (D17) and the game end as
D18 says. Replay equality at the end of every game; leak and JSON checks on the first games.
"""
from __future__ import annotations

import pytest

from framework.testing import play_random_game
from games.summon_dragon import GAME

HANDS_PER_GAME = 10


def expected_points(bid: int, taken: int, option: str) -> tuple[int, int]:
    """D17 written out again, apart from rules.hand_score."""
    if taken >= bid:
        made = 10 * bid + 5 * (taken - bid)
        return made + (25 if option == "no-help" else 0), 5 * (13 - taken)
    return -10 * bid - 5 * (bid - taken), 5 * (13 - taken)


class HandChecks:
    """D17 and D18 after each scored hand, from the hands' records; counts the hands."""

    def __init__(self):
        self.results_checked = 0
        self.totals = [0, 0]
        self.hands_scored = 0

    def __call__(self, table):
        data = table.state.data
        game = table.game
        for result in data["results"][self.results_checked:]:
            self.check_hand(table, result)
        self.results_checked = len(data["results"])
        if data["results"]:
            target = table.options["target"]
            scores = data["team_scores"]
            over = max(scores) >= target and scores[0] != scores[1]
            assert over == (table.status == "finished"), "the game ends exactly at the target (D18)"
        for pid in game.player_ids:
            assert table.state.scores[str(pid)][0] == self.totals[game.seat_of(pid) % 2]

    def check_hand(self, table, result):
        game = table.game
        team = game.seat_of(result["bidder"]) % 2
        bidders, defenders = expected_points(result["tricks"], result["taken"][team], result["option"])
        assert result["delta"][team] == bidders
        assert result["delta"][1 - team] == defenders
        self.totals[team] += bidders
        self.totals[1 - team] += defenders
        assert result["scores"] == self.totals
        self.hands_scored += 1


def play(seed, *, hands=HANDS_PER_GAME, target=500, leaks=False):
    check = HandChecks()
    # No action of this game is out of turn, so nobody but the active players is asked.
    played = play_random_game(GAME, seed, options={"target": target}, after_move=check, out_of_turn_rate=0,
                              stop=lambda table: table.state.data["hand_number"] > hands,
                              check_leaks=leaks, check_json=leaks)
    return played, check


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, 10, 5))
def test_random_hands_with_leak_checks(first):
    """100 hands with every check: leaks in every view and notification, JSON round trips."""
    for seed in range(first, first + 5):
        played, check = play(seed, leaks=True)
        assert check.hands_scored == HANDS_PER_GAME or played.table.status == "finished"


@pytest.mark.slow
@pytest.mark.parametrize("first", range(100, 280, 10))
def test_random_hands(first):
    """1,800 more hands: invariants after every move and replay equality."""
    for seed in range(first, first + 10):
        played, check = play(seed)
        assert check.hands_scored == HANDS_PER_GAME or played.table.status == "finished"


@pytest.mark.slow
def test_random_games_reach_the_end():
    """100 more hands (2,000 in all) at a low target, so that random games end by the D18 rule."""
    finished = scored = games = 0
    for seed in range(500, 560):
        played, check = play(seed, hands=8, target=50, leaks=seed == 500)
        finished += played.table.status == "finished"
        scored += check.hands_scored
        games += 1
        if scored >= 100 and finished >= 5:
            break
    assert finished >= 5 and scored >= 100, (games, finished, scored)
