"""Request bodies and query strings, checked with marshmallow before anything runs."""
from __future__ import annotations

import json

from flask import request
from marshmallow import Schema, ValidationError, fields, validate
from werkzeug.exceptions import NotFound
from werkzeug.routing import IntegerConverter

from framework.engine import BOTS
from framework.store import passwords

from .errors import ApiError
from .strict_types import json_type_problems, query_type_problems

# The largest id or counter a request may name: every integer column is 32-bit on PostgreSQL, and
# SQLite refuses integers past 2^63 with an OverflowError (a 500) where this bound gives a 404 or a 400.
MAX_ID = 2**31 - 1
NUMBER = validate.Range(0, MAX_ID)


class IdConverter(IntegerConverter):
    """`<id:table_id>`: a whole number from 0 to MAX_ID in ASCII digits; a larger one names no table (404).

    Only ASCII digits: werkzeug's `\\d+` and Python's int() take any script's digits (Arabic-Indic "٣",
    fullwidth "３"), which would reach table 3 past nginx's `[0-9]+` locations."""

    regex = r"[0-9]+"

    def to_python(self, value: str) -> int:
        number = super().to_python(value)
        if number > MAX_ID:  # answered here: a converter that declines would leave werkzeug to answer 405
            raise NotFound(f"There is no table {value}.")
        return number


# A new password's rules as the store applies them (`passwords`): the length in the schema, the rest said.
PASSWORD_LENGTH = validate.Length(passwords.MIN_LENGTH, passwords.MAX_LENGTH, error=(
    f"A password has at least {passwords.MIN_LENGTH} characters and at most {passwords.MAX_LENGTH}."))
PASSWORD_POLICY = (f"{passwords.MIN_LENGTH} to {passwords.MAX_LENGTH} characters, not the account's name nor "
                   f"containing it (from {passwords.NAME_INSIDE_FROM} characters), not among the 30,000 most common "
                   "passwords (compared without case); a refusal says which rule")


class Credentials(Schema):
    name = fields.String(required=True, validate=validate.Length(1, 40))
    password = fields.String(required=True, validate=validate.Length(6, 200))


class Registration(Schema):
    """The name and password rules are the store's (`names`, `passwords`): their refusals say which."""

    name = fields.String(required=True, validate=validate.Length(1, 100), metadata={
        "description": "1 to 32 characters once NFKC-normalised and trimmed; unique without regard to case, "
                       "width or look-alike letters"})
    password = fields.String(required=True, validate=PASSWORD_LENGTH, metadata={"description": PASSWORD_POLICY})


class PasswordChange(Schema):
    current_password = fields.String(required=True, validate=validate.Length(1, 200))
    new_password = fields.String(required=True, validate=PASSWORD_LENGTH, metadata={"description": PASSWORD_POLICY})


class EmailConfirmation(Schema):
    token = fields.String(required=True, validate=validate.Length(1, 100), metadata={
        "description": "the token at the end of the link mailed to the address"})


class GameName(Schema):
    """What a new table's body is read by first: which game, so its own schema reads the rest."""
    game = fields.String(required=True, validate=validate.Length(1, 40))


class Join(Schema):
    code = fields.String(load_default=None, validate=validate.Length(1, 32))


class JoinByCode(Schema):
    code = fields.String(required=True, validate=validate.Length(1, 32))


class Bots(Schema):
    count = fields.Integer(load_default=1, validate=validate.Range(1, 15))
    level = fields.String(load_default="heuristic", validate=validate.OneOf(list(BOTS)), metadata={
        "description": "random, heuristic, or expert where the game has it (the game's `bot_levels` in "
                       "GET /api/games); expert seats are played by the bot runner, `flask bots`"})


class ChatPost(Schema):
    text = fields.String(required=True, validate=validate.Length(1, 500), metadata={
        "description": "one line of text; no control, format (bidi overrides and isolates, zero-width) or "
                       "line-separator characters, a zero-width joiner only inside an emoji sequence, and at "
                       "most 3 combining marks on one letter: a refusal names the character"})


class ChatQuery(Schema):
    after = fields.Integer(load_default=0, validate=NUMBER)


class NotificationQuery(Schema):
    after = fields.Integer(load_default=0, validate=NUMBER)


class ReplayQuery(Schema):
    move = fields.Integer(load_default=None, validate=NUMBER)
    seat = fields.Integer(load_default=None, validate=NUMBER)


LOG_PAGE_MAX = 1000  # moves in one page of a table's log


class LogQuery(Schema):
    after = fields.Integer(load_default=0, validate=NUMBER, metadata={
        "description": "the moves after this move number (the `next` of the page before); 0 from the start"})
    limit = fields.Integer(load_default=None, validate=validate.Range(1, LOG_PAGE_MAX), metadata={
        "description": f"moves in the page, 1 to {LOG_PAGE_MAX} (500 unless asked)"})


class ActionQuery(Schema):
    view = fields.Boolean(load_default=False, metadata={
        "description": "answer with the caller's view and what led to it (the page shows it without asking again)"})


class LobbyQuery(Schema):
    status = fields.String(load_default="open", validate=validate.OneOf(["open"]),
                           metadata={"description": "the lobby lists open tables only"})


DiagramQuery = Schema.from_dict({"format": fields.String(validate=validate.OneOf(["svg", "dot", "mermaid"]))},
                               name="DiagramQuery")

# An action's own arguments are the game's (GET /api/games describes each); `move` is the framework's.
class ActionArguments(Schema):
    move = fields.Integer(validate=NUMBER, metadata={"description": "the move number last seen"})

    class Meta:
        unknown = "include"  # the action's own arguments, checked by the game


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


def load_body(schema: Schema, body: dict | None = None) -> dict:
    body = json_body() if body is None else body
    problems = json_type_problems(schema, body)
    if problems:
        raise ValidationError(problems)
    return schema.load(body)


def query_args() -> dict[str, str]:
    """The query string, each name once: a repeated name is refused, not read as its first value."""
    repeated = sorted(name for name, values in request.args.lists() if len(values) > 1)
    if repeated:
        raise ValidationError({name: ["Give this parameter once."] for name in repeated})
    return request.args.to_dict()


def load_query(schema: Schema) -> dict:
    """The query string checked by `schema`; `as` (the hotseat seat, read by the table views) aside."""
    args = query_args()
    args.pop("as", None)
    problems = query_type_problems(schema, args)
    if problems:
        raise ValidationError(problems)
    return schema.load(args)


def hotseat_player() -> int | None:
    """`?as=<player id>`, given once as a whole number from 0 to MAX_ID; None without it."""
    values = request.args.getlist("as")
    if not values:
        return None
    if len(values) > 1 or not (values[0].isascii() and values[0].isdigit() and len(values[0]) <= 10) \
            or int(values[0]) > MAX_ID:
        raise ApiError(400, "invalid_arguments", "as: the id of the player to act as, once, a whole number.",
                       fields={"as": ["Not a valid player id."]})
    return int(values[0])


class Fork(Schema):
    move = fields.Integer(required=True, validate=NUMBER)
