"""Tables: lobby, create, join, the caller's view, actions, notifications, log, replay, export.

GETs only read (presence, `last_seen`, is bookkeeping written on the view and notification polls).
Every move goes through `framework.store.moves`: a player's action, and the bots' and zombies'
turns after it, after seating or leaving, or on `POST /continue`.
"""
from __future__ import annotations

from flask import Blueprint, current_app, g, jsonify, request

from framework.engine import Table
from framework.store import chat as talk
from framework.store import moves, queries, seating, turns
from framework.store.errors import NotFound
from framework.store.loading import (
    automatic_seat,
    engine_players,
    game_class,
    load_engine_table,
    may_see,
    seat_of,
)
from framework.store.models import TableRecord, clock
from framework.store.outbox import render_log
from framework.store.presence import mark_seen
from framework.store.replays import fork_table

from . import answers, new_table, schemas
from .auth import authenticate, current_user, login_required, required_token
from .errors import ApiError
from .openapi import documented
from .schemas import (
    MAX_ID,
    Bots,
    ChatPost,
    ChatQuery,
    Fork,
    GameName,
    Join,
    JoinByCode,
    LobbyQuery,
    NotificationQuery,
    ReplayQuery,
    hotseat_player,
    json_body,
    load_body,
    load_query,
)

bp = Blueprint("tables", __name__, url_prefix="/api")


def games() -> dict:
    return current_app.extensions["games"]


def dev_mode() -> bool:
    return bool(current_app.config.get("TESTING") or current_app.config.get("DEV_MODE"))


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


def me_at(record: TableRecord) -> int:
    """The caller, or on a hotseat table the seat its creator acts for (`?as=<player id>`)."""
    return seating.acting_user(record, g.user_id, hotseat_player())


def visible_table(table_id: int) -> TableRecord:
    """The table, if the caller may know it exists: a private one is for its players, its creator and
    the users it waits for; to anyone else it is a 404, like a table that never was."""
    record = queries.get_table(table_id)
    if not may_see(record, g.user_id):
        raise NotFound(f"There is no table {table_id}.")  # word for word what a missing table answers
    return record


def own_table(record: TableRecord, user_id: int) -> bool:
    """The caller plays at this table, or created it as a hotseat table (every seat is theirs)."""
    return seat_of(record.players, user_id) is not None or (record.hotseat and record.creator_id == user_id)


def viewer_of(record: TableRecord) -> int | None:
    """The caller's player id if seated; None (a spectator) otherwise."""
    me = me_at(record)
    return me if seat_of(record.players, me) else None


def loaded(record: TableRecord) -> Table | None:
    return load_engine_table(record, games()) if record.snapshot is not None else None


@bp.get("/tables")
@documented("The lobby", answer=(200, answers.TableList), errors=(400, 401), query=schemas.LobbyQuery)
@login_required
def lobby():
    load_query(LobbyQuery())  # status=open, the only list there is
    return jsonify({"tables": [table_json(r) for r in queries.open_tables()]})


@bp.post("/tables")
@documented("Create a table", answer=(201, answers.TableInfo), errors=(400, 401, 403, 404),
            body=lambda app: new_table.described_bodies(app.extensions["games"]))
@login_required
def create():
    raw = json_body()
    game_cls = game_class(games(), load_body(GameName(), {"game": raw.get("game")})["game"])
    body = load_body(new_table.schema_for(game_cls, raw.get("players")), raw)
    options = body["options"] if "options" in raw else game_cls.load_options({})  # the defaults, loaded
    if not dev_mode() and (body["seed"] is not None or "deal" in (raw.get("options") or {}) or body["hotseat"]):
        raise ApiError(403, "dev_mode_only", "Fixed deals, seeds and hotseat tables are for testing and "
                       "development mode.")
    turn_hours = body["turn_hours"] if body["turn_hours"] is not None else options.get("turn_hours", 0)
    record = seating.create_table(game_cls, current_user(), options, body["seed"], body["players"],
                                turn_hours=turn_hours, private=body["private"], reserved=body["reserved"],
                                hotseat=body["hotseat"])
    table = table_json(record, loaded(record))
    if record.private:
        table["invite_code"] = record.invite_code  # the creator's to share; never in other views
    return jsonify(table), 201


@bp.post("/tables/<id:table_id>/join")
@documented("Take a free seat", answer=(200, answers.TableInfo), errors=(400, 401, 403, 404, 409), body=schemas.Join)
@login_required
def join(table_id: int):
    record = seating.join_table(table_id, current_user(), games(), load_body(Join())["code"])
    return after_seating(record)


@bp.post("/join")
@documented("Join a private table by code", answer=(200, answers.TableInfo),
            errors=(400, 401, 403, 404, 409), body=schemas.JoinByCode)
@login_required
def join_by_code():
    """Join a private table with the invitation code its creator shared."""
    code = load_body(JoinByCode())["code"]
    record = seating.join_table(queries.table_for_code(code).id, current_user(), games(), code)
    return after_seating(record)


@bp.post("/tables/<id:table_id>/bots")
@documented("Fill free seats with bots", answer=(200, answers.TableInfo),
            errors=(400, 401, 403, 404, 409), body=schemas.Bots)
@login_required
def bots(table_id: int):
    body = load_body(Bots())
    visible_table(table_id)
    record = seating.add_bots(table_id, current_user(), body["count"], body["level"], games())
    return after_seating(record)


def after_seating(record: TableRecord):
    """Once the last seat fills, bots who must start the game do so (bounded)."""
    if record.status == "playing":
        moves.play_automatic(record.id, games())
        record = queries.get_table(record.id)
    return jsonify(table_json(record, loaded(record)))


@bp.post("/tables/<id:table_id>/leave")
@documented("Leave: the zombie plays", answer=(200, answers.Ok), errors=(401, 404, 409))
@login_required
def leave(table_id: int):
    visible_table(table_id)
    turns.leave_table(table_id, g.user_id, games())
    moves.play_automatic(table_id, games())
    return jsonify({"ok": True})


@bp.post("/tables/<id:table_id>/return")
@documented("Take the seat back", answer=(200, answers.Ok), errors=(401, 404, 409))
@login_required
def come_back(table_id: int):
    """Take your seat back from the zombie."""
    visible_table(table_id)
    turns.return_to_table(table_id, g.user_id, games())
    return jsonify({"ok": True})


@bp.get("/tables/<id:table_id>/chat")
@documented("Table chat", answer=(200, answers.ChatList), errors=(400, 401, 404), query=schemas.ChatQuery)
@login_required
def chat(table_id: int):
    after = load_query(ChatQuery())["after"]
    visible_table(table_id)
    return jsonify({"messages": [talk.message_dict(m) for m in talk.chat_of(table_id, after)]})


@bp.post("/tables/<id:table_id>/chat")
@documented("Say something", answer=(201, answers.Created), errors=(400, 401, 404), body=schemas.ChatPost)
@login_required
def say(table_id: int):
    """Seated players and spectators may chat; the client shows it as text, never as HTML."""
    visible_table(table_id)
    message = talk.post_chat(table_id, g.user_id, load_body(ChatPost())["text"].strip() or "…")
    return jsonify({"id": message.id}), 201


@bp.get("/me/tables")
@documented("My tables, my turn first", answer=(200, answers.TableList), errors=(401,))
@login_required
def my_tables():
    mine = []
    for record in queries.tables_of(g.user_id):
        table = loaded(record)
        entry = table_json(record, table)
        entry["your_turn"] = bool(table and record.status == "playing" and g.user_id in table.active_players())
        last = queries.last_notification_for(record.id, g.user_id)
        entry["last_event"] = render_log(last.log, last.args) if last else None
        mine.append(entry)
    mine.sort(key=lambda t: not t["your_turn"])  # stable: newest first within each group
    return jsonify({"tables": mine})


@bp.get("/tables/<id:table_id>")
@documented("My view of a table", answer=(200, answers.View), errors=(401, 403, 404), hotseat=True)
@login_required
def view(table_id: int):
    """The caller's view. Only reads: bot and zombie turns left over are played on `POST .../continue`."""
    record = visible_table(table_id)
    body, viewer = view_body(record)
    if viewer is not None:
        mark_seen(record.players, viewer)  # presence: bookkeeping, at most every 30 s
    return jsonify(body)


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


def seen_move(args: dict) -> int | None:
    """The `move` an action's body may carry (the move number its sender last saw), taken out of the game's
    arguments; a 400 when it is not a whole number in range."""
    expected = args.pop("move", None)
    if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool)
                                 or not 0 <= expected <= MAX_ID):
        raise ApiError(400, "invalid_arguments", "move: the move number you last saw, a whole number.",
                       fields={"move": ["Not a valid move number."]})
    return expected


@bp.post("/tables/<id:table_id>/actions/<action>")
@documented("Send an action", answer=(200, answers.ActionResult),
            errors=(400, 401, 403, 404, 409, 413, 422), body=schemas.ActionArguments, query=schemas.ActionQuery,
            hotseat=True)
def perform(table_id: int, action: str):
    """One move by the caller (then the bots' and zombies' answers, bounded in time).

    The answer carries the move's own notifications and whether bot or zombie turns are still
    pending; with `?view=true`, also what the page needs to show the result without asking again:
    `catch_up`, the notifications the caller may see from just before the move up to `view`, the
    caller's view after it all. (Opt-in: building them costs more than the move itself, and a bot
    or a script sending moves has no use for them.)
    """
    token = required_token()
    wants_view = load_query(schemas.ActionQuery())["view"]
    args = json_body()
    expected = seen_move(args)
    if "as" in request.args:  # hotseat (development): the seat is found from the caller first
        authenticate()
        actor = moves.Actor(user_id=me_at(queries.get_table(table_id)))
    else:
        # The token is checked inside the move's own transaction: one transaction per move.
        actor = moves.Actor(token=token)
    result = moves.record(table_id, actor, action, args, expected, games())
    answer = {"move": result.move, "notifications": result.notifications, "automatic_pending": result.automatic.pending}
    if not wants_view:
        return jsonify(answer)
    if "as" not in request.args:  # the token was checked by the move: the caller is its player
        g.user_id = result.player
    body, viewer = view_body(queries.get_table(table_id))
    # `after`: the caller's last visible notification before the move. A page that has handed over
    # that one applies `catch_up` and then `view`; one that has not polls as usual.
    last_before = queries.last_notification_for(table_id, viewer, until=result.seq_before)
    after = last_before.seq if last_before else 0
    catch_up = queries.notifications_for(table_id, viewer, after, limit=None, until=body["last_notification"])
    return jsonify({**answer, "view": body, "catch_up": {"after": after, "notifications": catch_up}})


@bp.post("/tables/<id:table_id>/continue")
@documented("Have pending bot and zombie turns played", answer=(200, answers.AutomaticResult),
            errors=(401, 403, 404, 409))
@login_required
def continue_automatic(table_id: int):
    """Play the bot and zombie turns a move left pending (a seated player or the creator; bounded)."""
    played = moves.play_pending(visible_table(table_id), g.user_id, games())
    return jsonify({"played": played.played, "automatic_pending": played.pending})


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
    return jsonify({"notifications": found})


@bp.get("/tables/<id:table_id>/log")
@documented("The move log", answer=(200, answers.MoveLog), errors=(401, 404))
@login_required
def log(table_id: int):
    """The move log. While the game runs, an entry tells no more than the move's notifications told
    everyone: other players' arguments stay hidden, and of a move that told everyone nothing (a
    private call, a confirmation) others see only that a move was made, not by whom or what."""
    record = visible_table(table_id)
    over = record.status == "finished"
    announced = None if over else queries.moves_announced(record.id)
    entries = []
    for m in queries.moves_of(record.id):
        mine = over or m.player_id == g.user_id
        told = mine or m.number in announced
        entries.append({"move": m.number, "player": m.player_id if told else None,
                        "action": m.action if told else None, "args": m.args if mine else None,
                        "time": m.created_at.isoformat() + "Z"})
    return jsonify({"moves": entries})


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
    own = seat_of(record.players, g.user_id)
    if query["seat"] is not None and query["seat"] >= record.seats:  # names what is not there, like a table id
        raise ApiError(404, "not_found", f"There is no seat {query['seat']}: this table has seats 0 to "
                       f"{record.seats - 1}.")
    if record.status != "finished" and (own is None or query["seat"] not in (None, own.seat)):
        raise ApiError(403, "forbidden", "Until the game is over you may replay only your own seat.")
    seat = query["seat"] if query["seat"] is not None else (own.seat if own else None)
    move = record.move if query["move"] is None else min(query["move"], record.move)
    table = queries.replayed(record, games(), until=move)
    viewer = record.players[seat].user_id if seat is not None else None
    seen = table.view(viewer)
    # Once the game is over nothing is secret: the statistics as they stood at move n, for any seat.
    statistics = table.statistics() if record.status == "finished" else None
    return jsonify({"move": move, "seat": seat, "table": table_json(record, table), "state": seen["state"],
                    "data": seen["data"], "progression": seen["progression"], "statistics": statistics})


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
    if not own_table(source, g.user_id):
        raise ApiError(403, "forbidden", "Only the table's players may fork it.")
    if move > source.move:  # names what is not there (yet), like a table id
        raise ApiError(404, "not_found", f"There is no move {move}: this table has {source.move} moves.")
    record = fork_table(source, move, current_user(), games())
    return jsonify(table_json(record, loaded(record))), 201


@bp.get("/tables/<id:table_id>/export")
@documented("The game as one file", answer=(200, answers.Export), errors=(401, 403, 404))
@login_required
def export(table_id: int):
    """One JSON file that rebuilds the game anywhere: it holds the seed, so every hand. After the end
    for anyone who sees the table; before it only in development mode, and only to its own players."""
    record = visible_table(table_id)
    if record.status != "finished" and not (dev_mode() and own_table(record, g.user_id)):
        raise ApiError(403, "forbidden", "The export holds every hand; it is available once the game is over "
                       "(in development mode, to the table's own players at any time).")
    return jsonify({
        "game": record.game, "version": record.game_version, "options": record.options, "seed": record.seed,
        "players": engine_players(record.players),
        "moves": [m.logged().to_json() for m in queries.moves_of(record.id)],
        "move": record.move, "state_hash": record.state_hash,
        "ranking": ranking(record, loaded(record)),
    })


def ranking(record: TableRecord, table: Table | None) -> list[dict]:
    """The players best first: by score, then score_aux (seat order among equals); none before the start."""
    if table is None:
        return []
    scores, ranks = table.scores(), table.ranks()
    return [{"id": s.user_id, "name": s.user.name, "rank": ranks[s.user_id], "score": scores[s.user_id][0],
             "score_aux": scores[s.user_id][1]} for s in sorted(record.players, key=lambda s: ranks[s.user_id])]
