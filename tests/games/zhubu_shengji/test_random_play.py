"""The shared random-play test (issue: at least 2,000 seeded hands by bots in each variant).

Every move: 42 cards conserved, scores are the sum of the hands' scores. Every hand: card points
total 80 (D13). Every game: replay equality. The first games of each variant (at least
LEAK_CHECKED_HANDS hands) also check after every move that no view or notification leaks a hidden
card and that the snapshot survives JSON.
"""
import pytest

from framework.engine.testing import play_random_game
from games.zhubu_shengji import GAME
from games.zhubu_shengji.cards import DECK, TOTAL_POINTS

HANDS = 2000
LEAK_CHECKED_HANDS = 150
SORTED_DECK = sorted(DECK)


def invariants(table):
    data = table.state.data
    cards = [c for hand in data["hands"].values() for c in hand] + data["undealt"]
    cards += [c for pile in data["won"].values() for c in pile]
    cards += [c for play in data["trick"] for c in play["cards"]]
    assert sorted(cards) == SORTED_DECK, "the 42 cards are not all in one place each"
    for pid in data["hands"]:
        assert table.state.scores[pid][0] == sum(r["total"][pid] for r in data["history"])
    if data["reveal"] is not None:
        result = data["reveal"]["result"]
        assert sum(result["trick_points"].values()) + result["leftover_points"] == TOTAL_POINTS


@pytest.mark.parametrize("bidding", [False, True], ids=["base", "bidding"])
def test_random_play(bidding):
    hands = checked = games = 0
    while hands < HANDS:
        leaks = checked < LEAK_CHECKED_HANDS
        played = play_random_game(GAME, f"zhubu-{bidding}-{games}", options={"bidding": bidding},
                                  invariants=invariants, check_leaks=leaks, check_json=leaks)
        table = played.table
        assert table.status == "finished"
        count = len(table.state.data["history"])
        scores = sorted(s[0] for s in table.state.scores.values())
        target = 1000 if bidding else 800
        assert scores[0] != scores[1] and (scores[1] >= target or count >= 12)
        hands += count
        checked += count if leaks else 0
        games += 1
