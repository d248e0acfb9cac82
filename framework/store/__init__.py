"""Persistence with flask-sqlalchemy: models, locking, the move log, notifications."""
from .database import init_database, write_transaction
from .errors import BadRequest, Conflict, Forbidden, NotFound, StaleMove
from .models import GameTable, Move, Notification, Seat, Token, User, db

__all__ = [
    "BadRequest", "Conflict", "Forbidden", "GameTable", "Move", "NotFound", "Notification", "Seat",
    "StaleMove", "Token", "User", "db", "init_database", "write_transaction",
]
