"""attempts: failed logins and registrations, counted in the database for every worker's limits

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 19:10:00

The login limiter counted in each process's memory, so every worker had its own count. The rows
live only as long as the limit's window (deleted as new ones are written); nothing to carry over.
"""
import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('attempts',
                    sa.Column('id', sa.Integer(), nullable=False),
                    sa.Column('kind', sa.String(length=10), nullable=False),
                    sa.Column('address', sa.String(length=64), nullable=False),
                    sa.Column('name_key', sa.String(length=64), nullable=True),
                    sa.Column('at', sa.DateTime(), nullable=False),
                    sa.PrimaryKeyConstraint('id'))
    with op.batch_alter_table('attempts', schema=None, recreate='never') as batch_op:
        batch_op.create_index('ix_attempts_kind_address_at', ['kind', 'address', 'at'], unique=False)
        batch_op.create_index('ix_attempts_kind_at', ['kind', 'at'], unique=False)


def downgrade():
    with op.batch_alter_table('attempts', schema=None, recreate='never') as batch_op:
        batch_op.drop_index('ix_attempts_kind_at')
        batch_op.drop_index('ix_attempts_kind_address_at')
    op.drop_table('attempts')
