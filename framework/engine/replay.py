"""Rebuild a table from its seed, options, players and move log."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .game import Game
from .table import Table


def replay(game_cls: type[Game], players: list[dict], options: dict, seed: Any,
           moves: Iterable[dict], until: int | None = None) -> Table:
    """The table after `until` moves (all when None). Each move is `{"player", "action", "args"}`.

    Options are taken as stored (already validated). Any refused move raises: the log no longer
    replays against this rules code.
    """
    table = Table.start(game_cls, players, options, seed)
    table.take_setup_notifications()
    for number, move in enumerate(moves, start=1):
        if until is not None and number > until:
            break
        table.apply(move["player"], move["action"], move.get("args") or {}, rollback=False)
    return table
