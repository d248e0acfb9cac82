"""Reservations kept by user id: a reserved name that belongs to a registered person becomes their id

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 18:25:00

A private table lets its reserved guests in without the invitation code only by id, so that
whoever registers a reserved name later cannot take the seat. Tables stored before keep their
guests: each reserved name held by a person is written as that person's id. Names nobody holds
stay names. The downgrade writes ids back as names.
"""
import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None

TABLES = sa.table("tables", sa.column("id", sa.Integer), sa.column("reserved", sa.JSON))
USERS = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String), sa.column("kind", sa.String))


def rewrite(convert) -> None:
    connection = op.get_bind()
    for table_id, reserved in connection.execute(sa.select(TABLES.c.id, TABLES.c.reserved)).all():
        if reserved:
            connection.execute(sa.update(TABLES).where(TABLES.c.id == table_id).values(
                reserved=[convert(connection, entry) for entry in reserved]))


def to_id(connection, entry):
    if not isinstance(entry, str):
        return entry
    found = connection.execute(sa.select(USERS.c.id).where(USERS.c.name == entry, USERS.c.kind == "person")).first()
    return found[0] if found else entry


def to_name(connection, entry):
    if not isinstance(entry, int):
        return entry
    found = connection.execute(sa.select(USERS.c.name).where(USERS.c.id == entry)).first()
    return found[0] if found else str(entry)


def upgrade():
    rewrite(to_id)


def downgrade():
    rewrite(to_name)
