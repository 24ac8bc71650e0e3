"""Campaigns (series of games) at the table server: a campaign with its options, its score so
far (the series' own JSON) and who flies each side, and each mission's table naming its
campaign and mission number (unique: the next mission's table is created once, whichever
process tries).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "campaigns",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("host_player_id", sa.String(32), nullable=True),
        sa.Column("series", sa.JSON, nullable=False),
        sa.Column("played", sa.Integer, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("listed", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("finished_at", sa.DateTime, nullable=True),
    )
    op.create_index("ix_campaigns_status_created", "campaigns", ["status", "created_at"])
    op.create_table(
        "campaign_seats",
        sa.Column(
            "campaign_id",
            sa.String(32),
            sa.ForeignKey("campaigns.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("player_id", sa.String(32), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
    )
    op.create_index("ix_campaign_seats_player_id", "campaign_seats", ["player_id"])
    # Plain ALTER TABLEs, never a batch: on SQLite a batch copies the table and drops the old
    # one, and the drop cascades to every seat and move.
    op.add_column("tables", sa.Column("campaign_id", sa.String(32), nullable=True))
    op.add_column("tables", sa.Column("campaign_mission", sa.Integer, nullable=True))
    op.create_index(
        "uq_tables_campaign_mission", "tables", ["campaign_id", "campaign_mission"], unique=True
    )


def downgrade() -> None:
    op.drop_index("uq_tables_campaign_mission", "tables")
    op.drop_column("tables", "campaign_mission")  # SQLite 3.35+ drops a column in place
    op.drop_column("tables", "campaign_id")
    op.drop_index("ix_campaign_seats_player_id", "campaign_seats")
    op.drop_table("campaign_seats")
    op.drop_index("ix_campaigns_status_created", "campaigns")
    op.drop_table("campaigns")
