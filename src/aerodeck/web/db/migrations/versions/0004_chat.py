"""The table chat: every message kept with its table, and whether the host closed the chat.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, not a batch: on SQLite a batch would copy and drop the tables table,
    # and the drop would cascade to every seat and move.
    op.add_column(
        "tables", sa.Column("chat_open", sa.Boolean, nullable=False, server_default=sa.true())
    )
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("author_key", sa.String(64), nullable=False),
        sa.Column("author_name", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_chat_messages_table_seq"),
    )


def downgrade() -> None:
    op.drop_table("chat_messages")
    op.drop_column("tables", "chat_open")
