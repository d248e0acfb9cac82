"""users.kind: a person, a bot or a hotseat stand-in, so the server never finds its own by name

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 18:15:00

Bots were flagged already (is_bot); stand-ins were the accounts with no password ("!") that are not
bots. A person who registered a bot's or a stand-in's name keeps the account as a person: the
server now looks its own accounts up by kind, so that person is never seated as one.
"""
import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('users', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('kind', sa.String(length=10), nullable=False, server_default='person'))
    users = sa.table("users", sa.column("kind", sa.String), sa.column("is_bot", sa.Boolean),
                     sa.column("password_hash", sa.String))
    op.execute(users.update().where(users.c.is_bot.is_(True)).values(kind="bot"))
    op.execute(users.update().where(users.c.is_bot.is_(False), users.c.password_hash == "!").values(kind="stand_in"))


def downgrade():
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35+): rebuilding users would break the keys that point at it.
    with op.batch_alter_table('users', schema=None, recreate='never') as batch_op:
        batch_op.drop_column('kind')
