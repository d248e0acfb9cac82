"""stream_leases: the open event streams, counted in the database for every process's and host's bounds

Revision ID: 0015
Revises: 0014
Create Date: 2027-01-20 10:00:00

One account held hundreds of idle streams and took the site down. Each open stream now holds a lease
(renewed while it runs, deleted when it ends, expiring if its process dies) that the bounds per account,
per table and per address count. Leases live a minute: nothing to carry over either way.
"""
import sqlalchemy as sa
from alembic import op

revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('stream_leases',
                    sa.Column('id', sa.Integer(), nullable=False),
                    sa.Column('user_id', sa.Integer(), nullable=False),
                    sa.Column('address', sa.String(length=64), nullable=False),
                    sa.Column('table_id', sa.Integer(), nullable=False),
                    sa.Column('seated', sa.Boolean(), nullable=False),
                    sa.Column('expires_at', sa.DateTime(), nullable=False),
                    sa.PrimaryKeyConstraint('id'))
    with op.batch_alter_table('stream_leases', schema=None, recreate='never') as batch_op:
        batch_op.create_index('ix_stream_leases_user_expires', ['user_id', 'expires_at'], unique=False)
        batch_op.create_index('ix_stream_leases_address_expires', ['address', 'expires_at'], unique=False)


def downgrade():
    with op.batch_alter_table('stream_leases', schema=None, recreate='never') as batch_op:
        batch_op.drop_index('ix_stream_leases_address_expires')
        batch_op.drop_index('ix_stream_leases_user_expires')
    op.drop_table('stream_leases')
