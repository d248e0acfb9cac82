"""seats.thinking_since: a bot runner's claim on the seat it is thinking for (the expert bot)

Revision ID: 0017
Revises: 0016
Create Date: 2027-01-27 10:00:00

Expert bots and expert zombies are played by `flask bots`, outside any request. A runner claims the
seat it thinks for (the time it began, read by the table's view as "thinking"); a claim older than
the lease is taken over by another runner, so a runner killed mid-thought loses nothing. Nobody is
thinking when the column appears, and a claim is worth nothing once gone: nothing to carry over.
"""
import sqlalchemy as sa
from alembic import op

revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('thinking_since', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_column('thinking_since')
