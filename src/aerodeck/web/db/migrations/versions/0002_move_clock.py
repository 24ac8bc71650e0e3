"""The move clock: a clock per table, the bot that plays for absent or timed-out seats, a seat
handed to a bot, and an index for the purge.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock", sa.Integer, nullable=True))
        batch.add_column(
            sa.Column("fallback_bot", sa.String(64), nullable=False, server_default="heuristic")
        )
    op.create_index("ix_tables_status_updated", "tables", ["status", "updated_at"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("bot_override", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_override")
    op.drop_index("ix_tables_status_updated", "tables")
    op.drop_column("tables", "fallback_bot")
    op.drop_column("tables", "clock")
