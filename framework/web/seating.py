"""Seating: the lobby, creating a table, joining it (open, by code), bots, leaving and coming back,
my tables. A table starts when its last seat fills; the bots who must open it then play (bounded)."""
from __future__ import annotations

from flask import Blueprint, current_app, g

from framework.store import moves, queries, turns
from framework.store.loading import game_class
from framework.store.models import TableRecord
from framework.store.outbox import render_log
from framework.store.seating import add_bots, create_table, join_table

from . import answers, new_table, schemas
from .access import dev_mode, games, loaded, visible_table
from .answering import answered
from .auth import current_user, login_required
from .errors import ApiError
from .limits import take_new_table
from .openapi import documented
from .schemas import Bots, GameName, Join, JoinByCode, LobbyQuery, json_body, load_body, load_query
from .table_views import table_info

bp = Blueprint("seating", __name__, url_prefix="/api")


@bp.get("/tables")
@documented("The lobby", answer=(200, answers.TableList), errors=(400, 401), query=schemas.LobbyQuery)
@login_required
def lobby():
    load_query(LobbyQuery())  # status=open, the only list there is
    return answered(answers.TableList, {"tables": [table_info(r, None, g.user_id) for r in queries.open_tables()]})


@bp.post("/tables")
@documented("Create a table", answer=(201, answers.TableInfo), errors=(400, 401, 403, 404, 409, 429),
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
    take_new_table()
    record = create_table(game_cls, current_user(), options, body["seed"], body["players"],
                          turn_hours=body["turn_hours"], private=body["private"], reserved=body["reserved"],
                          hotseat=body["hotseat"], max_open=current_app.config["MAX_OPEN_TABLES"],
                          spectator_chat=body["spectator_chat"], bots=body.get("bots"))
    if record.status == "playing" and body.get("bots"):  # the quick bots who open the game do so (bounded)
        moves.play_automatic(record.id, games())
        record = queries.get_table(record.id)
    table = table_info(record, loaded(record), g.user_id)
    if record.private:
        table["invite_code"] = record.invite_code  # the creator's to share; never in other views
    return answered(answers.TableInfo, table, 201)


@bp.post("/tables/<id:table_id>/join")
@documented("Take a free seat", answer=(200, answers.TableInfo), errors=(400, 401, 403, 404, 409), body=schemas.Join)
@login_required
def join(table_id: int):
    record = join_table(table_id, current_user(), games(), load_body(Join())["code"])
    return after_seating(record)


@bp.post("/join")
@documented("Join a private table by code", answer=(200, answers.TableInfo),
            errors=(400, 401, 403, 404, 409), body=schemas.JoinByCode)
@login_required
def join_by_code():
    """Join a private table with the invitation code its creator shared."""
    code = load_body(JoinByCode())["code"]
    record = join_table(queries.table_for_code(code).id, current_user(), games(), code)
    return after_seating(record)


@bp.post("/tables/<id:table_id>/bots")
@documented("Fill free seats with bots", answer=(200, answers.TableInfo),
            errors=(400, 401, 403, 404, 409), body=schemas.Bots)
@login_required
def bots(table_id: int):
    body = load_body(Bots())
    visible_table(table_id)
    record = add_bots(table_id, current_user(), body["count"], body["level"], games())
    return after_seating(record)


def after_seating(record: TableRecord):
    """Once the last seat fills, bots who must start the game do so (bounded)."""
    if record.status == "playing":
        moves.play_automatic(record.id, games())
        record = queries.get_table(record.id)
    return answered(answers.TableInfo, table_info(record, loaded(record), g.user_id))


@bp.post("/tables/<id:table_id>/leave")
@documented("Leave: the zombie plays", answer=(200, answers.Ok), errors=(401, 404, 409))
@login_required
def leave(table_id: int):
    visible_table(table_id)
    turns.leave_table(table_id, g.user_id, games())
    moves.play_automatic(table_id, games())
    return answered(answers.Ok, {"ok": True})


@bp.post("/tables/<id:table_id>/return")
@documented("Take the seat back", answer=(200, answers.Ok), errors=(401, 404, 409))
@login_required
def come_back(table_id: int):
    """Take your seat back from the zombie."""
    visible_table(table_id)
    turns.return_to_table(table_id, g.user_id, games())
    return answered(answers.Ok, {"ok": True})


@bp.get("/me/tables")
@documented("My tables, my turn first", answer=(200, answers.TableList), errors=(401,))
@login_required
def my_tables():
    mine = []
    for record in queries.tables_of(g.user_id):
        table = loaded(record)
        entry = table_info(record, table, g.user_id)
        entry["your_turn"] = bool(table and record.status == "playing" and g.user_id in table.active_players())
        last = queries.last_notification_for(record.id, g.user_id)
        entry["last_event"] = render_log(last.log, last.args) if last else None
        mine.append(entry)
    mine.sort(key=lambda t: not t["your_turn"])  # stable: newest first within each group
    return answered(answers.TableList, {"tables": mine})
