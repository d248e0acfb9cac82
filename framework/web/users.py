"""Accounts: register, log in, log out, my settings (my sessions and password: `account`)."""
from __future__ import annotations

from flask import Blueprint, current_app, request

from framework.store import users
from framework.store.database import write_transaction
from framework.store.delivery import webhook_http_allowed
from framework.store.email_confirmation import confirm_email, set_email
from framework.store.models import clock
from framework.store.webhooks import url_problem

from . import answers, limits, schemas
from .answering import answered
from .auth import bearer_token, current_user, login_required
from .errors import ApiError
from .me_settings import settings_schema
from .openapi import documented
from .schemas import Credentials, EmailConfirmation, Registration, load_body

bp = Blueprint("users", __name__, url_prefix="/api")


def session_label() -> str | None:
    """What a new session is shown as in its owner's list: the User-Agent it was made with."""
    return request.headers.get("User-Agent") or None


def signed_in(user, status: int = 200):
    """The account and the token of a new session for it."""
    account = {"id": user.id, "name": user.name}  # read before the token's commit expires the user's attributes
    return answered(answers.Token, {**account, "token": users.issue_token(user, session_label())}, status)


@bp.post("/users")
@documented("Register", answer=(201, answers.Token), errors=(400, 409, 429), body=schemas.Registration,
            public=True)
def register():
    """The name is stored NFKC-normalised and trimmed, and answered so."""
    body = load_body(Registration())
    limits.take_registration()
    user = users.create_user(body["name"], body["password"])
    return signed_in(user, 201)


@bp.post("/login")
@documented("Log in", answer=(200, answers.Token), errors=(400, 401, 429), body=schemas.Credentials, public=True)
def login():
    body = load_body(Credentials())
    name = body["name"].strip()
    limits.refuse_limited_login(name)
    user = users.authenticate(name, body["password"])
    if user is None:
        limits.count_failed_login(name)
        raise ApiError(401, "bad_credentials", "Unknown name or wrong password.")
    return signed_in(user)


@bp.post("/logout")
@documented("Log out (revoke this token)", answer=(200, answers.Ok), errors=(401,))
@login_required
def logout():
    users.revoke_token(bearer_token())
    return answered(answers.Ok, {"ok": True})


@bp.get("/me")
@documented("My settings", answer=(200, answers.Me), errors=(401,))
@login_required
def me():
    return answered(answers.Me, current_user())


@bp.patch("/me")
@documented("Change where 'your turn' goes", answer=(200, answers.Me), errors=(400, 401, 429), body=settings_schema)
@login_required
def update_me():
    """Set or clear the e-mail address and webhook for "your turn" messages, or switch either off. A new
    address is mailed a confirmation link and used only once confirmed (429: too many confirmations today)."""
    changes = load_body(settings_schema(current_app)())
    if changes.get("webhook_url"):
        config = current_app.config
        problem = url_problem(changes["webhook_url"], allow_http=webhook_http_allowed(config),
                              allow_private=bool(config.get("WEBHOOK_PRIVATE_TARGETS")))
        if problem:
            raise ApiError(400, "invalid_arguments", f"webhook_url: {problem}.", fields={"webhook_url": [problem]})
    with write_transaction():
        if "email" in changes:
            set_email(current_user(), changes.pop("email"), confirmation_link(), clock())
        for name, value in changes.items():
            setattr(current_user(), name, value)
    return answered(answers.Me, current_user())


def confirmation_link() -> str:
    """Where a confirmation's link points, less the token: the site's PUBLIC_URL, else this request's host."""
    site = current_app.config.get("PUBLIC_URL") or request.host_url
    return site.rstrip("/") + "/#/confirm-email/"


@bp.post("/me/email/confirm")
@documented("Confirm my e-mail address", answer=(200, answers.Me), errors=(400, 401, 404),
            body=schemas.EmailConfirmation)
@login_required
def confirm_my_email():
    """The token from the link mailed to the address: from now on it gets "your turn" messages."""
    confirm_email(current_user(), load_body(EmailConfirmation())["token"], clock())
    return answered(answers.Me, current_user())
