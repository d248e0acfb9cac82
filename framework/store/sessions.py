"""A person's sessions: the tokens they are logged in with, listed and revoked by id.

A session is shown by its id, when it was made and last used, and its label (the User-Agent it
was made with); never by its token or the token's hash.
"""
from __future__ import annotations

import hashlib

from sqlalchemy import delete, select

from .database import write_transaction
from .errors import NotFound
from .models import Token, db, utcnow


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


LISTED = 100  # sessions a list shows at most: a script logging in all day must not make it endless


def list_sessions(user_id: int, current_token: str) -> list[tuple[Token, bool]]:
    """The user's sessions that have not expired (the `LISTED` most recently used), each with whether
    it is `current_token`'s."""
    current = token_digest(current_token)
    tokens = db.session.scalars(select(Token).where(Token.user_id == user_id, Token.expires_at >= utcnow())
                                .order_by(Token.last_used_at.desc().nulls_last(), Token.id.desc())
                                .limit(LISTED)).all()
    return [(token, token.token_hash == current) for token in tokens]


def revoke_session(user_id: int, session_id: int) -> None:
    """Log one of the user's sessions out; someone else's is as unknown as one that never was."""
    with write_transaction():
        gone = db.session.execute(delete(Token).where(Token.id == session_id, Token.user_id == user_id)).rowcount
    if not gone:
        raise NotFound(f"You have no session {session_id}.")


def revoke_all_sessions(user_id: int) -> int:
    """Log out everywhere, this session included; how many sessions ended."""
    with write_transaction():
        return db.session.execute(delete(Token).where(Token.user_id == user_id)).rowcount


def revoke_other_sessions(user_id: int, kept_token: str) -> int:
    """Log out everywhere else (in the caller's write transaction); how many sessions ended."""
    return db.session.execute(delete(Token).where(Token.user_id == user_id,
                                                  Token.token_hash != token_digest(kept_token))).rowcount


def prune_expired_sessions() -> int:
    """Forget the tokens that have expired (the tick does, every minute): they open nothing, but a script
    logging in all day would otherwise grow the table for ever. How many went. Tokens live in real time,
    as their check does, whatever time the tick pretends for the games (`tick --now`)."""
    with write_transaction():
        return db.session.execute(delete(Token).where(Token.expires_at < utcnow())).rowcount


def session_open(token_hash: str) -> bool:
    """The session is still there (not logged out, revoked or expired): an open stream asks at every wake."""
    return db.session.scalar(select(Token.id).where(Token.token_hash == token_hash,
                                                    Token.expires_at >= utcnow())) is not None
