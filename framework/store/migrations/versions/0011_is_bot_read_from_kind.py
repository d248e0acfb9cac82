"""users.is_bot goes: an account is a bot when its kind says so, a fact stored once

Revision ID: 0011
Revises: 0010
Create Date: 2027-01-12 10:00:00

Since 0005 the server has written `is_bot` and `kind` together from one value (`is_bot` is
`kind == "bot"`), so dropping the flag loses nothing: `User.is_bot` now reads the kind. A seat's
`bot_level` (how the server plays it) stays. Going back adds the column again, filled from the kind.
"""
import sqlalchemy as sa
from alembic import op

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade():
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35+): rebuilding users would break the keys that point at it.
    with op.batch_alter_table('users', schema=None, recreate='never') as batch_op:
        batch_op.drop_column('is_bot')


def downgrade():
    # NOT NULL with a default: SQLite adds such a column without rebuilding users. The default stays;
    # the code of 0010 writes the column on every insert, so it is never used.
    with op.batch_alter_table('users', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('is_bot', sa.Boolean(), nullable=False, server_default=sa.false()))
    users = sa.table("users", sa.column("kind", sa.String), sa.column("is_bot", sa.Boolean))
    op.execute(users.update().values(is_bot=users.c.kind == "bot"))
