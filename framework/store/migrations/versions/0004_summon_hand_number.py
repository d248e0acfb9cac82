"""Summon the Dragon counts hands as `hand_number`, as Dragon and Phoenix does (it said `hand_no`)

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 17:45:00

A data migration: the snapshots of Summon the Dragon tables get the new key (in the game's data and
in each hand's result), and their state hashes are computed again from the changed snapshot, as
the engine computes them (SHA-256 of the snapshot without its notification counter, keys sorted).
A replay of the move log with today's rules then reaches the same hash (`flask verify-games`).
Notifications already stored keep `hand_no` in their arguments, with the log template that names
it, so old log lines still read "Hand 3: Anna deals".
"""
import hashlib
import json

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None

TABLES = sa.table("tables", sa.column("id", sa.Integer), sa.column("game", sa.String),
                  sa.column("snapshot", sa.JSON), sa.column("state_hash", sa.String))


def renamed(data: dict, old: str, new: str) -> dict:
    """The game's data with `old` renamed `new`, at its top and in each hand's result."""
    data = {new if key == old else key: value for key, value in data.items()}
    if isinstance(data.get("results"), list):
        data["results"] = [{new if key == old else key: value for key, value in result.items()}
                           for result in data["results"]]
    return data


def state_hash(snapshot: dict) -> str:
    text = json.dumps({k: v for k, v in snapshot.items() if k != "seq"}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def rename_everywhere(old: str, new: str) -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.select(TABLES.c.id, TABLES.c.snapshot).where(
        TABLES.c.game == "summon_dragon", TABLES.c.snapshot.is_not(None))).all()
    for table_id, snapshot in rows:
        snapshot = dict(snapshot)
        snapshot["data"] = renamed(snapshot["data"], old, new)
        if snapshot.get("savepoint"):
            snapshot["savepoint"] = {**snapshot["savepoint"], "data": renamed(snapshot["savepoint"]["data"], old, new)}
        connection.execute(sa.update(TABLES).where(TABLES.c.id == table_id).values(
            snapshot=snapshot, state_hash=state_hash(snapshot)))


def upgrade():
    rename_everywhere("hand_no", "hand_number")


def downgrade():
    rename_everywhere("hand_number", "hand_no")
