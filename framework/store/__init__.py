"""Persistence with flask-sqlalchemy, one module per concern.

models (ORM), locked (a table's typed rows under its write lock), driver (prebuilt statements),
pipeline (a move's statements sent together on PostgreSQL), loading (stored table -> engine table),
journal (what a move writes), moves (the move service: players, bots, zombies), seating, turns
(deadlines, zombies), presence, queries (reads), chat, replays (verify, import, fork), users, names
and passwords (the account rules), sessions, throttle (failed logins and registrations per address),
outbox and delivery ("your turn"), backup, database.
"""
from .database import init_database, write_transaction
from .errors import BadRequest, Conflict, Forbidden, NotFound, NothingPending, StaleMove, Unauthenticated
from .models import MoveRecord, NotificationRecord, Seat, TableRecord, Token, User, db

__all__ = [
    "BadRequest", "Conflict", "Forbidden", "MoveRecord", "NotFound", "NothingPending", "NotificationRecord", "Seat",
    "StaleMove", "TableRecord", "Token", "Unauthenticated", "User", "db", "init_database", "write_transaction",
]
