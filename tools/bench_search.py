"""`make bench`, the expert bot: search iterations per second on each game that can determinize (both
playout policies), and a short arena against the heuristic bot, so a slower engine shows as a weaker bot."""
from __future__ import annotations

import random
import statistics
import time

from framework.designer.arena import ArenaSettings, arena
from framework.engine import HeuristicBot, Table
from framework.engine.plugins import load_game
from framework.engine.search import HEURISTIC, RANDOM, Search
from framework.testing import default_players

POSITIONS = 8


def positions(game, count: int = POSITIONS) -> list[tuple[Table, int]]:
    """Positions from seeded heuristic play, spread over a hand, where the player to move has a choice."""
    found, number = [], 0
    while len(found) < count and number < count * 10:
        table = Table.create(game, default_players(game.max_players), None, f"bench-search-{number}")
        for _ in range(number * 7 % 45):
            if table.status != "playing":
                break
            player = table.active_players()[0]
            table.apply(player, *HeuristicBot(number).choose(table, player))
        number += 1
        if table.status == "playing":
            player = table.active_players()[0]
            if len(table.legal_actions(player)) > 1:
                found.append((table, player))
    return found


def iterations_per_s(name: str, seconds: float) -> dict[str, float]:
    """The median over positions of search iterations per second, for each playout policy."""
    game, rates = load_game(name), {}
    spots = positions(game)
    for policy in (RANDOM, HEURISTIC):
        measured = []
        for number, (table, player) in enumerate(spots):
            result = Search(table, player, random.Random(number), policy).run(seconds=seconds / len(spots) / 2)
            measured.append(result.iterations / result.seconds)
        rates[policy] = statistics.median(measured)
    return rates


def short_arena(name: str, deals: int = 2, hands: int = 1) -> dict:
    """The expert (default budget) against the heuristic bot on a few duplicate deals of one hand."""
    started = time.perf_counter()
    summary = arena(load_game(name), deals, ArenaSettings(("expert", "heuristic"), "bench", hands=hands))
    mean, low, high = summary.difference()
    median, longest, _moves = summary.think_times("expert")
    declared = summary.game.statistics.get("player", {})
    expert, heuristic = summary.statistic_rates("expert"), summary.statistic_rates("heuristic")
    return {"deals": deals, "difference": mean, "low": low, "high": high,
            "won": summary.wins()["expert"] / len(summary.games), "median_s": median, "max_s": longest,
            "seconds": time.perf_counter() - started,
            # what the heuristic never does shows here: the declared player statistics, per hand, both bots
            "decisions": [(declared[name].get("name", name), expert[name], heuristic[name]) for name in expert]}
