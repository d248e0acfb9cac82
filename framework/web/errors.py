"""Every error is JSON: {"error": {"code", "message"}} (plus "fields" for invalid arguments).

The engine and the store refuse with transport-neutral codes; this module alone says which HTTP
status each code is answered with.
"""
from __future__ import annotations

from flask import Flask
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from framework.engine import ActionError, first_message

from . import answers
from .answering import answered

# A refusal's code -> its HTTP status. A code missing here is a bug in this map: answered 400.
STATUS_OF = {
    # the engine (framework.engine.errors)
    "bad_action": 400, "invalid_arguments": 400, "wrong_player_count": 400,
    "not_a_player": 403, "not_your_turn": 403,
    "unknown_action": 404,
    "not_playing": 409, "replay_refused": 409,
    "action_not_possible": 422, "rule_violation": 422,
    # the store (framework.store.errors)
    "bad_request": 400, "unauthorized": 401, "forbidden": 403, "not_found": 404, "conflict": 409,
    "stale_move": 409, "nothing_pending": 409, "too_many_tables": 409, "too_many_confirmations": 429,
}


class ApiError(ActionError):
    """A refusal raised by the web layer itself, with its HTTP status (and headers, e.g. Retry-After)."""

    def __init__(self, status: int, code: str, message: str, *, headers: dict[str, str] | None = None, **details):
        super().__init__(message, **details)
        self.status, self.code, self.headers = status, code, headers or {}


def status_of(err: ActionError) -> int:
    return err.status if isinstance(err, ApiError) else STATUS_OF.get(err.code, 400)


def error_response(status: int, code: str, message: str, **extra):
    """The refusal as `answers.Error` states it; `extra`: the messages by field, a stale move's number."""
    return answered(answers.Error, {"error": {"code": code, "message": message, **extra}}, status)


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ActionError)
    def on_action_error(err: ActionError):
        body, status = error_response(status_of(err), err.code, err.message, **err.details)
        body.headers.update(getattr(err, "headers", {}))
        return body, status

    @app.errorhandler(ValidationError)
    def on_validation_error(err: ValidationError):
        return error_response(400, "invalid_arguments", first_message(err.messages), fields=err.messages)

    @app.errorhandler(HTTPException)
    def on_http_error(err: HTTPException):
        code = (err.name or "error").lower().replace(" ", "_")
        body, status = error_response(err.code or 500, code, err.description or err.name)
        for name, value in err.get_headers():  # keep what HTTP requires, e.g. Allow on a 405
            if name.lower() != "content-type":
                body.headers[name] = value
        return body, status

    @app.errorhandler(Exception)
    def on_unexpected(err: Exception):
        app.logger.exception("unhandled error")
        return error_response(500, "internal_error", "Something went wrong on the server; nothing was applied.")
