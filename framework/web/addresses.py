"""A request whose address is not UTF-8 is refused (400) before any route reads it.

werkzeug would quietly turn the bad bytes into U+FFFD, so a game name, a code or a lone surrogate
(sent as the bytes ED A0 80, which UTF-8 does not allow) would be read as some other text.
"""
from __future__ import annotations

from urllib.parse import unquote_to_bytes

from flask import Flask, request

from .errors import ApiError


def undecodable(environ: dict) -> bool:
    """PATH_INFO holds the path's bytes (decoded as latin-1, per WSGI); QUERY_STRING is still %-escaped."""
    try:
        environ.get("PATH_INFO", "").encode("latin-1").decode("utf-8")
        unquote_to_bytes(environ.get("QUERY_STRING", "").encode("latin-1")).decode("utf-8")
    except UnicodeError:
        return True
    return False


def refuse_undecodable_addresses(app: Flask) -> None:
    @app.before_request
    def check():
        if undecodable(request.environ):
            raise ApiError(400, "malformed_url", "The address is not valid UTF-8 text.")
