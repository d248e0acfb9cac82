"""checkpoints: the engine's state every 200 moves, so a replay to a late move starts near it

Revision ID: 0012
Revises: 0011
Create Date: 2027-01-20 10:00:00

A new table only: tables played before it have no checkpoints and replay from the deal as before.
Tables may now also have the status `abandoned` (a String(10) column already: no change).
"""
import sqlalchemy as sa
from alembic import op

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('checkpoints',
                    sa.Column('table_id', sa.Integer(), nullable=False),
                    sa.Column('move', sa.Integer(), nullable=False),
                    sa.Column('snapshot', sa.JSON(), nullable=False),
                    sa.ForeignKeyConstraint(['table_id'], ['tables.id']),
                    sa.PrimaryKeyConstraint('table_id', 'move'))


def downgrade():
    op.drop_table('checkpoints')
