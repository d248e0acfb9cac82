"""Each shipped game's declared invariants (its invariants.py, checked after every move by the random-play
test and `bga simulate`) catch what they promise, and `hands_played` counts hands as `simulate --hands` needs."""
import pytest

from framework.engine import Table
from framework.engine.plugins import load_game
from framework.testing import default_players, play_random_game

HAND_SCORED = {"dragon_phoenix": "handScore", "summon_dragon": "handScore", "zhubu_shengji": "handScored"}


@pytest.fixture(params=sorted(HAND_SCORED))
def game(request):
    return load_game(request.param)


def new_table(game):
    return Table.create(game, default_players(game.max_players), {}, "invariants")


def test_a_game_in_play_breaks_no_invariant(game):
    assert new_table(game).game.broken_invariants() == []


def test_a_lost_card_breaks_card_conservation(game):
    table = new_table(game)
    hand = table.game.per_player("hands")[table.game.player_ids[1]]
    lost = hand.pop()
    assert table.game.broken_invariants() == [f"cards not conserved: extra [], missing ['{lost}']"]


def test_a_score_that_is_not_the_sum_of_the_hands_breaks_an_invariant(game):
    table = new_table(game)
    table.game.set_score(table.game.player_ids[1], 5)
    broken = table.game.broken_invariants()
    assert len(broken) == 1 and "scores 5" in broken[0]


def test_hands_played_counts_the_hands_scored(game):
    played = play_random_game(game, "hands", stop=lambda table: table.game.hands_played() >= 2, check_leaks=False)
    scored = [n.move for n in played.notifications if n.type == HAND_SCORED[game.name]]
    assert played.table.game.hands_played() == len(scored) == 2
    assert scored[-1] == played.table.move  # the count rose with the move that scored the second hand
