"""E-mail addresses confirmed before use; name skeletons that fold look-alike letter sequences

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07 17:20:00

users.email_confirmed_at, users.email_token_hash and users.email_token_expires_at hold an address's
confirmation. Addresses set before this revision were already being mailed: they count as confirmed
(at the upgrade), so no player's "your turn" messages stop; every address set from now on is confirmed
first. outbox.table_id may be empty: a confirmation belongs to no table. users.name_skeleton is computed
again, now folding "rn", "vv", "cl", "0" and "1" into the letters they pass for; names already
registered are kept, even where two of them now share a skeleton (only a new registration is compared).
Going back drops the confirmations (and their messages) and computes the TR39 skeletons again.
"""
import unicodedata
from datetime import datetime, timezone

import sqlalchemy as sa
from alembic import op
from disarm import skeleton_key

from framework.store.names import skeleton

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None

USERS = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String),
                 sa.column("name_skeleton", sa.String), sa.column("email", sa.String),
                 sa.column("email_confirmed_at", sa.DateTime))
OUTBOX = sa.table("outbox", sa.column("table_id", sa.Integer))


def fill_skeletons(of) -> None:
    connection = op.get_bind()
    for user_id, name in connection.execute(sa.select(USERS.c.id, USERS.c.name)).all():
        connection.execute(sa.update(USERS).where(USERS.c.id == user_id).values(name_skeleton=of(name)))


def upgrade():
    # Nullable columns: SQLite adds them without rebuilding users (which every other table points at).
    with op.batch_alter_table('users', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('email_confirmed_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('email_token_hash', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('email_token_expires_at', sa.DateTime(), nullable=True))
    now = datetime.now(timezone.utc).replace(tzinfo=None)
    op.execute(USERS.update().where(USERS.c.email.is_not(None)).values(email_confirmed_at=now))
    # Nothing points at outbox: SQLite may rebuild it to let table_id be empty.
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.alter_column('table_id', existing_type=sa.Integer(), nullable=True)
    fill_skeletons(skeleton)


def downgrade():
    fill_skeletons(lambda name: skeleton_key(unicodedata.normalize("NFKC", name).strip()))
    op.execute(OUTBOX.delete().where(OUTBOX.c.table_id.is_(None)))
    with op.batch_alter_table('outbox', schema=None) as batch_op:
        batch_op.alter_column('table_id', existing_type=sa.Integer(), nullable=False)
    with op.batch_alter_table('users', schema=None, recreate='never') as batch_op:
        batch_op.drop_column('email_token_expires_at')
        batch_op.drop_column('email_token_hash')
        batch_op.drop_column('email_confirmed_at')
