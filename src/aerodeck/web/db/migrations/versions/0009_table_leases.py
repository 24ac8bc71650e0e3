"""Several server processes on one PostgreSQL store: a table's lease says which process runs its
bots and its move clock (docs/server.md, "Several processes").

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("holder", sa.String(128), nullable=False),
        sa.Column("epoch", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_table_leases_holder", "table_leases", ["holder"])


def downgrade() -> None:
    op.drop_index("ix_table_leases_holder", "table_leases")
    op.drop_table("table_leases")
