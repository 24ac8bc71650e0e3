"""A finished game's analysis, stored with its table (docs/server.md, "Analysis"), and the
host's option to allow hints at an unrated table.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_analyses",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("finished_at", sa.DateTime, nullable=True),
    )
    op.create_index("ix_table_analyses_status", "table_analyses", ["status"])
    # a plain ADD COLUMN, never a batch (0007: a batch on SQLite drops and copies the table)
    op.add_column(
        "tables", sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("tables", "hints")  # SQLite 3.35+ drops a column in place
    op.drop_index("ix_table_analyses_status", "table_analyses")
    op.drop_table("table_analyses")
