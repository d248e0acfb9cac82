"""A move described before it is sent: `POST /api/tables/<id>/describe/<action>`.

A page asks while the player builds a move (the cards selected so far) and shows the answer: what
the move is, in the game's words ("Full house, 3s over Ks"), and why it would be refused now ("Stairs
are pairs of consecutive ranks"), from the game's own rules, so no page judges a move itself. Any game
can answer by writing `Game.describe_move`; for one that does not, only the framework's own checks
are said (another state, not your turn). Only a seated player asks, about their own move; the game
reads only what that player may see, and nothing is applied (a POST only because a move's arguments
are JSON, as the action's own are).
"""
from __future__ import annotations

from flask import Blueprint

from framework.engine import NotAPlayer, NotPlaying

from . import answers
from .access import loaded, seen_move, viewer_of, visible_table
from .answering import answered
from .auth import login_required
from .openapi import documented
from .schemas import ActionArguments, json_body

bp = Blueprint("describe", __name__, url_prefix="/api")


@bp.post("/tables/<id:table_id>/describe/<action>")
@documented("What a move would be, and why it would be refused now (nothing is applied)",
            answer=(200, answers.Description), errors=(400, 401, 403, 404, 409, 413), body=ActionArguments,
            hotseat=True)
@login_required
def describe(table_id: int, action: str):
    record = visible_table(table_id)
    viewer = viewer_of(record)
    if viewer is None:
        raise NotAPlayer("Only the table's players describe their moves.")
    table = loaded(record)
    if table is None or record.status != "playing":
        raise NotPlaying("The table is not being played.")
    args = json_body()
    seen_move(args)  # checked as an action's is, though a description does not depend on it
    return answered(answers.Description, table.describe(viewer, action, args))
