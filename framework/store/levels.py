"""How the server plays a seat it plays (a bot's, or the zombie's of an absent player), and who plays it:
the request that made the turn due, or the bot runner (`runner`, `flask bots`).

The expert thinks about a second a move: its turns never hold a web worker, the runner plays them.
The random and heuristic bots and the game's own zombie move take a millisecond or two: the request
plays them at once (a player sees the answers to their move in its answer), and so does the tick,
and the runner too where it meets them after an expert's move.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from flask import current_app

from framework.engine import BOTS, ExpertBot, Table
from framework.engine.search import DEFAULT_ITERATIONS, DEFAULT_SECONDS

from .loading import SeatT, automatic_seat

RUNNER_LEVELS = frozenset({"expert"})  # the levels only the bot runner plays
ZOMBIE = "zombie"  # the level of a zombie that plays the game's own zombie move (BGA's)


def seat_level(seat, game_cls: type) -> str:
    """The bot's level, or the zombie's: expert where `ZOMBIE_LEVEL` says so and the game has it, else
    the game's own zombie move (its heuristic, unless a state writes its own zombie)."""
    if seat.zombie:
        expert = current_app.config.get("ZOMBIE_LEVEL") == "expert" and game_cls.can_determinize()
        return "expert" if expert else ZOMBIE
    return seat.bot_level


def for_runner(seat, game_cls: type) -> bool:
    return seat_level(seat, game_cls) in RUNNER_LEVELS


def request_seat(seats: Sequence[SeatT], table: Table) -> SeatT | None:
    """An active automatic seat a request (or the tick) plays at once; none where only the runner's wait."""
    return automatic_seat(seats, table, lambda seat: not for_runner(seat, table.game_cls))


def runner_seat(seats: Sequence[SeatT], table: Table, free: Callable[[SeatT], bool]) -> SeatT | None:
    """An active automatic seat only the runner plays, `free` of another runner's claim."""
    return automatic_seat(seats, table, lambda seat: for_runner(seat, table.game_cls) and free(seat))


def choose(table: Table, seat, seed: str) -> tuple[str, dict, str]:
    """The seat's move and its actor as the move log says it (zombie or bot)."""
    return *choose_at(table, seat.user_id, seat_level(seat, table.game_cls), seed), actor(seat)


def actor(seat) -> str:
    return "zombie" if seat.zombie else "bot"


def choose_at(table: Table, player: int, level: str, seed: str) -> tuple[str, dict]:
    """The move `player` makes at `level` (a bot level, or ZOMBIE), seeded by `seed`."""
    if level == ZOMBIE:
        return table.zombie_move(player)
    if level == "expert":
        config = current_app.config
        bot = ExpertBot(seed, iterations=config.get("EXPERT_ITERATIONS") or DEFAULT_ITERATIONS,
                        seconds=config.get("EXPERT_SECONDS") or DEFAULT_SECONDS)
    else:
        bot = BOTS[level](seed)
    return bot.choose(table, player)
