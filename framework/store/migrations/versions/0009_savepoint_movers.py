"""Undo savepoints say who has moved since they were taken

Revision ID: 0009
Revises: 0008
Create Date: 2027-01-10 10:00:00

An undo is refused once another player has moved since the savepoint, so a savepoint in a table's
snapshot now lists those players ("acted"), and holds the situation the move that asked for it
ended in (as BGA saves it). A stored savepoint without that list is re-derived by replaying the
table's moves with the installed game, and the stored hash with it. Where the game is not installed
or its rules refuse the log, every player counts as having moved: an undo pending at the upgrade
is refused, which may disappoint but never erases a move; each such table is named in a warning.
Tables without a savepoint (the shipped games use none) are not touched.
"""
import hashlib
import json
import logging

import sqlalchemy as sa
from alembic import op
from flask import current_app

from framework.engine import ActionError, GameDefinitionError, replay

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None

TABLES = sa.table("tables", sa.column("id", sa.Integer), sa.column("game", sa.String),
                  sa.column("options", sa.JSON), sa.column("seed", sa.String),
                  sa.column("snapshot", sa.JSON), sa.column("state_hash", sa.String))
SEATS = sa.table("seats", sa.column("table_id", sa.Integer), sa.column("seat", sa.Integer),
                 sa.column("user_id", sa.Integer))
USERS = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String))
MOVES = sa.table("moves", sa.column("table_id", sa.Integer), sa.column("number", sa.Integer),
                 sa.column("player_id", sa.Integer), sa.column("action", sa.String), sa.column("args", sa.JSON))


def state_hash(snapshot: dict) -> str:
    text = json.dumps({k: v for k, v in snapshot.items() if k != "seq"}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def replayed_savepoint(connection, table_id: int, game_name: str, options: dict, seed: str) -> dict | None:
    """The savepoint today's engine reaches by replaying the table; None when it cannot."""
    game = current_app.extensions.get("games", {}).get(game_name)
    if game is None:
        return None
    players = [{"id": user_id, "name": name} for user_id, name in connection.execute(
        sa.select(SEATS.c.user_id, USERS.c.name).join(USERS, USERS.c.id == SEATS.c.user_id)
        .where(SEATS.c.table_id == table_id).order_by(SEATS.c.seat)).all()]
    moves = [{"player": player, "action": action, "args": args} for player, action, args in connection.execute(
        sa.select(MOVES.c.player_id, MOVES.c.action, MOVES.c.args).where(MOVES.c.table_id == table_id)
        .order_by(MOVES.c.number)).all()]
    try:
        return replay(game, players, options, seed, moves).snapshot()["savepoint"]
    except (ActionError, GameDefinitionError):
        return None


def upgrade():
    connection = op.get_bind()
    rows = connection.execute(sa.select(TABLES.c.id, TABLES.c.game, TABLES.c.options, TABLES.c.seed,
                                        TABLES.c.snapshot).where(TABLES.c.snapshot.is_not(None))).all()
    for table_id, game, options, seed, snapshot in rows:
        saved = snapshot.get("savepoint")
        if not saved or "acted" in saved:
            continue
        savepoint = replayed_savepoint(connection, table_id, game, options, seed)
        if savepoint is None:
            logging.getLogger("alembic.runtime.migration").warning(
                "table %d (%s) could not be replayed: its undo savepoint counts every player as having moved",
                table_id, game)
            savepoint = {**saved, "acted": [int(player) for player in snapshot["scores"]]}
        snapshot = {**snapshot, "savepoint": savepoint}
        connection.execute(sa.update(TABLES).where(TABLES.c.id == table_id).values(
            snapshot=snapshot, state_hash=state_hash(snapshot)))


def downgrade():
    """Older code reads a savepoint's keys by name: the list it does not know is dropped."""
    connection = op.get_bind()
    rows = connection.execute(sa.select(TABLES.c.id, TABLES.c.snapshot).where(TABLES.c.snapshot.is_not(None))).all()
    for table_id, snapshot in rows:
        saved = snapshot.get("savepoint")
        if saved and "acted" in saved:
            snapshot = {**snapshot, "savepoint": {k: v for k, v in saved.items() if k != "acted"}}
            connection.execute(sa.update(TABLES).where(TABLES.c.id == table_id).values(
                snapshot=snapshot, state_hash=state_hash(snapshot)))
