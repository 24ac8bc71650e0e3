"""Turn-based play: when the decision in progress began (the move clock's deadline derives from
it, so a restart resumes the time left), what a clock running out does (the fallback bot's move
or the seat's forfeit), and the seat that forfeited a game.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("turn_began_at", sa.DateTime, nullable=True))
        batch.add_column(
            sa.Column("on_timeout", sa.String(16), nullable=False, server_default="bot")
        )
        batch.add_column(sa.Column("forfeited_seat", sa.Integer, nullable=True))
    # a table in play before this revision: its turn began at its last change, the best stored
    # guess (the last move's time, or a seat change after it)
    op.execute("UPDATE tables SET turn_began_at = updated_at WHERE status = 'playing'")


def downgrade() -> None:
    op.drop_column("tables", "forfeited_seat")
    op.drop_column("tables", "on_timeout")
    op.drop_column("tables", "turn_began_at")
