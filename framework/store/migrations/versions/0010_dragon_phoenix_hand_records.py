"""Dragon and Phoenix keeps a line per hand played (`past_hands`) and the rounds each player has
taken in the hand under way (`rounds_won`)

Revision ID: 0010
Revises: 0009
Create Date: 2027-01-11 10:00:00

A data migration: each stored Dragon and Phoenix snapshot gets the two keys as a replay of its moves
with today's rules makes them, read from the notifications the table sent: a `handScore` for each
hand played (its `result` holds the line), a `collect` for each round taken since the last
`newHand`. Its state hash is then computed again, as the engine computes it (SHA-256 of the
snapshot without its notification counter, keys sorted), so `flask verify-games` still agrees.
"""
import hashlib
import json

import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None

TABLES = sa.table("tables", sa.column("id", sa.Integer), sa.column("game", sa.String),
                  sa.column("snapshot", sa.JSON), sa.column("state_hash", sa.String))
NOTES = sa.table("notifications", sa.column("table_id", sa.Integer), sa.column("seq", sa.Integer),
                 sa.column("recipient", sa.Integer), sa.column("type", sa.String), sa.column("args", sa.JSON))
LINE = ("hand_number", "cards", "calls", "total", "totals", "double")  # games/dragon_phoenix/scoring.past_hand


def state_hash(snapshot: dict) -> str:
    text = json.dumps({k: v for k, v in snapshot.items() if k != "seq"}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def records(connection, table_id: int, data: dict) -> dict:
    """The two keys for one table, from its public notifications in order."""
    notes = connection.execute(sa.select(NOTES.c.type, NOTES.c.args).where(
        NOTES.c.table_id == table_id, NOTES.c.recipient.is_(None),
        NOTES.c.type.in_(("handScore", "newHand", "collect"))).order_by(NOTES.c.seq)).all()
    past, taken = [], {}
    for kind, args in notes:
        args = json.loads(args) if isinstance(args, str) else args
        if kind == "handScore":
            past.append({key: args["result"][key] for key in LINE})
        elif kind == "newHand":
            taken = {}
        else:
            taken[str(args["player_id"])] = taken.get(str(args["player_id"]), 0) + 1
    found = {"past_hands": past}
    if "won" in data:  # a hand has been dealt
        found["rounds_won"] = {player: taken.get(player, 0) for player in data["won"]}
    return found


def rewrite(change) -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.select(TABLES.c.id, TABLES.c.snapshot).where(
        TABLES.c.game == "dragon_phoenix", TABLES.c.snapshot.is_not(None))).all()
    for table_id, snapshot in rows:
        snapshot = dict(json.loads(snapshot) if isinstance(snapshot, str) else snapshot)
        snapshot["data"] = change(connection, table_id, dict(snapshot["data"]))
        connection.execute(sa.update(TABLES).where(TABLES.c.id == table_id).values(
            snapshot=snapshot, state_hash=state_hash(snapshot)))


def upgrade():
    rewrite(lambda connection, table_id, data: {**data, **records(connection, table_id, data)})


def downgrade():
    rewrite(lambda connection, table_id, data: {k: v for k, v in data.items() if k not in ("past_hands", "rounds_won")})
