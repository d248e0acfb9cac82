"""Tables: lobby, create, join, the caller's view, actions, notifications, log, replay, export."""
from __future__ import annotations

from flask import Blueprint, current_app, g, jsonify
from marshmallow import ValidationError

from framework.engine import Table
from framework.store import tables as store
from framework.store.models import GameTable

from .auth import login_required
from .errors import ApiError
from .schemas import LobbyQuery, NewTable, NotificationQuery, ReplayQuery, json_body, load_body, load_query

bp = Blueprint("tables", __name__, url_prefix="/api")


def games() -> dict:
    return current_app.extensions["games"]


def dev_mode() -> bool:
    return bool(current_app.config.get("TESTING") or current_app.config.get("DEV_MODE"))


def table_json(record: GameTable, table: Table | None = None) -> dict:
    scores = table.scores() if table else {}
    options = {k: v for k, v in record.options.items() if k != "deal"}  # a fixed deal shows every hand
    return {
        "id": record.id, "game": record.game, "status": record.status, "options": options,
        "move": record.move, "seats": record.seats, "creator": record.creator_id,
        "players": [{"id": s.user_id, "name": s.user.name, "seat": s.seat,
                     "score": scores.get(s.user_id, (0, 0))[0], "is_bot": s.user.is_bot,
                     "zombie": s.zombie, "deadline": None} for s in record.players],
    }


def viewer_of(record: GameTable) -> int | None:
    """The caller's player id if seated; None (a spectator) otherwise."""
    return g.user_id if store.seat_of(record, g.user_id) else None


def loaded(record: GameTable) -> Table | None:
    return store.load_engine_table(record, games()) if record.snapshot is not None else None


@bp.get("/tables")
@login_required
def lobby():
    query = load_query(LobbyQuery())
    if query["status"] != "open":
        raise ApiError(400, "invalid_arguments", "status: only open tables are listed in the lobby.")
    return jsonify({"tables": [table_json(r) for r in store.open_tables()]})


@bp.post("/tables")
@login_required
def create():
    body = load_body(NewTable())
    game_cls = store.game_class(games(), body["game"])
    if not dev_mode() and (body["seed"] is not None or "deal" in body["options"]):
        raise ApiError(403, "dev_mode_only", "Fixed deals and seeds are for testing and development mode.")
    try:
        options = game_cls.load_options(body["options"])
    except ValidationError as err:
        raise ValidationError({"options": err.messages}) from None
    record = store.create_table(game_cls, g.user, options, body["seed"], body["players"])
    return jsonify(table_json(record, loaded(record))), 201


@bp.post("/tables/<int:table_id>/join")
@login_required
def join(table_id: int):
    record = store.join_table(table_id, g.user, games())
    return jsonify(table_json(record, loaded(record)))


@bp.get("/me/tables")
@login_required
def my_tables():
    mine = []
    for record in store.tables_of(g.user_id):
        table = loaded(record)
        entry = table_json(record, table)
        entry["your_turn"] = bool(table and record.status == "playing" and g.user_id in table.active_players())
        mine.append(entry)
    mine.sort(key=lambda t: not t["your_turn"])  # stable: newest first within each group
    return jsonify({"tables": mine})


@bp.get("/tables/<int:table_id>")
@login_required
def view(table_id: int):
    record = store.get_table(table_id)
    viewer = viewer_of(record)
    table = loaded(record)
    body = {"table": table_json(record, table), "state": None, "data": None,
            "last_notification": store.last_seq_for(record, viewer)}
    if table is not None:
        seen = table.view(viewer)
        body.update(state=seen["state"], data=seen["data"], progression=seen["progression"])
    return jsonify(body)


@bp.post("/tables/<int:table_id>/actions/<action>")
@login_required
def perform(table_id: int, action: str):
    args = json_body()
    expected = args.pop("move", None)
    if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool) or expected < 0):
        raise ApiError(400, "invalid_arguments", "move: the move number you last saw, a whole number.",
                       fields={"move": ["Not a valid move number."]})
    result = store.act(table_id, g.user_id, action, args, expected, games())
    return jsonify({"move": result.move, "notifications": result.notifications})


@bp.get("/tables/<int:table_id>/notifications")
@login_required
def notifications(table_id: int):
    after = load_query(NotificationQuery())["after"]
    record = store.get_table(table_id)
    return jsonify({"notifications": store.notifications_for(record, viewer_of(record), after)})


@bp.get("/tables/<int:table_id>/log")
@login_required
def log(table_id: int):
    """The move log; while the game runs, the arguments of other players' moves stay hidden."""
    record = store.get_table(table_id)
    over = record.status == "finished"
    return jsonify({"moves": [{"move": m.number, "player": m.player_id, "action": m.action,
                               "args": m.args if over or m.player_id == g.user_id else None,
                               "time": m.created_at.isoformat() + "Z"} for m in store.moves_of(record)]})


@bp.get("/tables/<int:table_id>/replay")
@login_required
def replay_view(table_id: int):
    """The table as a seat saw it after move n: any seat once the game is over, else only your own."""
    query = load_query(ReplayQuery())
    record = store.get_table(table_id)
    if record.status == "open":
        raise ApiError(409, "not_started", "This table has not started yet.")
    own = store.seat_of(record, g.user_id)
    if query["seat"] is not None and query["seat"] >= record.seats:
        raise ApiError(400, "invalid_arguments", f"seat: this table has seats 0 to {record.seats - 1}.")
    if record.status != "finished" and (own is None or query["seat"] not in (None, own.seat)):
        raise ApiError(403, "forbidden", "Until the game is over you may replay only your own seat.")
    seat = query["seat"] if query["seat"] is not None else (own.seat if own else None)
    move = record.move if query["move"] is None else min(query["move"], record.move)
    table = store.replayed(record, games(), until=move)
    viewer = record.players[seat].user_id if seat is not None else None
    seen = table.view(viewer)
    return jsonify({"move": move, "seat": seat, "table": table_json(record, table), "state": seen["state"],
                    "data": seen["data"]})


@bp.get("/tables/<int:table_id>/export")
@login_required
def export(table_id: int):
    """One JSON file that rebuilds the game anywhere: it holds the seed, so only after the end."""
    record = store.get_table(table_id)
    if record.status != "finished" and not dev_mode():
        raise ApiError(403, "forbidden", "The export holds every hand; it is available once the game is over.")
    return jsonify({
        "game": record.game, "version": record.game_version, "options": record.options, "seed": record.seed,
        "players": store.engine_players(record),
        "moves": [{"player": m.player_id, "action": m.action, "args": m.args} for m in store.moves_of(record)],
        "move": record.move, "state_hash": record.state_hash,
    })
