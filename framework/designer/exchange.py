"""Export files (`GET /api/tables/<id>/export`): replayed and verified anywhere."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from framework.engine import Game, Move, Notification, ReplayRefused, Table, replay


@dataclass
class ReplayReport:
    table: Table | None
    replayed: int
    error: str | None
    hash_matches: bool | None  # None when there is no hash to compare (a partial replay)


def replay_export(game: type[Game], export: dict, until: int | None = None,
                  on_move: Callable[[int, Move, list[Notification]], None] = lambda n, m, notes: None) -> ReplayReport:
    """Replay an export file's moves, reporting each; stop at the first refused one."""
    if export.get("version", game.version) != game.version:
        version_note = f" (file made with version {export['version']}, rules are version {game.version})"
    else:
        version_note = ""
    moves = export["moves"][:until] if until is not None else export["moves"]
    try:
        table = replay(game, export["players"], export["options"], export["seed"], moves, rollback=True,
                       on_move=lambda table, number, move, made: on_move(number, move, made))
    except ReplayRefused as refused:
        return ReplayReport(refused.table, refused.replayed, f"{refused}{version_note}", False)
    complete = until is None or until >= len(export["moves"])
    expected = export.get("state_hash")
    matches = (table.state_hash() == expected) if complete and expected else None
    error = None if matches is not False else f"the final state differs from the file's hash{version_note}"
    return ReplayReport(table, len(moves), error, matches)
