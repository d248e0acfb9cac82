"""Account names compared as users read them; sessions that say when and where they were used

Revision ID: 0008
Revises: 0006
Create Date: 2026-12-01 19:10:00

users.name_key (case-folded NFKC, unique) and users.name_skeleton (TR39 look-alike skeleton) are
computed for every account, server's bots and hotseat seats included. Names are not changed.
Accounts registered before whose names are one name case-insensitively ("anna", "Anna") all keep
working: the oldest (lowest id) owns the key, so "ANNA" logs in to it; each later one gets its key
with a suffix no registered name can produce ("\\x1f" and its id) and logs in by its exact spelling.
Each such account is named in a warning. tokens.last_used_at and tokens.label (the User-Agent)
start empty for the tokens already issued.
"""
import logging

import sqlalchemy as sa
from alembic import op

from framework.store.names import comparison_key, skeleton

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None

USERS = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String),
                 sa.column("name_key", sa.String), sa.column("name_skeleton", sa.String))
SUFFIX = "\x1f"  # a control character: refused in every name registered


def fill_keys() -> None:
    connection = op.get_bind()
    taken: set[str] = set()
    for user_id, name in connection.execute(sa.select(USERS.c.id, USERS.c.name).order_by(USERS.c.id)).all():
        key = comparison_key(name)
        if key in taken:
            logging.getLogger("alembic.runtime.migration").warning(
                "user %d %r is one name with an older account's case-insensitively: it logs in by its exact "
                "spelling only", user_id, name)
            key = f"{key}{SUFFIX}{user_id}"
        taken.add(key)
        connection.execute(sa.update(USERS).where(USERS.c.id == user_id).values(
            name_key=key, name_skeleton=skeleton(name)))


def upgrade():
    # NOT NULL with a default: SQLite adds such a column without rebuilding users (which the
    # foreign keys of every other table point at); the default is never used once filled.
    with op.batch_alter_table('users', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('name_key', sa.String(), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('name_skeleton', sa.String(), nullable=False, server_default=''))
    fill_keys()
    op.create_index('uq_users_name_key', 'users', ['name_key'], unique=True)
    op.create_index('ix_users_name_skeleton', 'users', ['name_skeleton'], unique=False)
    with op.batch_alter_table('tokens', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('last_used_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('label', sa.String(length=200), nullable=True))


def downgrade():
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35+), indexes first: SQLite keeps no column an index names.
    with op.batch_alter_table('tokens', schema=None, recreate='never') as batch_op:
        batch_op.drop_column('label')
        batch_op.drop_column('last_used_at')
    op.drop_index('ix_users_name_skeleton', table_name='users')
    op.drop_index('uq_users_name_key', table_name='users')
    with op.batch_alter_table('users', schema=None, recreate='never') as batch_op:
        batch_op.drop_column('name_skeleton')
        batch_op.drop_column('name_key')
