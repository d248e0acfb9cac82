"""The hidden-information audit: many seeded random games, every view and notification of every
viewer checked after every move against what the game hides from them (`tests/test_hidden_information.py`,
and `make soak` on 1,000 games of each game)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from framework.engine import Game, Table

from .random_play import RandomPlayFailure, play_random_game


@dataclass
class AuditReport:
    """What `audit_hidden_information` looked at, and every leak it found."""

    game: str
    games: int = 0
    moves: int = 0
    views: int = 0
    notifications: int = 0
    leaks: list[str] = field(default_factory=list)


def audit_hidden_information(game_cls: type[Game], games: int, *, seed_prefix: str = "audit",
                             options: dict | None = None, stop: Callable[[Table], bool] | None = None,
                             progress: Callable[[int], None] | None = None) -> AuditReport:
    """Seeded random games in which, after every move, each player's and a spectator's view and
    every notification they may fetch are checked against what is hidden from them (and for the
    table's seed). Leaks are counted and described, not raised, so one report covers a whole run."""
    report = AuditReport(game_cls.name)
    viewers = game_cls.max_players + 1
    for number in range(games):
        # A long seed: the check looks for the seed's text in every view.
        seed = f"{seed_prefix}-{game_cls.name}-{number:06d}"
        try:
            played = play_random_game(game_cls, seed, options=options, stop=stop, check_json=False,
                                      check_invariants=False, check_replay=False)
        except RandomPlayFailure as failure:
            if "can see" not in str(failure):
                raise
            report.leaks.append(f"seed {seed}: {failure}")
        else:
            report.moves += len(played.moves)
            report.views += (len(played.moves) + 1) * viewers
            report.notifications += len(played.notifications)
        report.games += 1
        if progress:
            progress(report.games)
    return report
