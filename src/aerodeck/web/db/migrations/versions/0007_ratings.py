"""Results and ratings: whether a table is rated, every finished table's result per seat, each
subject's rating per game and player count (a player or a bot level), and the rating history.

Results keep no foreign key to their table: they outlive the table's purge (a profile's games
and the leaderboard stay when the moves are gone).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, never a batch: on SQLite a batch with an expression default copies the
    # table and drops the old one, and the drop cascades to every seat and move.
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.true())
    )
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("value", sa.Float, nullable=False),
        sa.Column("player_id", sa.String(32), nullable=True, index=True),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("bot_moves", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("finished_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(48), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("players", sa.Integer, primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_ratings_game_players", "ratings", ["game", "players"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("subject", sa.String(48), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("rated_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("table_id", "subject", name="uq_rating_history_table_subject"),
    )
    op.create_index("ix_rating_history_subject", "rating_history", ["subject", "rated_at"])


def downgrade() -> None:
    op.drop_index("ix_rating_history_subject", "rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_game_players", "ratings")
    op.drop_table("ratings")
    op.drop_table("results")
    op.drop_column("tables", "rated")  # SQLite 3.35+ drops a column in place
