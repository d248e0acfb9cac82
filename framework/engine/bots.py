"""Bots over a game's `legal_actions`: the random bot, and the hook for a game's own heuristic bot."""
from __future__ import annotations

import random
from typing import Protocol

from .table import Table


class Bot(Protocol):
    def choose(self, table: Table, player_id: int) -> tuple[str, dict] | None: ...


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded chooser (never the table's)."""

    def __init__(self, seed: object = 0):
        self.chooser = random.Random(f"bot:{seed}")

    def choose(self, table: Table, player_id: int) -> tuple[str, dict] | None:
        return table.random_action(player_id, self.chooser)


class HeuristicBot:
    """The game's own heuristic move (`Game.heuristic_move`); a random legal one where it has none."""

    def __init__(self, seed: object = 0):
        self.fallback = RandomBot(seed)

    def choose(self, table: Table, player_id: int) -> tuple[str, dict] | None:
        return table.game.heuristic_move(player_id) or self.fallback.choose(table, player_id)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


class SeatedBots:
    """A bot in every seat, the levels given to the seats in turn (random, heuristic, random, ...).
    Called with the table, it says who acts and how: the first active player with a legal action, as
    their bot chooses; None when no active player has one (a game stuck)."""

    def __init__(self, player_ids: list[int], levels: list[str], seed: object):
        self.levels = {pid: levels[seat % len(levels)] for seat, pid in enumerate(player_ids)}
        self.bots = {pid: BOTS[level](f"{seed}:{seat}") for seat, (pid, level) in enumerate(self.levels.items())}

    def __call__(self, table: Table) -> tuple[int, str, dict] | None:
        for player_id in table.active_players():
            chosen = self.bots[player_id].choose(table, player_id)
            if chosen is not None:
                return player_id, *chosen
        return None
