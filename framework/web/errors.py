"""Every error is JSON: {"error": {"code", "message"}} (plus "fields" for invalid arguments)."""
from __future__ import annotations

from flask import Flask, jsonify
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from framework.engine import ActionError
from framework.engine.table import _first_message


class ApiError(ActionError):
    """An HTTP refusal raised by the web layer itself."""

    def __init__(self, status: int, code: str, message: str, **details):
        super().__init__(message, **details)
        self.status, self.code = status, code


def error_response(status: int, code: str, message: str, **extra):
    return jsonify({"error": {"code": code, "message": message, **extra}}), status


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ActionError)
    def on_action_error(err: ActionError):
        return error_response(err.status, err.code, err.message, **err.details)

    @app.errorhandler(ValidationError)
    def on_validation_error(err: ValidationError):
        return error_response(400, "invalid_arguments", _first_message(err.messages), fields=err.messages)

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
