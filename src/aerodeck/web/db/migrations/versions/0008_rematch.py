"""Rematches: a table remembers the finished table it is the rematch of, and a finished table
keeps the rematch offered at its end with each seat's answer.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLEs, never a batch: on SQLite a batch copies the table and drops the old
    # one, and the drop cascades to every seat and move.
    op.add_column("tables", sa.Column("rematch_of", sa.String(32), nullable=True))
    op.create_index("ix_tables_rematch_of", "tables", ["rematch_of"])
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
    op.drop_index("ix_tables_rematch_of", "tables")
    op.drop_column("tables", "rematch_of")  # SQLite 3.35+ drops a column in place
