"""mutes, and tables.spectator_chat: a player hides another's chat lines; a table lets spectators post or not

Revision ID: 0013
Revises: 0012
Create Date: 2027-01-14 10:00:00

Existing tables keep what they allowed before: spectators could post everywhere, so their
`spectator_chat` is true; a table created from now on has it off unless its creator turns it on.
The limits on tables and chat lines per account count in `attempts` (kinds "table" and "chat").
"""
import sqlalchemy as sa
from alembic import op

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('mutes',
                    sa.Column('id', sa.Integer(), nullable=False),
                    sa.Column('user_id', sa.Integer(), nullable=False),
                    sa.Column('muted_id', sa.Integer(), nullable=False),
                    sa.Column('created_at', sa.DateTime(), nullable=False),
                    sa.ForeignKeyConstraint(['user_id'], ['users.id']),
                    sa.ForeignKeyConstraint(['muted_id'], ['users.id']),
                    sa.PrimaryKeyConstraint('id'),
                    sa.UniqueConstraint('user_id', 'muted_id', name='uq_mutes_user_muted'))
    # NOT NULL with a default: SQLite adds such a column without rebuilding tables.
    with op.batch_alter_table('tables', schema=None, recreate='never') as batch_op:
        batch_op.add_column(sa.Column('spectator_chat', sa.Boolean(), nullable=False, server_default=sa.false()))
    tables = sa.table("tables", sa.column("spectator_chat", sa.Boolean))
    op.execute(tables.update().values(spectator_chat=True))


def downgrade():
    with op.batch_alter_table('tables', schema=None, recreate='never') as batch_op:
        batch_op.drop_column('spectator_chat')
    op.drop_table('mutes')
