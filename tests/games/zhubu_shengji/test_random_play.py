"""The shared random-play test: at least 2,000 seeded hands by bots in each variant.

Every move, the game's own invariants (games/zhubu_shengji/invariants.py: 42 cards conserved,
scores the sum of the hands' scores, a scored hand's card points totalling 80, D13). Every game:
replay equality, and the end by D14. The first games of each variant (at least
LEAK_CHECKED_HANDS hands) also check after every move that no view or notification leaks a hidden
card and that the snapshot survives JSON.
"""
import pytest

from framework.testing import play_random_game
from games.zhubu_shengji import GAME

HANDS = 2000
LEAK_CHECKED_HANDS = 150


@pytest.mark.slow
@pytest.mark.parametrize("bidding", [False, True], ids=["base", "bidding"])
def test_random_play(bidding):
    hands = checked = games = 0
    while hands < HANDS:
        leaks = checked < LEAK_CHECKED_HANDS
        played = play_random_game(GAME, f"zhubu-{bidding}-{games}", options={"bidding": bidding},
                                  check_leaks=leaks, check_json=leaks)
        table = played.table
        assert table.status == "finished"
        count = len(table.state.data["history"])
        scores = sorted(s[0] for s in table.state.scores.values())
        target = 1000 if bidding else 800
        assert scores[0] != scores[1] and (scores[1] >= target or count >= 12)
        hands += count
        checked += count if leaks else 0
        games += 1
