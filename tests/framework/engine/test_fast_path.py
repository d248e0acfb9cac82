"""The fast path (`Table.fast`: no notification records, no rollback copy, no turn checks), which the
search and self-play take: for every shipped game it plays seeded games to the very same states as the
checked path the store uses, and the expert chooses the same moves on it."""
import random

import pytest

from framework.engine import ActionError, Table
from framework.engine.plugins import load_game
from framework.engine.search import Search
from framework.testing import default_players

SHIPPED = ["dragon_phoenix", "summon_dragon", "zhubu_shengji"]
MAX_MOVES = 4_000  # whole games of Dragon and Phoenix and Summon; Zhubu's first hands


def random_game(table: Table, seed: int) -> list[str]:
    """Seeded random play to the end (or MAX_MOVES); the state hash at every hand's end and the last."""
    rng, hashes, hands = random.Random(seed), [], table.game.hands_played()
    for _ in range(MAX_MOVES):
        if table.status != "playing":
            break
        player = table.active_players()[0]
        table.apply(player, *table.random_action(player, rng))
        if table.game.hands_played() != hands:
            hands = table.game.hands_played()
            hashes.append(table.state_hash())
    return [*hashes, table.state_hash()]


@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_fast_self_play_game_ends_in_the_same_state_as_a_checked_one(name, seed):
    game = load_game(name)
    checked = Table.create(game, default_players(game.max_players), None, f"fast-{seed}")
    fast = Table.create(game, default_players(game.max_players), None, f"fast-{seed}", fast=True)
    assert fast.state_hash() == checked.state_hash()
    hashes = random_game(checked, seed)
    assert len(hashes) > 1  # at least one hand played to its end
    assert random_game(fast, seed) == hashes


@pytest.mark.parametrize("name", SHIPPED)
def test_a_fast_copy_plays_on_like_the_real_table_which_keeps_its_notifications(name):
    game = load_game(name)
    real = Table.create(game, default_players(game.max_players), None, "fast-copy")
    random_game_moves(real, 30, random.Random(7))
    twin = real.copy(fast=True)
    rng_real, rng_twin, told = random.Random(8), random.Random(8), 0
    for _ in range(200):
        if real.status != "playing":
            break
        player = real.active_players()[0]
        move = real.random_action(player, rng_real)
        assert twin.random_action(player, rng_twin) == move
        made = real.apply(player, *move)
        assert twin.apply(player, *move) == []  # nobody reads a fast table's news: none made
        assert all(n.move == real.move for n in made)
        told += len(made)
        assert twin.state_hash() == real.state_hash()
    assert told > 0
    assert twin.state.seq == real.state.seq  # counted all the same
    # The real table still refuses a move out of turn, changing nothing: the fast path is the copy's alone.
    if real.status == "playing":
        waiting = next(p for p in game_players(real) if p not in real.active_players())
        move, before = twin.legal_actions(real.active_players()[0])[0], real.state_hash()
        with pytest.raises(ActionError):
            real.apply(waiting, *move)
        assert real.state_hash() == before


@pytest.mark.parametrize("name", SHIPPED)
def test_the_expert_chooses_the_same_moves_on_fast_and_checked_determinizations(name):
    game = load_game(name)
    table = Table.create(game, default_players(game.max_players), None, "fast-search")
    random_game_moves(table, 12, random.Random(3))
    me = table.active_players()[0]

    class Checked(Search):
        def world(self):
            return self.table.determinized(self.me, self.rng)

    fast = Search(table, me, random.Random(5)).run(iterations=40)
    checked = Checked(table, me, random.Random(5)).run(iterations=40)
    assert fast.move == checked.move
    assert fast.stats == checked.stats


def random_game_moves(table: Table, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        player = table.active_players()[0]
        table.apply(player, *table.random_action(player, rng))


def game_players(table: Table) -> list[int]:
    return [p["id"] for p in table.players]
