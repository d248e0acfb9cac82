"""Keeping an account safe: my sessions (list, log one out, log out everywhere), my password."""
from __future__ import annotations

from flask import Blueprint, g

from framework.store import sessions, users

from . import answers, limits, schemas
from .answering import answered
from .auth import current_user, login_required, required_token
from .openapi import documented

bp = Blueprint("account", __name__, url_prefix="/api/me")


@bp.get("/sessions")
@documented("My sessions (where I am logged in)", answer=(200, answers.SessionList), errors=(401,))
@login_required
def my_sessions():
    listed = sessions.list_sessions(g.user_id, required_token())
    return answered(answers.SessionList, {"sessions": [{"id": token.id, "created_at": token.created_at,
                                                         "last_used_at": token.last_used_at, "label": token.label,
                                                         "current": current} for token, current in listed]})


@bp.delete("/sessions")
@documented("Log out everywhere (every session, this one included)", answer=(200, answers.Revoked), errors=(401,))
@login_required
def log_out_everywhere():
    return answered(answers.Revoked, {"ok": True, "revoked": sessions.revoke_all_sessions(g.user_id)})


@bp.delete("/sessions/<id:session_id>")
@documented("Log one of my sessions out", answer=(200, answers.Ok), errors=(401, 404))
@login_required
def log_session_out(session_id: int):
    sessions.revoke_session(g.user_id, session_id)
    return answered(answers.Ok, {"ok": True})


@bp.post("/password")
@documented("Change my password (logs out every other session)", answer=(200, answers.Revoked),
            errors=(400, 401, 403, 429), body=schemas.PasswordChange)
@login_required
def change_password():
    """The current password proves it is the owner, not someone who found a logged-in browser; wrong
    guesses count against the account with the failed logins."""
    body = schemas.load_body(schemas.PasswordChange())
    user = current_user()
    limits.refuse_limited_login(user.name, "Too many wrong passwords")  # counted with the failed logins
    try:
        revoked = users.change_password(user, body["current_password"], body["new_password"], required_token())
    except users.WrongPassword:
        limits.count_failed_login(user.name)
        raise
    return answered(answers.Revoked, {"ok": True, "revoked": revoked})
