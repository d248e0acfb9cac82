"""Multi-active helpers, zombies and bots, statistics and scores."""
import pytest

from framework.engine import GameDefinitionError, RandomBot

from .helpers import ANNA, BEN, CLEO, new_table, pick_charms


def test_set_players_multiactive_adds_or_replaces_the_active_set():
    table = new_table()
    gamestate = table.gamestate
    table.state.multiactive = [BEN]
    gamestate.set_players_multiactive([CLEO])
    assert table.active_players() == [BEN, CLEO]
    gamestate.set_players_multiactive([ANNA], exclusive=True)
    assert table.active_players() == [ANNA]


def test_making_nobody_active_moves_on():
    table = new_table()
    table.begin_move()
    assert table.gamestate.set_players_multiactive([], "done", exclusive=True) is True
    table.gamestate.follow(table.current_state, None)
    assert table.current_state.name == "playerTurn"


def test_zombie_plays_a_legal_move_through_the_normal_path():
    table = new_table()
    action, args = table.zombie_move(BEN)
    assert (action, args) in table.legal_actions(BEN)
    table.apply(BEN, action, args)
    assert BEN not in table.active_players()


def test_zombie_choice_is_repeatable_and_does_not_touch_the_table_rng():
    first, second = new_table(), new_table()
    assert first.zombie_move(ANNA) == second.zombie_move(ANNA)
    assert first.state.rng_draws == 1


def test_random_bot_plays_a_whole_game_with_legal_moves_only():
    table = new_table()
    bot = RandomBot(seed=4)
    for _ in range(200):
        if table.status == "finished":
            break
        player = table.active_players()[0]
        table.apply(player, *bot.choose(table, player))
    assert table.status == "finished"
    assert bot.choose(table, ANNA) is None


def test_statistics_must_be_declared():
    table = new_table()
    pick_charms(table)
    table.game.set_stat("turns", 5)
    assert table.game.get_stat("turns") == 5
    with pytest.raises(GameDefinitionError, match="'bombs' is not declared"):
        table.game.inc_stat("bombs", 1, ANNA)


def test_scores_carry_a_tie_break_value():
    table = new_table()
    table.game.set_score(ANNA, 10, aux=3)
    table.game.inc_score(ANNA, 2)
    assert table.scores()[ANNA] == (12, 3)
    assert table.view(BEN)["players"][0] == {"id": ANNA, "name": "Anna", "seat": 0, "score": 12, "score_aux": 3,
                                             "rank": 1}
