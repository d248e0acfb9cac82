"""Request bodies and query strings, checked with marshmallow before anything runs."""
from __future__ import annotations

import json

from flask import request
from marshmallow import Schema, fields, validate
from werkzeug.exceptions import NotFound
from werkzeug.routing import IntegerConverter

from .errors import ApiError

# The largest id or counter a request may name: every integer column is 32-bit on PostgreSQL, and
# SQLite refuses integers past 2^63 with an OverflowError (a 500) where this bound gives a 404 or a 400.
MAX_ID = 2**31 - 1
NUMBER = validate.Range(0, MAX_ID)


class IdConverter(IntegerConverter):
    """`<id:table_id>`: a whole number from 0 to MAX_ID; a larger one names no table (404)."""

    def to_python(self, value: str) -> int:
        number = super().to_python(value)
        if number > MAX_ID:  # answered here: a converter that declines would leave werkzeug to answer 405
            raise NotFound(f"There is no table {value}.")
        return number


class Credentials(Schema):
    name = fields.String(required=True, validate=validate.Length(1, 40))
    password = fields.String(required=True, validate=validate.Length(6, 200))


class Registration(Schema):
    """The name and password rules are the store's (`names`, `passwords`): their refusals say which."""

    name = fields.String(required=True, validate=validate.Length(1, 100), metadata={
        "description": "1 to 32 characters once NFKC-normalised and trimmed; unique without regard to case, "
                       "width or look-alike letters"})
    password = fields.String(required=True, validate=validate.Length(1, 200), metadata={
        "description": "at least 8 characters, not containing the name, not among the most common passwords"})


class PasswordChange(Schema):
    current_password = fields.String(required=True, validate=validate.Length(1, 200))
    new_password = fields.String(required=True, validate=validate.Length(1, 200), metadata={
        "description": "the same rules as at registration"})


class NewTable(Schema):
    game = fields.String(required=True, validate=validate.Length(1, 40))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seed = fields.String(load_default=None, validate=validate.Length(1, 64))
    players = fields.Integer(load_default=None, validate=validate.Range(1, 16))
    turn_hours = fields.Integer(load_default=None, validate=validate.Range(0, 24 * 30))  # 0: no limit
    private = fields.Boolean(load_default=False)
    hotseat = fields.Boolean(load_default=False)
    reserved = fields.List(fields.String(validate=validate.Length(1, 40)), load_default=list,
                           validate=validate.Length(max=15))


class Join(Schema):
    code = fields.String(load_default=None, validate=validate.Length(1, 32))


class JoinByCode(Schema):
    code = fields.String(required=True, validate=validate.Length(1, 32))


class Bots(Schema):
    count = fields.Integer(load_default=1, validate=validate.Range(1, 15))
    level = fields.String(load_default="heuristic", validate=validate.OneOf(["random", "heuristic"]))


class ChatPost(Schema):
    text = fields.String(required=True, validate=validate.Length(1, 500))


class ChatQuery(Schema):
    after = fields.Integer(load_default=0, validate=NUMBER)


class Settings(Schema):
    email = fields.Email(allow_none=True, validate=validate.Length(max=254))           # the column's length
    webhook_url = fields.Url(allow_none=True, schemes={"http", "https"}, require_tld=False,
                             validate=validate.Length(max=500))
    notify_email = fields.Boolean()
    notify_webhook = fields.Boolean()


class NotificationQuery(Schema):
    after = fields.Integer(load_default=0, validate=NUMBER)


class ReplayQuery(Schema):
    move = fields.Integer(load_default=None, validate=NUMBER)
    seat = fields.Integer(load_default=None, validate=NUMBER)


class ActionQuery(Schema):
    view = fields.Boolean(load_default=False, metadata={
        "description": "answer with the caller's view and what led to it (the page shows it without asking again)"})


class LobbyQuery(Schema):
    status = fields.String(load_default="open", validate=validate.OneOf(["open", "playing", "finished"]))


DiagramQuery = Schema.from_dict({"format": fields.String(validate=validate.OneOf(["svg", "dot", "mermaid"]))},
                               name="DiagramQuery")

# An action's own arguments are the game's (GET /api/games describes each); `move` is the framework's.
ActionArguments = Schema.from_dict({"move": fields.Integer(validate=NUMBER,
                                                          metadata={"description": "the move number last seen"})},
                                   name="ActionArguments")


def json_body() -> dict:
    """The request's JSON object, or a 400 that says what is wrong with it."""
    raw = request.get_data(cache=True)
    try:
        body = json.loads(raw) if raw else {}
    except (ValueError, RecursionError):  # RecursionError: absurdly nested arrays
        raise ApiError(400, "malformed_json", "The body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise ApiError(400, "malformed_json", "The body must be a JSON object.")
    if not valid_text(body):
        raise ApiError(400, "malformed_json", "The body holds text that is not valid Unicode (a lone surrogate).")
    return body


def valid_text(value) -> bool:
    """No string in a JSON value (keys included) holds a lone UTF-16 surrogate, which JSON's \\u escapes
    allow and no database or UTF-8 encoder accepts. A loop, not recursion: bodies are nested freely."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not item.isascii() and any("\ud800" <= ch <= "\udfff" for ch in item):
                return False
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def load_body(schema: Schema) -> dict:
    return schema.load(json_body())


def load_query(schema: Schema) -> dict:
    """The query string checked by `schema`; `as` (the hotseat seat, read by the table views) aside."""
    args = request.args.to_dict()
    args.pop("as", None)
    return schema.load(args)


class Fork(Schema):
    move = fields.Integer(required=True, validate=NUMBER)
