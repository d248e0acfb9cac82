"""What a caller is shown of a table, as the answers state it: the table (`answers.TableInfo`) and the
caller's view (`answers.View`), from a stored table and its engine table.

The table comes in either of its two forms: the `TableRecord` the routes read, or the `LockedTable` a
move held (`moves.Held`); both have the attributes read here.
"""
from __future__ import annotations

from framework.engine import Table
from framework.engine.views import scored_players
from framework.store.levels import request_seat
from framework.store.loading import find_seat
from framework.store.locked import LockedTable
from framework.store.models import TableRecord, clock
from framework.store.seating import reserved_names

NOT_STARTED = {"score": 0, "score_aux": 0, "rank": None}  # a player's standing before the table starts


def table_info(record: TableRecord | LockedTable, table: Table | None, caller: int | None,
               scored: list[dict] | None = None) -> dict:
    """The table as every answer shows it: its settings and its players, with the seat's facts and the
    score, score_aux and rank the engine gives them (`scored`, when the caller has them already)."""
    if scored is None:
        scored = scored_players(table) if table else [NOT_STARTED] * len(record.players)
    now = clock()
    info = {"id": record.id, "game": record.game, "status": record.status,
            "options": {k: v for k, v in record.options.items() if k != "deal"},  # a fixed deal shows every hand
            "move": record.move, "seats": record.seats, "creator": record.creator_id,
            "turn_hours": record.turn_hours, "private": record.private,
            "spectator_chat": record.spectator_chat,
            "players": [{**standing, "id": s.user_id, "name": s.user.name, "seat": s.seat, "is_bot": s.user.is_bot,
                         "zombie": s.zombie, "deadline": s.deadline,
                         "thinking": record.status == "playing" and s.thinking_since is not None,
                         "out_of_time": bool(s.deadline and s.deadline <= now)}
                        for s, standing in zip(record.players, scored, strict=True)]}
    if record.creator_id == caller:  # whom the table waits for is the creator's business
        info["reserved"] = reserved_names(record)
    return info


def view_of(record: TableRecord | LockedTable, table: Table | None, viewer: int | None, caller: int,
            last_notification: int) -> dict:
    """What `viewer` (None: a spectator) sees of the table, asked by `caller` (the hotseat creator may look
    as another seat), up to their notification `last_notification`."""
    view = {"state": None, "data": None, "last_notification": last_notification,
            "automatic_pending": bool(table and record.status == "playing" and request_seat(record.players, table))}
    if table is None:
        view["table"] = table_info(record, None, caller)
    else:
        seen = table.view(viewer)
        view.update(table=table_info(record, table, caller, seen["players"]), state=seen["state"], data=seen["data"],
                    progression=seen["progression"], statistics=seen["statistics"])
    if viewer is not None:
        view.update(you=viewer, you_are_zombie=find_seat(record.players, viewer).zombie)
    if record.hotseat and record.creator_id == caller:
        view["hotseat"] = True  # the client offers a seat switcher
    return view
