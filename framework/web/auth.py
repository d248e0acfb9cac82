"""Bearer-token authentication: `g.user_id` for every view that needs a logged-in user."""
from __future__ import annotations

from functools import wraps

from flask import g, request

from framework.store.models import User
from framework.store.users import get_user, user_id_for_token

from .errors import ApiError


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def required_token() -> str:
    token = bearer_token()
    if token is None:
        raise ApiError(401, "unauthorized", "Log in first: send Authorization: Bearer <token>.")
    return token


def authenticate() -> int:
    """The caller's user id, from their bearer token (401 without a valid one); also `g.user_id`."""
    user_id = user_id_for_token(required_token())
    if user_id is None:
        raise ApiError(401, "unauthorized", "This token is unknown or expired: log in again.")
    g.user_id = user_id
    g.pop("user", None)  # g outlives a request when a test holds an app context: no other caller's user
    return user_id


def login_required(view):
    @wraps(view)
    def wrapped(*args, **kwargs):
        authenticate()
        return view(*args, **kwargs)

    return wrapped


def current_user() -> User:
    """The caller as a model, loaded only by the views that need more than `g.user_id`."""
    if "user" not in g:
        g.user = get_user(g.user_id)
    return g.user
