"""The hidden-information audit of every registered game, shared by its test and by `make soak`.

Each audit game is played by random bots until its first scoring, the first move that changes a
score, once at least `MIN_MOVES` moves are made (or to the game's end, if it comes first). In a
card game scored by the hand, that is the first hand and its scoring: every kind of hidden card is
in play there (hands, passes before they arrive, the kitty, undealt cards, discards). The rule reads
only the framework's scores, so a newly registered game joins the audit as it is; hands after the
first are covered by each game's own random-play test.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from framework.engine.plugins import discover_games
from framework.engine.table import FINISHED, Table
from framework.testing import AuditReport, audit_hidden_information

MIN_MOVES = 20
GAMES = list(discover_games())  # the registered plugins' names


class UntilFirstScoring:
    """`stop` for `audit_hidden_information`: true at the first move, from move `min_moves` on, after
    which a score differs from the scores at setup. Counts the games it stopped at a scoring, and those
that ended before one."""

    def __init__(self, min_moves: int = MIN_MOVES):
        self.min_moves = min_moves
        self.scored = self.ended = 0
        self.table: Table | None = None
        self.start = ""

    def __call__(self, table: Table) -> bool:
        if table is not self.table:  # the harness asks before the first move of each game
            self.close()
            self.table, self.start = table, json.dumps(table.state.scores, sort_keys=True)
            return False
        if table.move >= self.min_moves and json.dumps(table.state.scores, sort_keys=True) != self.start:
            self.scored += 1
            self.table = None
            return True
        return False

    def close(self) -> None:
        """The last game ended by itself (it is not asked again after the end)."""
        if self.table is not None and self.table.status == FINISHED:
            self.ended += 1
        self.table = None


@dataclass
class GameAudit(AuditReport):
    scored: int = 0  # audited games played to their first scoring (after MIN_MOVES moves)
    ended: int = 0   # audited games that ended before


def audit(name: str, games: int, progress=None) -> GameAudit:
    stop = UntilFirstScoring()
    report = audit_hidden_information(discover_games([name])[name], games, stop=stop, progress=progress)
    stop.close()
    return GameAudit(**asdict(report), scored=stop.scored, ended=stop.ended)
