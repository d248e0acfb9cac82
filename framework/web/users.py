"""Accounts: register, log in, log out."""
from __future__ import annotations

from flask import Blueprint, jsonify

from framework.store import users

from .auth import bearer_token, login_required
from .errors import ApiError
from .schemas import Credentials, load_body

bp = Blueprint("users", __name__, url_prefix="/api")


@bp.post("/users")
def register():
    body = load_body(Credentials())
    user = users.create_user(body["name"].strip(), body["password"])
    return jsonify({"id": user.id, "name": user.name, "token": users.issue_token(user)}), 201


@bp.post("/login")
def login():
    body = load_body(Credentials())
    user = users.authenticate(body["name"].strip(), body["password"])
    if user is None:
        raise ApiError(401, "bad_credentials", "Unknown name or wrong password.")
    return jsonify({"id": user.id, "name": user.name, "token": users.issue_token(user)})


@bp.post("/logout")
@login_required
def logout():
    users.revoke_token(bearer_token())
    return jsonify({"ok": True})
