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
