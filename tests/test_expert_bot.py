"""The expert bot on every registered game that writes `determinize`: it never peeks (the same
position with the hidden cards dealt again as its player could not tell apart gives the same move,
same seed) and plays a hand through with legal moves. A game joins by writing determinize."""
from functools import partial

import pytest

from framework.engine import Table
from framework.engine.bots import ExpertBot, HeuristicBot, bot_levels
from framework.engine.plugins import discover_games
from framework.testing import default_players, peeked_moves

GAMES = discover_games()
EXPERT_GAMES = sorted(name for name, game in GAMES.items() if game.can_determinize())
ITERATIONS = 25  # enough for the tree to grow several levels: the move depends on every determinization


def positions(game, count: int, seats: int) -> list[tuple[Table, int]]:
    """Positions from seeded heuristic play, a few moves apart, where the player to move has a choice."""
    found = []
    for number in range(count * 6):
        table = Table.create(game, default_players(seats), None, f"expert-{game.name}-{number}")
        for _ in range(number * 5 % 37):
            if table.status != "playing":
                break
            pid = table.active_players()[0]
            table.apply(pid, *HeuristicBot(number).choose(table, pid))
        if table.status == "playing":
            pid = table.active_players()[0]
            if len(table.legal_actions(pid)) > 1:
                found.append((table, pid))
        if len(found) == count:
            break
    return found


def test_the_expert_is_offered_exactly_where_the_game_determinizes():
    for game in GAMES.values():
        assert ("expert" in bot_levels(game)) == game.can_determinize()


@pytest.mark.parametrize("name", EXPERT_GAMES)
def test_the_expert_never_peeks(name):
    game = GAMES[name]
    found = positions(game, 4, game.max_players)
    assert len(found) == 4
    for table, pid in found:
        uncapped = partial(ExpertBot, "no-peek", iterations=ITERATIONS, seconds=None)  # a cap would vary the move
        assert peeked_moves(uncapped, table, pid, variants=3) == []


@pytest.mark.parametrize("name", EXPERT_GAMES)
def test_the_expert_plays_a_hand_through(name):
    game = GAMES[name]
    table = Table.create(game, default_players(game.max_players), None, f"expert-hand-{name}")
    expert = {pid: ExpertBot(f"hand-{seat}", iterations=ITERATIONS) for seat, pid in enumerate(table.game.player_ids)}
    while table.status == "playing" and not table.game.hands_played():
        pid = min(table.active_players(), key=table.game.seat_of)
        move = expert[pid].choose(table, pid)
        assert move in table.legal_actions(pid)
        table.apply(pid, *move)
        assert table.game.broken_invariants() == []
    assert table.game.hands_played() == 1 or table.status == "finished"
