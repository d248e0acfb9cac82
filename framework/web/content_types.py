"""Bodies are JSON only: a request that changes something and carries a body of another type is 415.

A page on another site may send a "simple" cross-site POST (text/plain, a form) without asking first,
and the browser delivers it; the JSON the server reads from such a body would create an account or
log in for that page. `application/json` is not simple, so the browser asks first (CORS), and this
server never allows it.
"""
from __future__ import annotations

from flask import Flask, request

from .errors import ApiError

CHANGING = frozenset(("POST", "PUT", "PATCH", "DELETE"))


def has_body() -> bool:
    return bool(request.content_length) or "chunked" in request.headers.get("Transfer-Encoding", "").lower()


def require_json_bodies(app: Flask) -> None:
    @app.before_request
    def refuse_other_types() -> None:
        if request.method in CHANGING and has_body() and request.mimetype != "application/json":
            raise ApiError(415, "unsupported_media_type", "Send the body as JSON (Content-Type: application/json).")
