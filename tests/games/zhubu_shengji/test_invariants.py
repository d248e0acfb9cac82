"""The game's declared invariants (invariants.py, checked after every move by the random-play test and
`flask simulate`) catch what they promise, and `hands_played` counts hands as `simulate --hands` needs."""
from framework.engine import Table
from framework.engine.testing import default_players, play_random_game
from games.zhubu_shengji import GAME


def new_table():
    return Table.create(GAME, default_players(2), {}, "invariants")


def test_a_game_in_play_breaks_no_invariant():
    assert new_table().game.broken_invariants() == []


def test_a_lost_card_breaks_card_conservation():
    table = new_table()
    hand = table.game.per_player("hands")[table.game.player_ids[1]]
    lost = hand.pop()
    assert table.game.broken_invariants() == [f"cards not conserved: extra [], missing ['{lost}']"]


def test_a_score_that_is_not_the_sum_of_the_hands_breaks_an_invariant():
    table = new_table()
    table.game.set_score(table.game.player_ids[1], 5)
    broken = table.game.broken_invariants()
    assert len(broken) == 1 and "scores 5" in broken[0]


def test_hands_played_counts_the_hands_scored():
    played = play_random_game(GAME, "hands", stop=lambda table: table.game.hands_played() >= 2, check_leaks=False)
    scored = [n.move for n in played.notifications if n.type == "handScored"]
    assert played.table.game.hands_played() == len(scored) == 2
    assert scored[-1] == played.table.move  # the count rose with the move that scored the second hand
