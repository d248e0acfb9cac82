"""Accounts: hashed passwords, and bearer tokens stored as hashes, expiring and revocable."""
from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

from sqlalchemy import bindparam, delete, select
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from .database import write_transaction
from .driver import Prebuilt
from .errors import Conflict
from .models import Token, User, db, utcnow

TOKEN_LIFETIME = timedelta(days=30)
# Names the server gives its own accounts ("Heuristic bot 2", a hotseat's "anna #2", a marked
# "... [bot]"): nobody may register one, so nobody can be taken for a bot or a stand-in.
SYSTEM_MARK = {"bot": "bot", "stand_in": "seat"}
SYSTEM_NAME = re.compile(r"^(random|heuristic) bot \d+$|\s#\d+$|\s\[(bot|seat)\]$", re.IGNORECASE)


# Checked when a login names nobody (or a bot), so that costs what a wrong password does: the hash
# of a random password thrown away, made as generate_password_hash makes them (method and cost).
DECOY_HASH = ("scrypt:32768:8:1$kJcXunQFdTulRz55$623662ca2bb92a5be0e2e051ee85f7f540a445b54a6239d68b29135ae000d1a7"
              "1e161d9b321ed9c8196784a52774a775ebd9f043d3cf5f071b8374229c1af70d")


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create_user(name: str, password: str, *, is_bot: bool = False) -> User:
    if SYSTEM_NAME.search(name.strip()):
        raise Conflict("This name is kept for the server's bots and hotseat seats: choose another.",
                         fields={"name": ["Kept for bots and hotseat seats."]})
    try:
        with write_transaction():
            user = User(name=name, password_hash=generate_password_hash(password), is_bot=is_bot)
            db.session.add(user)
    except IntegrityError:
        raise Conflict(f"The name {name!r} is taken.") from None
    return user


def authenticate(name: str, password: str) -> User | None:
    user = db.session.scalars(select(User).where(User.name == name)).first()
    if user is None or user.kind != "person":
        check_password_hash(DECOY_HASH, password)  # as slow as a wrong password: the time tells no names
        return None
    return user if check_password_hash(user.password_hash, password) else None


def issue_token(user: User) -> str:
    token = secrets.token_urlsafe(32)
    with write_transaction():
        db.session.add(Token(user_id=user.id, token_hash=_digest(token), expires_at=utcnow() + TOKEN_LIFETIME))
    return token


# One prebuilt query, no ORM object: it runs on every request, and most views need only the id.
_USER_OF_TOKEN = Prebuilt(select(Token.__table__.c.user_id).where(
    Token.__table__.c.token_hash == bindparam("token_hash"), Token.__table__.c.expires_at >= bindparam("now")))


def user_id_for_token(token: str) -> int | None:
    return _USER_OF_TOKEN.scalar({"token_hash": _digest(token), "now": utcnow()})


def get_user(user_id: int) -> User:
    return db.session.get(User, user_id)


def revoke_token(token: str) -> None:
    with write_transaction():
        db.session.execute(delete(Token).where(Token.token_hash == _digest(token)))
