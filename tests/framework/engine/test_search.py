"""The expert bot (ISMCTS over determinizations, framework/engine/search.py) on Duel, a tiny game
with hidden hands written for these tests: it plays legal moves, the same ones for the same seed,
better than the heuristic, and never peeks."""
import random
import time

import pytest

from framework.engine import GameDefinitionError, Table
from framework.engine.bots import BOTS, ExpertBot, HeuristicBot, bot_levels
from framework.engine.search import DEFAULT_SECONDS, Search, mover_and_moves, searched_moves
from framework.testing import default_players, peeked_moves
from tests.trick_game import DECK, Duel

from .helpers import ANNA, BEN, CLEO, PLAYERS, new_table
from .test_determinize import Plain


def duel(seed="duel", players=4, **options) -> Table:
    return Table.create(Duel, default_players(players), {"hand_size": 4, "hands": 2, **options}, seed)


def play_to(table: Table, moves: int) -> Table:
    """`moves` moves of the heuristic bot on every seat."""
    for _ in range(moves):
        pid = table.active_players()[0]
        table.apply(pid, *HeuristicBot().choose(table, pid))
    return table


def positions(count: int, players: int = 4) -> list[tuple[Table, int]]:
    """Positions from seeded play where the player to move has a real choice."""
    found = []
    for number in range(count * 4):
        table = play_to(duel(f"position-{number}", players), number % 9)
        pid = table.active_players()[0]
        if len(table.legal_actions(pid)) > 1:
            found.append((table, pid))
        if len(found) == count:
            break
    return found


class PeekingSearch(Search):
    """A planted cheat: it searches the real table (every hand face up), not determinizations."""

    def world(self):
        return self.table.copy(seed=self.rng.random())


class PeekingBot(ExpertBot):
    search = PeekingSearch


def test_the_expert_is_a_level_only_where_the_game_determinizes():
    assert BOTS["expert"] is ExpertBot
    assert bot_levels(Duel) == ["random", "heuristic", "expert"]
    assert bot_levels(Plain) == ["random", "heuristic"]
    table = Table.create(Plain, PLAYERS, {}, "plain")
    with pytest.raises(GameDefinitionError, match="has no expert bot.*determinize"):
        ExpertBot().choose(table, ANNA)


def test_the_expert_plays_a_legal_move_and_the_same_one_for_the_same_seed():
    for table, pid in positions(4):
        chosen = ExpertBot("s", iterations=60, seconds=None).choose(table, pid)
        assert chosen in table.legal_actions(pid)
        assert ExpertBot("s", iterations=60, seconds=None).choose(table, pid) == chosen


def test_the_expert_does_not_search_a_forced_move():
    table = duel("forced", players=2, hand_size=1)
    pid = table.active_players()[0]
    bot = ExpertBot(iterations=10_000)
    started = time.perf_counter()
    assert bot.choose(table, pid) == table.legal_actions(pid)[0]
    assert bot.last is None and time.perf_counter() - started < 0.1


def test_the_expert_plays_on_where_the_real_table_offers_undo():
    """Climb offers undo after a card (a savepoint): a determinization has none (it would hold the real
    hands), so the search never tries undo, and an expert plays Climb to its end against itself."""
    from tests.sample_game import Climb

    table = Table.create(Climb, default_players(2), {"hand_size": 4}, "undo")
    offered = 0
    while table.status == "playing":
        pid = next(p for p in table.active_players() if table.legal_actions(p))
        offered += ("undo", {}) in table.legal_actions(pid)
        move = ExpertBot("undo", iterations=20).choose(table, pid)
        assert move[0] != "undo"
        table.apply(pid, *move)
    assert offered and table.status == "finished"


def test_the_expert_thinks_no_longer_than_its_cap_whatever_its_iterations():
    """A player waits 3 s at most: by default the expert stops at DEFAULT_SECONDS, and says when it did."""
    table, pid = positions(1)[0]
    assert ExpertBot().seconds == DEFAULT_SECONDS < 3
    capped = ExpertBot("cap", iterations=10**9, seconds=0.2)
    started = time.perf_counter()
    assert capped.choose(table, pid) in table.legal_actions(pid)
    assert time.perf_counter() - started < 1.5 and capped.capped() and capped.last.iterations > 1
    uncapped = ExpertBot("cap", iterations=30, seconds=None)
    uncapped.choose(table, pid)
    assert not uncapped.capped() and uncapped.last.iterations == 30


def test_the_budget_in_seconds_ends_the_search():
    table, pid = positions(1)[0]
    result = Search(table, pid, random.Random(1)).run(iterations=10**9, seconds=0.2)
    assert 0.2 <= result.seconds < 1.0 and result.iterations > 1
    assert sum(visits for _move, visits, _mean in result.stats) == result.iterations


def test_the_expert_cashes_its_sure_trick_first():
    """Two cards each, one hand: leading S8 (the top spade) takes a trick for sure and H2 may take
    another; leading H2 first gives the lead to any higher heart. The expert leads S8; the
    heuristic leads its lowest card."""
    table = duel("endgame", players=2, hand_size=2, hands=1)
    me = table.active_players()[0]
    other = next(pid for pid in table.game.player_ids if pid != me)
    data = table.state.data
    data["hands"][str(me)], data["hands"][str(other)] = ["H2", "S8"], ["H5", "S1"]
    data["stock"] = sorted(set(DECK) - {"H2", "S8", "H5", "S1"})
    result = Search(table, me, random.Random(3)).run(iterations=400)
    by_move = {move[1]["card"]: mean for move, _visits, mean in result.stats}
    assert result.move == ("playCard", {"card": "S8"}) and by_move["S8"] > by_move["H2"]
    assert HeuristicBot().choose(table, me) == ("playCard", {"card": "H2"})


def test_partners_share_the_reward_and_opponents_get_its_opposite():
    table = duel("teams")
    ids = table.game.player_ids
    search = Search(table, ids[0], random.Random(1))
    world = table.copy()
    world.game.inc_score(ids[0], 3)
    world.game.inc_score(ids[2], 3)
    world.game.inc_score(ids[1], 1)
    world.game.inc_score(ids[3], 1)
    rewards = search.rewards(world)
    assert rewards[ids[0]] == rewards[ids[2]] == 2 and rewards[ids[1]] == rewards[ids[3]] == -2
    assert search.scale == 2


def test_players_alone_are_rewarded_against_the_mean_of_the_others():
    table = Table.create(Duel, default_players(3), {"hand_size": 3}, "three")
    ids = table.game.player_ids
    search = Search(table, ids[0], random.Random(1))
    world = table.copy()
    world.game.inc_score(ids[0], 4)
    world.game.inc_score(ids[1], 2)
    assert search.rewards(world) == {ids[0]: 3.0, ids[1]: 0.0, ids[2]: -3.0}


def test_several_active_players_act_one_at_a_time_in_seat_order():
    table = new_table("multi")  # Climb begins with every player picking a charm at once
    assert sorted(table.active_players()) == sorted([ANNA, BEN, CLEO])
    assert mover_and_moves(table, searched_moves)[0] == ANNA
    table.apply(ANNA, "pickCharm", {"charm": "jade"})
    assert mover_and_moves(table, searched_moves)[0] == BEN
    # The expert answers for the last of them too, from the root: its own moves, searched.
    chosen = ExpertBot("charm", iterations=40).choose(table, CLEO)
    assert chosen in table.legal_actions(CLEO)


def test_a_search_follows_search_candidates():
    class Narrowed(Duel):
        def search_candidates(self, player_id):
            return self.legal_actions(player_id)[-1:]  # only the last legal card

    table = Table.create(Narrowed, default_players(2), {"hand_size": 4}, "narrow")
    pid = table.active_players()[0]
    result = Search(table, pid, random.Random(2)).run(iterations=30)
    assert [move for move, _v, _m in result.stats] == [table.legal_actions(pid)[-1]]


def test_the_expert_never_peeks_and_a_peeking_bot_is_caught():
    """The same position with the hidden cards dealt again in ways its player cannot tell apart: the
    expert's move does not change; a bot that searches the real hands changes it."""
    caught = 0
    for table, pid in positions(6):
        assert peeked_moves(lambda: ExpertBot("no-peek", iterations=80, seconds=None), table, pid, variants=4) == []
        caught += bool(peeked_moves(lambda: PeekingBot("no-peek", iterations=80), table, pid, variants=4))
    assert caught >= 2


@pytest.mark.slow
def test_the_expert_team_beats_the_heuristic_team_on_duplicate_deals():
    """Every deal twice with the sides swapped, so luck cancels; the expert side takes more tricks."""
    margin = []
    for number in range(12):
        diffs = []
        for expert_seats in (0, 1):
            table = duel(f"strength-{number}", hands=2)
            ids = table.game.player_ids
            bots = {pid: ExpertBot(f"x{number}", iterations=150) if seat % 2 == expert_seats else HeuristicBot()
                    for seat, pid in enumerate(ids)}
            while table.status == "playing":
                pid = table.active_players()[0]
                table.apply(pid, *bots[pid].choose(table, pid))
            scores = table.scores()
            diffs.append(scores[ids[expert_seats]][0] - scores[ids[1 - expert_seats]][0])
        margin.append(sum(diffs))
    assert sum(margin) / len(margin) > 1 and sum(m > 0 for m in margin) > sum(m < 0 for m in margin)
