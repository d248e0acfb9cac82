"""Export files (`GET /api/tables/<id>/export`, `bga simulate`'s failure files): replayed and
verified anywhere. A file that names `checks` (a simulation's failure) is replayed with those
checks after setup and every move, so it fails where the simulation failed, with the same words."""
from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass

from framework.engine import PLAYING, Game, Move, Notification, ReplayRefused, Table, replay
from framework.testing import Checks, RandomPlayFailure
from framework.testing.random_play import move_label, position_problem, raised


@dataclass
class ReplayReport:
    table: Table | None
    replayed: int
    error: str | None
    hash_matches: bool | None  # None when there is no hash to compare (a partial replay)
    traceback: str | None = None  # where a move raised something other than a refusal (a bug)


def replay_export(game: type[Game], export: dict, until: int | None = None,
                  on_move: Callable[[int, Move, list[Notification]], None] = lambda n, m, notes: None) -> ReplayReport:
    """Replay an export file's moves, reporting each; stop at the first refused one, or the first
    that raises or fails one of the file's `checks`."""
    if export.get("version", game.version) != game.version:
        version_note = f" (file made with version {export['version']}, rules are version {game.version})"
    else:
        version_note = ""
    moves = export["moves"][:until] if until is not None else export["moves"]
    checks = Checks.from_json(export["checks"]) if export.get("checks") else None
    seen: dict = {"number": 0, "set up": False}

    def watch(table: Table) -> None:
        seen["table"], seen["check"] = table, checks.start(table) if checks else None

    def after_setup(table: Table, made: list[Notification]) -> None:
        seen["set up"] = True
        if checks:
            seen["check"](made, "setup")

    def after_move(table: Table, number: int, move: Move, made: list[Notification]) -> None:
        seen["number"] = number
        on_move(number, move, made)
        if checks:
            seen["check"](made, move_label(number, move))

    try:
        table = replay(game, export["players"], export["options"], export["seed"], moves, rollback=True,
                       before_setup=watch, on_setup=after_setup, on_move=after_move)
    except ReplayRefused as refused:
        said = f"{move_label(refused.number, refused.move)} {raised(refused.error)}" if checks else str(refused)
        return ReplayReport(refused.table, refused.replayed, f"{said}{version_note}", False)
    except RandomPlayFailure as failure:  # one of the file's checks
        return ReplayReport(seen["table"], seen["number"], f"{failure}{version_note}", False)
    except Exception as err:  # a move raised: a bug in the rules, shown with where it happened
        number = seen["number"] + 1
        where = move_label(number, Move.from_json(moves[number - 1])) if seen["set up"] else "setup"
        return ReplayReport(seen["table"], number - 1, f"{where} {raised(err)}{version_note}", False,
                            traceback.format_exc())
    complete = until is None or until >= len(export["moves"])
    if checks and complete and table.status == PLAYING and (stuck := position_problem(table)):
        return ReplayReport(table, len(moves), stuck, None)
    expected = export.get("state_hash")
    matches = (table.state_hash() == expected) if complete and expected else None
    error = None if matches is not False else f"the final state differs from the file's hash{version_note}"
    return ReplayReport(table, len(moves), error, matches)
