"""Bearer-token authentication: `g.user` for every view that needs a logged-in user."""
from __future__ import annotations

from functools import wraps

from flask import g, request

from framework.store.users import user_for_token

from .errors import ApiError


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def login_required(view):
    @wraps(view)
    def wrapped(*args, **kwargs):
        token = bearer_token()
        if token is None:
            raise ApiError(401, "unauthorized", "Log in first: send Authorization: Bearer <token>.")
        user = user_for_token(token)
        if user is None:
            raise ApiError(401, "unauthorized", "This token is unknown or expired: log in again.")
        g.user = user
        g.user_id = user.id
        return view(*args, **kwargs)

    return wrapped
