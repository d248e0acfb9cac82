"""Accounts: hashed passwords, and bearer tokens stored as hashes, expiring and revocable."""
from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import cache

from flask import current_app
from sqlalchemy import bindparam, delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from . import names
from .database import in_write_transaction, write_transaction
from .driver import Prebuilt
from .errors import BadRequest, Conflict, Forbidden
from .models import Token, User, db, utcnow
from .passwords import password_problem
from .sessions import revoke_other_sessions, token_digest

TOKEN_LIFETIME = timedelta(days=30)
# A token's last use is written at most this often: authentication runs on every request.
TOUCH_EVERY = timedelta(minutes=1)
LABEL_LENGTH = 200  # the column's
# Names the server gives its own accounts ("Heuristic bot 2", a hotseat's "anna #2", a marked
# "... [bot]"): nobody may register one, so nobody can be taken for a bot or a stand-in.
SYSTEM_MARK = {"bot": "bot", "stand_in": "seat"}
SYSTEM_NAME = re.compile(r"^(random|heuristic) bot \d+$|\s#\d+$|\s\[(bot|seat)\]$", re.IGNORECASE)


# Checked when a login names nobody (or a bot), so that costs what a wrong password does: the hash
# of a random password thrown away, made by the default method (werkzeug's scrypt, and its cost).
DECOY_HASH = ("scrypt:32768:8:1$kJcXunQFdTulRz55$623662ca2bb92a5be0e2e051ee85f7f540a445b54a6239d68b29135ae000d1a7"
              "1e161d9b321ed9c8196784a52774a775ebd9f043d3cf5f071b8374229c1af70d")


def hash_password(password: str) -> str:
    """A password's stored hash, by the server's `PASSWORD_HASH_METHOD` (werkzeug's method names; scrypt
    unless set: the tests set a cheap one, since each account they register would cost ~130 ms)."""
    return generate_password_hash(password, current_app.config["PASSWORD_HASH_METHOD"])


def decoy_hash() -> str:
    """A hash that costs what the server's own do to check (the constant, for the default method)."""
    method = current_app.config["PASSWORD_HASH_METHOD"]
    return DECOY_HASH if DECOY_HASH.startswith(method) else _made_decoy(method)


@cache
def _made_decoy(method: str) -> str:
    return generate_password_hash(secrets.token_urlsafe(16), method)


def create_user(name: str, password: str) -> User:
    """A person's account, under the name rules (`names`) and the password rules (`passwords`)."""
    name = names.normalise(name)
    refuse("name", names.name_problem(name))
    if SYSTEM_NAME.search(name):
        raise Conflict("This name is kept for the server's bots and hotseat seats: choose another.",
                         fields={"name": ["Kept for bots and hotseat seats."]})
    refuse("password", password_problem(password, name))
    password_hash = hash_password(password)  # ~130 ms: before the write lock, not under it
    try:
        with write_transaction():
            refuse_look_alike(name)
            user = User(name=name, password_hash=password_hash)
            db.session.add(user)
    except IntegrityError:
        raise Conflict(f"The name {name!r} is taken.") from None
    return user


def refuse(field: str, problem: str | None) -> None:
    if problem:
        raise BadRequest(f"{field}: {problem}", fields={field: [problem]})


def refuse_look_alike(name: str) -> None:
    """409 when an account (the server's own included) has this name in another case or width, or
    one that looks the same (Cyrillic "аnna" for "anna")."""
    key, look = names.comparison_key(name), names.skeleton(name)
    found = db.session.execute(select(User.name, User.name_key).where(
        or_(User.name_key == key, User.name_skeleton == look)).limit(1)).first()
    if found is None:
        return
    if found.name_key == key:
        raise Conflict(f"The name {name!r} is taken (as {found.name!r}).")
    raise Conflict(f"The name {name!r} looks like {found.name!r}, which is taken: choose another.")


def find_by_name(name: str) -> User | None:
    """The account a login name means: the one spelled exactly so, else the one it is in another
    case or width ("Anna" logs in as "anna"). One query."""
    found = db.session.scalars(select(User).where(
        or_(User.name == name, User.name_key == names.comparison_key(name)))).all()
    return next((user for user in found if user.name == name), found[0] if found else None)


def authenticate(name: str, password: str) -> User | None:
    user = find_by_name(name)
    if user is None or user.kind != "person":
        check_password_hash(decoy_hash(), password)  # as slow as a wrong password: the time tells no names
        return None
    return user if check_password_hash(user.password_hash, password) else None


class WrongPassword(Forbidden):
    """The password given to prove who is asking is not the account's."""


def change_password(user: User, current_password: str, new_password: str, kept_token: str) -> int:
    """A new password, given the one in use; every session but `kept_token`'s ends (how many did)."""
    if not check_password_hash(user.password_hash, current_password):
        raise WrongPassword("current_password: this is not your password.")
    refuse("new_password", password_problem(new_password, user.name))
    with write_transaction():
        user.password_hash = hash_password(new_password)
        return revoke_other_sessions(user.id, kept_token)


def issue_token(user: User, label: str | None = None) -> str:
    """A new session for `user`; `label` says where it was made (a User-Agent), shown in their list."""
    token, now = secrets.token_urlsafe(32), utcnow()
    with write_transaction():
        db.session.add(Token(user_id=user.id, token_hash=token_digest(token), created_at=now, last_used_at=now,
                             expires_at=now + TOKEN_LIFETIME, label=label[:LABEL_LENGTH] if label else None))
    return token


# Prebuilt statements, no ORM object: they run on every request, and most views need only the id.
TOKENS = Token.__table__
# Whether the last use is to be noted is asked of the database: reading the date back costs more.
_TOKEN_IN_USE = Prebuilt(select(
    TOKENS.c.id, TOKENS.c.user_id,
    or_(TOKENS.c.last_used_at.is_(None), TOKENS.c.last_used_at <= bindparam("touched_before")).label("stale"),
).where(TOKENS.c.token_hash == bindparam("token_hash"), TOKENS.c.expires_at >= bindparam("now")))
_TOUCH_TOKEN = Prebuilt(update(TOKENS).where(TOKENS.c.id == bindparam("token_id")))


def user_id_for_token(token: str) -> int | None:
    """The token's user, if it is valid; its last use is noted when the one noted is a minute old.

    In a read request that is a short write of its own, before the view reads anything (authentication
    comes first); in a write transaction (a move checks its token inside its own), part of it.
    """
    return ask_token_user(token)()


def ask_token_user(token: str) -> Callable[[], int | None]:
    """`user_id_for_token` sent, to be read by calling the answer (a move sends it with its table's reads)."""
    now = utcnow()
    sent = _TOKEN_IN_USE.send({"token_hash": token_digest(token), "now": now, "touched_before": now - TOUCH_EVERY})
    return lambda: _token_user(sent.first(), now)


def _token_user(found: dict | None, now: datetime) -> int | None:
    if found is None:
        return None
    if found["stale"]:
        touch = {"token_id": found["id"], "last_used_at": now}
        if in_write_transaction():
            _TOUCH_TOKEN.execute(touch)
        else:
            with write_transaction():
                _TOUCH_TOKEN.execute(touch)
    return found["user_id"]


def get_user(user_id: int) -> User:
    return db.session.get(User, user_id)


def revoke_token(token: str) -> None:
    with write_transaction():
        db.session.execute(delete(Token).where(Token.token_hash == token_digest(token)))
