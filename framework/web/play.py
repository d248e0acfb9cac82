"""Play: the caller's view, an action, pending bot turns, the notifications after a seq.

GETs only read (presence, `last_seen`, is bookkeeping written on the view and notification polls).
Every move goes through `framework.store.moves`: a player's action, and the bots' and zombies'
turns after it, after seating or leaving, or on `POST /continue`.
"""
from __future__ import annotations

from flask import Blueprint, g, request

from framework.store import moves, queries
from framework.store.presence import mark_seen

from . import answers, schemas
from .access import acting_as, games, loaded, seen_move, viewer_of, visible_table
from .answering import answered
from .auth import authenticate, login_required, required_token
from .openapi import documented
from .schemas import NotificationQuery, json_body, load_query
from .table_views import view_of

bp = Blueprint("play", __name__, url_prefix="/api")
ACTION_QUERY = schemas.ActionQuery()  # made once: making a schema costs more than a move's answer


@bp.get("/tables/<id:table_id>")
@documented("My view of a table", answer=(200, answers.View), errors=(401, 403, 404), hotseat=True)
@login_required
def view(table_id: int):
    """The caller's view. Only reads: bot and zombie turns left over are played on `POST .../continue`."""
    record = visible_table(table_id)
    viewer = viewer_of(record)
    last = queries.last_notification_for(record.id, viewer)
    body = view_of(record, loaded(record), viewer, g.user_id, last.seq if last else 0)
    if viewer is not None:
        mark_seen(record.players, viewer)  # presence: bookkeeping, at most every 30 s
    return answered(answers.View, body)


@bp.post("/tables/<id:table_id>/actions/<action>")
@documented("Send an action", answer=(200, answers.ActionResult),
            errors=(400, 401, 403, 404, 409, 413, 422), body=schemas.ActionArguments, query=schemas.ActionQuery,
            hotseat=True)
def perform(table_id: int, action: str):
    """One move by the caller (then the bots' and zombies' answers, bounded in time).

    The answer carries the move's own notifications and whether bot or zombie turns are still
    pending; with `?view=true`, also what the page needs to show the result without asking again:
    `catch_up`, the notifications the caller may see from just before the move up to `view`, the
    caller's view after it all, both from what the move service held (opt-in: a bot or a script
    sending moves has no use for them).
    """
    token = required_token()
    wants_view = load_query(ACTION_QUERY)["view"]
    args = json_body()
    expected = seen_move(args)
    result = moves.make_move(table_id, caller_of(table_id, token), action, args, expected, games(), catch_up=wants_view)
    answer = {"move": result.move, "notifications": result.notifications, "automatic_pending": result.automatic.pending}
    if wants_view:
        # A page that has handed over the caller's last notification before the move
        # (`catch_up.after`) applies `catch_up` and then `view`; one that has not polls as usual.
        caller = g.user_id if "as" in request.args else result.player  # the move checked the token
        held, seen = result.held, result.seen
        answer.update(view=view_of(held.row, held.table, result.player, caller, seen.last), catch_up=seen)
    return answered(answers.ActionResult, answer)


def caller_of(table_id: int, token: str) -> moves.Caller:
    """Who calls for the move: the token's user, checked inside the move's own transaction (one transaction
    per move); on a hotseat table, with `?as=`, the seat its creator acts for, found first."""
    if "as" not in request.args:
        return moves.Caller(token=token)
    authenticate()
    return moves.Caller(user_id=acting_as(visible_table(table_id)))  # a private table's 404 before any 403


@bp.post("/tables/<id:table_id>/continue")
@documented("Have pending bot and zombie turns played", answer=(200, answers.AutomaticResult),
            errors=(401, 403, 404, 409))
@login_required
def continue_automatic(table_id: int):
    """Play the bot and zombie turns a move left pending (a seated player or the creator; bounded).

    An expert's turn is the bot runner's: the answer says so (`runner_pending`) rather than 409, which
    is kept for a table where no automatic turn at all is due."""
    played = moves.play_pending(visible_table(table_id), g.user_id, games())
    return answered(answers.AutomaticResult, {"played": played.played, "automatic_pending": played.pending,
                                              "runner_pending": played.runner_pending})


@bp.get("/tables/<id:table_id>/notifications")
@documented("What I may see, after a seq", answer=(200, answers.NotificationList),
            errors=(400, 401, 403, 404), query=schemas.NotificationQuery, hotseat=True)
@login_required
def notifications(table_id: int):
    after = load_query(NotificationQuery())["after"]
    record = visible_table(table_id)
    viewer = viewer_of(record)
    found = queries.notifications_for(table_id, viewer, after)
    if viewer is not None:
        mark_seen(record.players, viewer)
    return answered(answers.NotificationList, {"notifications": found})
