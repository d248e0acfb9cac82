"""A table's history: the move log, the table at move n, a copy from move n (development), the export."""
from __future__ import annotations

from flask import Blueprint, current_app, g

from framework.engine import Table
from framework.engine.views import scored_players
from framework.store import queries
from framework.store.loading import engine_players, find_seat
from framework.store.replays import fork_table

from . import answers, schemas
from .access import dev_mode, games, loaded, plays_at, visible_table
from .answering import answered
from .auth import current_user, login_required
from .errors import ApiError
from .openapi import documented
from .schemas import Fork, LogQuery, ReplayQuery, load_body, load_query
from .table_views import table_info

bp = Blueprint("history", __name__, url_prefix="/api")


OVER = ("finished", "abandoned")  # nothing is secret any more


@bp.get("/tables/<id:table_id>/log")
@documented("The move log, a page at a time", answer=(200, answers.MoveLog), errors=(400, 401, 404),
            query=schemas.LogQuery)
@login_required
def log(table_id: int):
    """The move log, `limit` moves after move `after`; `next` is the `after` of the next page. While the
    game runs, an entry tells no more than the move's notifications told everyone: other players'
    arguments stay hidden, and of a move that told everyone nothing (a private call, a confirmation)
    others see only that a move was made, not by whom or what."""
    query = load_query(LogQuery())
    limit = query["limit"] or min(current_app.config["LOG_PAGE"], schemas.LOG_PAGE_MAX)
    record = visible_table(table_id)
    over = record.status in OVER
    page = queries.moves_of(record.id, after=query["after"], limit=limit)
    announced = None if over or not page else queries.moves_announced(record.id, page[0].number, page[-1].number)
    entries = []
    for m in page:
        mine = over or m.player_id == g.user_id
        told = mine or m.number in announced
        entries.append({"move": m.number, "player": m.player_id if told else None,
                        "action": m.action if told else None, "args": m.args if mine else None, "time": m.created_at})
    more = len(page) == limit and page[-1].number < record.move
    return answered(answers.MoveLog, {"moves": entries, "next": page[-1].number if more else None})


@bp.get("/tables/<id:table_id>/replay")
@documented("The table at move n", answer=(200, answers.View),
            errors=(400, 401, 403, 404, 409), query=schemas.ReplayQuery)
@login_required
def replay_view(table_id: int):
    """The table as a seat saw it after move n: any seat once the game is over, else only your own."""
    query = load_query(ReplayQuery())
    record = visible_table(table_id)
    if record.status == "open":
        raise ApiError(409, "not_started", "This table has not started yet.")
    own = find_seat(record.players, g.user_id)
    if query["seat"] is not None and query["seat"] >= record.seats:  # names what is not there, like a table id
        raise ApiError(404, "not_found", f"There is no seat {query['seat']}: this table has seats 0 to "
                       f"{record.seats - 1}.")
    if record.status not in OVER and (own is None or query["seat"] not in (None, own.seat)):
        raise ApiError(403, "forbidden", "Until the game is over you may replay only your own seat.")
    seat = query["seat"] if query["seat"] is not None else (own.seat if own else None)
    move = record.move if query["move"] is None else min(query["move"], record.move)
    table = queries.replayed(record, games(), until=move)
    viewer = record.players[seat].user_id if seat is not None else None
    seen = table.view(viewer)
    # Once the game is over nothing is secret: the statistics as they stood at move n, for any seat.
    statistics = table.statistics() if record.status in OVER else None
    return answered(answers.View, {"move": move, "seat": seat, "state": seen["state"], "data": seen["data"],
                                   "table": table_info(record, table, g.user_id, seen["players"]),
                                   "progression": seen["progression"], "statistics": statistics})


@bp.post("/tables/<id:table_id>/fork")
@documented("Copy the table at move n (development)", answer=(201, answers.TableInfo),
            errors=(400, 401, 403, 404, 409), body=schemas.Fork)
@login_required
def fork(table_id: int):
    """Development: a new hotseat table replayed to move n of this one, to try another line of play.
    The caller holds every seat of it (`?as=<player id>`); the original players are not seated."""
    if not dev_mode():
        raise ApiError(403, "dev_mode_only", "Forking a table is for development mode.")
    move = load_body(Fork())["move"]
    source = visible_table(table_id)
    if not plays_at(source, g.user_id):
        raise ApiError(403, "forbidden", "Only the table's players may fork it.")
    if move > source.move:  # names what is not there (yet), like a table id
        raise ApiError(404, "not_found", f"There is no move {move}: this table has {source.move} moves.")
    record = fork_table(source, move, current_user(), games())
    return answered(answers.TableInfo, table_info(record, loaded(record), g.user_id), 201)


@bp.get("/tables/<id:table_id>/export")
@documented("The game as one file", answer=(200, answers.Export), errors=(401, 403, 404))
@login_required
def export(table_id: int):
    """One JSON file that rebuilds the game anywhere: it holds the seed, so every hand. After the end
    for anyone who sees the table; before it only in development mode, and only to its own players."""
    record = visible_table(table_id)
    if record.status not in OVER and not (dev_mode() and plays_at(record, g.user_id)):
        raise ApiError(403, "forbidden", "The export holds every hand; it is available once the game is over "
                       "(in development mode, to the table's own players at any time).")
    return answered(answers.Export, {
        "game": record.game, "version": record.game_version, "options": record.options, "seed": record.seed,
        "players": engine_players(record.players),
        "moves": [m.logged().to_json() for m in queries.moves_of(record.id)],
        "move": record.move, "state_hash": record.state_hash, "ranking": ranking(loaded(record)),
    })


def ranking(table: Table | None) -> list[dict]:
    """The players best first: by score, then score_aux (seat order among equals); none before the start."""
    return sorted(scored_players(table), key=lambda player: player["rank"]) if table else []
