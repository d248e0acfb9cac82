"""Bots over a game's `legal_actions`: the random bot, and the hook for a game's own heuristic bot."""
from __future__ import annotations

import random
from typing import Protocol

from .errors import GameDefinitionError
from .search import DEFAULT_ITERATIONS, DEFAULT_POLICY, DEFAULT_SECONDS, Search
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


class ExpertBot:
    """Information-set Monte Carlo tree search (`search.Search`) over the game's `determinize`: it
    reads the table only through determinizations, which keep what its player has seen and deal the
    rest at random, so it never peeks. Seeded per decision by (seed, player, move number): the same
    seed in the same position gives the same move, whatever the hidden cards are. A budget of
    `iterations`, capped at `seconds` (the first reached ends the search): a search stopped by the cap
    depends on the machine's speed; `seconds=None` leaves iterations alone, for moves that depend on
    the seed only (tests, reproducible arena runs)."""

    search = Search  # what searches (a test plants one that peeks)

    def __init__(self, seed: object = 0, iterations: int = DEFAULT_ITERATIONS, seconds: float | None = DEFAULT_SECONDS,
                 policy: str = DEFAULT_POLICY):
        self.seed, self.iterations, self.seconds, self.policy = seed, iterations, seconds, policy
        self.last = None  # the last search's result (visits and rewards by move), for tests and tools

    def choose(self, table: Table, player_id: int) -> tuple[str, dict] | None:
        if not table.game_cls.can_determinize():
            raise GameDefinitionError(no_expert(table.game_cls))
        self.last = None
        moves = table.legal_actions(player_id)
        if len(moves) <= 1:  # nothing to think about (and no move at all: None)
            return moves[0] if moves else None
        rng = random.Random(f"expert:{self.seed}:{player_id}:{table.move}")
        self.last = self.search(table, player_id, rng, self.policy).run(self.iterations, self.seconds)
        return self.last.move

    def capped(self) -> bool:
        """Whether the last choice was stopped by the seconds cap before its iterations were done."""
        return self.last is not None and self.last.iterations < self.iterations


def no_expert(game_cls: type) -> str:
    return (f"{game_cls.title or game_cls.name} has no expert bot: the expert searches over the game's "
            "determinize(), which it does not write (docs/writing-a-game.md, \"The expert bot\")")


BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "expert": ExpertBot}


def bot_levels(game_cls: type) -> list[str]:
    """The bot levels this game offers: every one, but expert only where the game can determinize."""
    return [level for level in BOTS if level != "expert" or game_cls.can_determinize()]


def seated(level: str, seed: str) -> Bot:
    """A bot of `level` whose moves depend on its seed alone: an expert without the seconds cap, so a
    simulated game is the same on any machine and under any load."""
    return ExpertBot(seed, seconds=None) if BOTS[level] is ExpertBot else BOTS[level](seed)


class SeatedBots:
    """A bot in every seat, the levels given to the seats in turn (random, heuristic, random, ...).
    Called with the table, it says who acts and how: the first active player with a legal action, as
    their bot chooses; None when no active player has one (a game stuck)."""

    def __init__(self, player_ids: list[int], levels: list[str], seed: object):
        self.levels = {pid: levels[seat % len(levels)] for seat, pid in enumerate(player_ids)}
        self.bots = {pid: seated(level, f"{seed}:{seat}") for seat, (pid, level) in enumerate(self.levels.items())}

    def __call__(self, table: Table) -> tuple[int, str, dict] | None:
        for player_id in table.active_players():
            chosen = self.bots[player_id].choose(table, player_id)
            if chosen is not None:
                return player_id, *chosen
        return None
