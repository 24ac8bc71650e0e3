"""Rematches: a table remembers the finished table it is the rematch of, and a finished table
keeps the rematch offered at its end with each seat's answer.

Revision ID: 0007
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
        batch.create_index("ix_tables_rematch_of", ["rematch_of"])
    op.create_table(
        "rematch_offers",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("offered_by", sa.Integer, nullable=False),
        sa.Column("answers", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rematch_offers")
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_rematch_of")
        batch.drop_column("rematch_of")
