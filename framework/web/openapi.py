"""The OpenAPI description of the whole HTTP API, made from the same marshmallow schemas."""
from __future__ import annotations

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Blueprint, jsonify
from marshmallow import Schema, fields, validate

from . import schemas as requests

bp = Blueprint("openapi", __name__, url_prefix="/api")


class ErrorBody(Schema):
    code = fields.String(required=True)
    message = fields.String(required=True)
    field_messages = fields.Dict(data_key="fields",
                                 metadata={"description": "invalid arguments: the messages for each field"})
    move = fields.Integer(metadata={"description": "stale move: the table's move number now"})


class Error(Schema):
    error = fields.Nested(ErrorBody, required=True)


class Token(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    token = fields.String(required=True)


class Me(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    email = fields.String(allow_none=True)
    webhook_url = fields.String(allow_none=True)
    notify_email = fields.Boolean()
    notify_webhook = fields.Boolean()


class Ok(Schema):
    ok = fields.Boolean(required=True)


class Player(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    seat = fields.Integer(required=True)
    score = fields.Integer(required=True)
    is_bot = fields.Boolean(required=True)
    zombie = fields.Boolean(required=True)
    deadline = fields.String(allow_none=True)
    out_of_time = fields.Boolean()


class TableInfo(Schema):
    id = fields.Integer(required=True)
    game = fields.String(required=True)
    status = fields.String(required=True)
    options = fields.Dict(required=True)
    move = fields.Integer(required=True)
    seats = fields.Integer(required=True)
    creator = fields.Integer()
    turn_hours = fields.Integer()
    private = fields.Boolean()
    reserved = fields.List(fields.String())
    players = fields.List(fields.Nested(Player), required=True)
    invite_code = fields.String()
    your_turn = fields.Boolean()
    last_event = fields.String(allow_none=True)


class TableList(Schema):
    tables = fields.List(fields.Nested(TableInfo), required=True)


class StateInfo(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    type = fields.String(required=True)
    description = fields.String(required=True)
    active_players = fields.List(fields.Integer(), required=True)
    args = fields.Dict(required=True)
    possible_actions = fields.List(fields.String(), required=True)


class View(Schema):
    table = fields.Nested(TableInfo, required=True)
    state = fields.Nested(StateInfo, allow_none=True, required=True)
    data = fields.Raw(allow_none=True, required=True)
    last_notification = fields.Integer()
    progression = fields.Integer()
    you = fields.Integer()
    you_are_zombie = fields.Boolean()
    hotseat = fields.Boolean()
    move = fields.Integer()
    seat = fields.Integer(allow_none=True)
    automatic_pending = fields.Boolean(metadata={"description": "bot or zombie turns wait: POST .../continue"})


class NotificationOut(Schema):
    seq = fields.Integer(required=True)
    move = fields.Integer(required=True)
    type = fields.String(required=True)
    log = fields.String(required=True)
    args = fields.Dict(required=True)
    private = fields.Boolean(required=True)


class CatchUp(Schema):
    after = fields.Integer(required=True, metadata={"description": "the caller's last seq before the move"})
    notifications = fields.List(fields.Nested(NotificationOut), required=True,
                                metadata={"description": "what the caller may see after `after`, up to the view"})


class ActionResult(Schema):
    move = fields.Integer(required=True)
    notifications = fields.List(fields.Nested(NotificationOut), required=True,
                                metadata={"description": "what the caller may see of this move"})
    automatic_pending = fields.Boolean(required=True,
                                       metadata={"description": "bot or zombie turns wait: POST .../continue"})
    view = fields.Nested(View, required=True, metadata={"description": "the caller's view after the move"})
    catch_up = fields.Nested(CatchUp, required=True)


class AutomaticResult(Schema):
    played = fields.Integer(required=True)
    automatic_pending = fields.Boolean(required=True)


class NotificationList(Schema):
    notifications = fields.List(fields.Nested(NotificationOut), required=True)


class LoggedMove(Schema):
    move = fields.Integer(required=True)
    player = fields.Integer(required=True)
    action = fields.String(required=True)
    args = fields.Dict(allow_none=True, required=True)
    time = fields.String(required=True)


class MoveLog(Schema):
    moves = fields.List(fields.Nested(LoggedMove), required=True)


class Export(Schema):
    game = fields.String(required=True)
    version = fields.Integer(required=True)
    options = fields.Dict(required=True)
    seed = fields.String(required=True)
    players = fields.List(fields.Dict(), required=True)
    moves = fields.List(fields.Dict(), required=True)
    move = fields.Integer(required=True)
    state_hash = fields.String(allow_none=True, required=True)


class ChatMessageOut(Schema):
    id = fields.Integer(required=True)
    player = fields.Integer(required=True)
    name = fields.String(required=True)
    text = fields.String(required=True)
    time = fields.String(required=True)


class ChatList(Schema):
    messages = fields.List(fields.Nested(ChatMessageOut), required=True)


class Created(Schema):
    id = fields.Integer(required=True)


class GameList(Schema):
    games = fields.List(fields.Dict(), required=True)


DiagramQuery = Schema.from_dict({"format": fields.String(validate=validate.OneOf(["svg", "dot", "mermaid"]))},
                               name="DiagramQuery")

ACTION_ARGS = Schema.from_dict({"move": fields.Integer(validate=validate.Range(min=0),
                                                      metadata={"description": "the move number last seen"})},
                               name="ActionArguments")

# (path, method, summary, body schema, query schema, answer schema, status codes besides 200/201)
OPERATIONS = [
    ("/api/users", "post", "Register", requests.Credentials, None, (201, Token), [400, 409]),
    ("/api/login", "post", "Log in", requests.Credentials, None, (200, Token), [400, 401, 429]),
    ("/api/logout", "post", "Log out (revoke this token)", None, None, (200, Ok), [401]),
    ("/api/me", "get", "My settings", None, None, (200, Me), [401]),
    ("/api/me", "patch", "Change where 'your turn' goes", requests.Settings, None, (200, Me), [400, 401]),
    ("/api/games", "get", "The game plugins", None, None, (200, GameList), []),
    ("/api/games/{name}/diagram", "get", "A game's state machine (SVG, dot or Mermaid text)", None, DiagramQuery,
     (200, None), [400, 404, 409]),
    ("/api/tables", "get", "The lobby", None, requests.LobbyQuery, (200, TableList), [400, 401]),
    ("/api/tables", "post", "Create a table", requests.NewTable, None, (201, TableInfo), [400, 401, 403, 404]),
    ("/api/me/tables", "get", "My tables, my turn first", None, None, (200, TableList), [401]),
    ("/api/join", "post", "Join a private table by code", requests.JoinByCode, None, (200, TableInfo),
     [400, 401, 403, 404, 409]),
    ("/api/tables/{table_id}", "get", "My view of a table", None, None, (200, View), [401, 403, 404]),
    ("/api/tables/{table_id}/join", "post", "Take a free seat", requests.Join, None, (200, TableInfo),
     [400, 401, 403, 404, 409]),
    ("/api/tables/{table_id}/bots", "post", "Fill free seats with bots", requests.Bots, None, (200, TableInfo),
     [400, 401, 403, 404, 409]),
    ("/api/tables/{table_id}/leave", "post", "Leave: the zombie plays", None, None, (200, Ok), [401, 404, 409]),
    ("/api/tables/{table_id}/return", "post", "Take the seat back", None, None, (200, Ok), [401, 404, 409]),
    ("/api/tables/{table_id}/actions/{action}", "post", "Send an action", ACTION_ARGS, None,
     (200, ActionResult), [400, 401, 403, 404, 409, 413, 422]),
    ("/api/tables/{table_id}/continue", "post", "Have pending bot and zombie turns played", None, None,
     (200, AutomaticResult), [401, 403, 404, 409]),
    ("/api/tables/{table_id}/notifications", "get", "What I may see, after a seq", None,
     requests.NotificationQuery, (200, NotificationList), [400, 401, 403, 404]),
    ("/api/tables/{table_id}/log", "get", "The move log", None, None, (200, MoveLog), [401, 404]),
    ("/api/tables/{table_id}/replay", "get", "The table at move n", None, requests.ReplayQuery, (200, View),
     [400, 401, 403, 404, 409]),
    ("/api/tables/{table_id}/export", "get", "The game as one file", None, None, (200, Export), [401, 403, 404]),
    ("/api/tables/{table_id}/fork", "post", "Copy the table at move n (development)", requests.Fork, None,
     (201, TableInfo), [400, 401, 403, 404]),
    ("/api/tables/{table_id}/chat", "get", "Table chat", None, requests.ChatQuery, (200, ChatList),
     [400, 401, 404]),
    ("/api/tables/{table_id}/chat", "post", "Say something", requests.ChatPost, None, (201, Created),
     [400, 401, 404]),
]


HOTSEAT_PATHS = {"/api/tables/{table_id}", "/api/tables/{table_id}/actions/{action}",
                 "/api/tables/{table_id}/notifications"}


def build_spec() -> dict:
    spec = APISpec(title="Card tables API", version="1", openapi_version="3.0.3", plugins=[MarshmallowPlugin()])
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    spec.components.schema("Error", schema=Error)
    paths: dict[str, dict] = {}
    for path, method, summary, body, query, (status, answer), errors in OPERATIONS:
        content = {"application/json": {"schema": answer}} if answer is not None else \
            {"image/svg+xml": {"schema": {"type": "string"}}, "text/plain": {"schema": {"type": "string"}}}
        operation: dict = {"summary": summary, "responses": {str(status): {"description": "OK", "content": content}}}
        for code in errors:
            operation["responses"][str(code)] = {"description": "refused",
                                                 "content": {"application/json": {"schema": "Error"}}}
        if path not in ("/api/users", "/api/login", "/api/games", "/api/games/{name}/diagram"):
            operation["security"] = [{"bearer": []}]
        parameters = [{"in": "path", "name": name, "required": True,
                       "schema": {"type": "integer"} if name == "table_id" else {"type": "string"}}
                      for name in ("table_id", "action", "name") if "{" + name + "}" in path]
        if query is not None:
            parameters.append({"in": "query", "schema": query})
        if path in HOTSEAT_PATHS:
            parameters.append({"in": "query", "name": "as", "required": False, "schema": {"type": "integer"},
                               "description": "hotseat tables: the player id the creator acts or looks as"})
        if parameters:
            operation["parameters"] = parameters
        if body is not None:
            needed = any(field.required for field in body().fields.values())
            operation["requestBody"] = {"required": needed, "content": {"application/json": {"schema": body}}}
        paths.setdefault(path, {})[method] = operation
    for path, operations in paths.items():
        spec.path(path=path, operations=operations)
    return spec.to_dict()


@bp.get("/openapi.json")
def openapi():
    return jsonify(build_spec())
