"""What a caller is shown of a table: the table as every answer shows it, and the caller's view."""
from __future__ import annotations

from flask import g

from framework.engine import Table
from framework.store import queries, seating
from framework.store.loading import automatic_seat, seat_of
from framework.store.models import TableRecord, clock

from .access import loaded, viewer_of


def table_json(record: TableRecord, table: Table | None = None) -> dict:
    """The table as every answer shows it; players with their score, score_aux and place (by score,
    then score_aux: null before the game starts)."""
    scores = table.scores() if table else {}
    ranks = table.ranks() if table else {}
    options = {k: v for k, v in record.options.items() if k != "deal"}  # a fixed deal shows every hand
    now = clock()
    shown = {
        "id": record.id, "game": record.game, "status": record.status, "options": options,
        "move": record.move, "seats": record.seats, "creator": record.creator_id,
        "turn_hours": record.turn_hours, "private": record.private,
        "players": [{"id": s.user_id, "name": s.user.name, "seat": s.seat,
                     "score": scores.get(s.user_id, (0, 0))[0], "score_aux": scores.get(s.user_id, (0, 0))[1],
                     "rank": ranks.get(s.user_id), "is_bot": s.user.is_bot,
                     "zombie": s.zombie, "deadline": s.deadline.isoformat() + "Z" if s.deadline else None,
                     "out_of_time": bool(s.deadline and s.deadline <= now)} for s in record.players],
    }
    if record.creator_id == g.get("user_id"):  # whom the table waits for is the creator's business
        shown["reserved"] = seating.reserved_names(record)
    return shown


def view_body(record: TableRecord) -> tuple[dict, int | None]:
    """The caller's view of the table (and the viewer: None for a spectator)."""
    table = loaded(record)
    viewer = viewer_of(record)
    last = queries.last_notification_for(record.id, viewer)
    body = {"table": table_json(record, table), "state": None, "data": None,
            "last_notification": last.seq if last else 0,
            "automatic_pending": bool(table and record.status == "playing"
                                      and automatic_seat(record.players, table))}
    if table is not None:
        seen = table.view(viewer)
        body.update(state=seen["state"], data=seen["data"], progression=seen["progression"],
                    statistics=seen["statistics"])
    if viewer is not None:
        body["you_are_zombie"] = seat_of(record.players, viewer).zombie
        body["you"] = viewer
    if record.hotseat and record.creator_id == g.user_id:
        body["hotseat"] = True  # the client offers a seat switcher
    return body, viewer
