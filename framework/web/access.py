"""The lookups every table route shares: which table the caller may see, as whom they act and look,
the table loaded into the engine, the `move` an action's body may carry, and the server's settings.

A table the caller may not know of is a 404 here, worded as for a table that never was; each route
adds only its own refusals.
"""
from __future__ import annotations

from flask import current_app, g

from framework.engine import Game, Table
from framework.store import queries
from framework.store.errors import NotFound
from framework.store.loading import find_seat, load_engine_table, may_see
from framework.store.models import TableRecord
from framework.store.seating import acting_user

from .errors import ApiError
from .schemas import MAX_ID, hotseat_player


def games() -> dict[str, type[Game]]:
    """The game plugins this server serves, by name."""
    return current_app.extensions["games"]


def dev_mode() -> bool:
    """Testing or development mode: fixed deals, seeds, hotseat tables, forks and early exports."""
    return bool(current_app.config.get("TESTING") or current_app.config.get("DEV_MODE"))


def visible_table(table_id: int) -> TableRecord:
    """The table, if the caller may know it exists: a private one is for its players, its creator and
    the users it waits for; to anyone else it is a 404, like a table that never was."""
    record = queries.get_table(table_id)
    if not may_see(record, g.user_id):
        raise NotFound(f"There is no table {table_id}.")  # word for word what a missing table answers
    return record


def acting_as(record: TableRecord) -> int:
    """Whom the caller acts and looks as: themselves, or on a hotseat table of theirs the player
    `?as=<player id>` names (a 403 for anyone else's `as`, a 404 for a player who does not sit there)."""
    return acting_user(record, g.user_id, hotseat_player())


def viewer_of(record: TableRecord) -> int | None:
    """The player the caller looks as (`acting_as`) if seated; None (a spectator) otherwise."""
    me = acting_as(record)
    return me if find_seat(record.players, me) else None


def plays_at(record: TableRecord, user_id: int) -> bool:
    """The user plays at this table, or created it as a hotseat table (every seat is theirs)."""
    return find_seat(record.players, user_id) is not None or (record.hotseat and record.creator_id == user_id)


def loaded(record: TableRecord) -> Table | None:
    """The table in the engine, as stored; None before it starts."""
    return load_engine_table(record, games()) if record.snapshot is not None else None


def seen_move(args: dict) -> int | None:
    """The `move` an action's body may carry (the move number its sender last saw), taken out of the game's
    arguments; a 400 when it is not a whole number in range."""
    expected = args.pop("move", None)
    if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool)
                                 or not 0 <= expected <= MAX_ID):
        raise ApiError(400, "invalid_arguments", "move: the move number you last saw, a whole number.",
                       fields={"move": ["Not a valid move number."]})
    return expected
