"""The store's tables (SQLAlchemy 2): tables, their seats, every move ever acknowledged, and the
players with their sessions.

Moves are unique per (table, seq) and per (table, seat, client message id): a move resent by a
client is stored once, and two writers can never both store move n of a table. The schema is
created and upgraded only by the Alembic migrations in ``migrations/`` (models and migrations are
checked against each other by tests/web/test_store.py).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from aerodeck.web.service.records import (
    MAX_CHAT_CHARS,
    MAX_CLIENT_ID_CHARS,
    MAX_MOVE_CHARS,
    utcnow,
)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One table: a game with its options and seed; status waiting, playing or over."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16))
    version: Mapped[int] = mapped_column(Integer, default=0)
    listed: Mapped[bool] = mapped_column(Boolean, default=True)
    host_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    # revision 0002: the move clock and the bot that plays for an absent or timed-out seat
    clock: Mapped[int | None] = mapped_column(Integer, nullable=True)
    fallback_bot: Mapped[str] = mapped_column(String(64), default="heuristic")
    # revision 0003: the player who created the table (None: created without a player)
    host_player_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # revision 0004: the host may close the table's chat
    chat_open: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # revision 0005: turn-based play (the clock's deadline derives from turn_began_at)
    turn_began_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    on_timeout: Mapped[str] = mapped_column(String(16), default="bot")  # bot or forfeit
    forfeited_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # revision 0007: a finished game updates the ratings (the host's option)
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # revision 0008: the finished table this one is the rematch of
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    # revision 0011: the host allows hints (an unrated table only)
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # revision 0010: the campaign this table is a mission of, and the mission's number
    campaign_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    campaign_mission: Mapped[int | None] = mapped_column(Integer, nullable=True)

    __table_args__ = (
        Index("ix_tables_status_updated", "status", "updated_at"),
        Index("uq_tables_campaign_mission", "campaign_id", "campaign_mission", unique=True),
    )


class SeatRow(Base):
    """One seat: human (token and invite stored hashed) or bot; a human seat may be handed to a
    bot (``bot_override``) while its player is away."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str] = mapped_column(String(64), default="")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot_override: Mapped[str | None] = mapped_column(String(64), nullable=True)  # revision 0002
    # revision 0003: the player the seat belongs to (None: a bot, free, or taken by token only)
    player_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)


class MoveRow(Base):
    """One acknowledged move: written and committed before anyone hears of it."""

    __tablename__ = "moves"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)  # 0-based: the version the move was made at
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[str] = mapped_column(String(MAX_MOVE_CHARS))
    client_id: Mapped[str | None] = mapped_column(String(MAX_CLIENT_ID_CHARS), nullable=True)
    source: Mapped[str] = mapped_column(String(16))  # human, bot or clock
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    __table_args__ = (
        UniqueConstraint("table_id", "seq", name="uq_moves_table_seq"),
        UniqueConstraint("table_id", "seat", "client_id", name="uq_moves_table_seat_client"),
    )


class PlayerRow(Base):
    """A person: a guest until they choose a username and password (revision 0003)."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    display_name: Mapped[str] = mapped_column(String(64))
    username: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class PlayerSessionRow(Base):
    """A signed-in browser: the digest of its cookie's secret; revoked by signing out."""

    __tablename__ = "player_sessions"

    secret_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class ChatMessageRow(Base):
    """One chat message (revision 0004): stored before anyone is sent it, unique per (table,
    seq); ``seat`` is None for a spectator's message."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)  # 1, 2, ... per table
    channel: Mapped[str] = mapped_column(String(16))  # players or spectators
    author_key: Mapped[str] = mapped_column(String(64))
    author_name: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(String(MAX_CHAT_CHARS))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_chat_messages_table_seq"),)


class ApiTokenRow(Base):
    """A named API token of an account: the digest of its secret (revision 0006)."""

    __tablename__ = "api_tokens"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class ResultRow(Base):
    """One seat of a finished table: place, return, who sat there, whether it was rated
    (revision 0007). No foreign key to the table: results outlive the table's purge."""

    __tablename__ = "results"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    value: Mapped[float] = mapped_column(Float)  # the seat's return
    player_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)  # the bot's level
    name: Mapped[str] = mapped_column(String(64))
    moves: Mapped[int] = mapped_column(Integer)
    bot_moves: Mapped[int] = mapped_column(Integer)
    rated: Mapped[bool] = mapped_column(Boolean)
    finished_at: Mapped[datetime] = mapped_column(DateTime)


class RatingRow(Base):
    """A subject's rating (``player:<id>`` or ``bot:<level>``) per game and player count."""

    __tablename__ = "ratings"

    subject: Mapped[str] = mapped_column(String(48), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    players: Mapped[int] = mapped_column(Integer, primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    __table_args__ = (Index("ix_ratings_game_players", "game", "players"),)


class RatingHistoryRow(Base):
    """A subject's rating just after one rated game: the points of a player page's chart."""

    __tablename__ = "rating_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    subject: Mapped[str] = mapped_column(String(48))
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    table_id: Mapped[str] = mapped_column(String(32))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rated_at: Mapped[datetime] = mapped_column(DateTime)

    __table_args__ = (
        UniqueConstraint("table_id", "subject", name="uq_rating_history_table_subject"),
        Index("ix_rating_history_subject", "subject", "rated_at"),
    )


class RematchOfferRow(Base):
    """A rematch offered at the end of a finished table: who offered it and each seat's answer
    (revision 0008). The new table, once every human accepted, names this one in ``rematch_of``."""

    __tablename__ = "rematch_offers"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    offered_by: Mapped[int] = mapped_column(Integer)
    answers: Mapped[list[str]] = mapped_column(JSON)  # per seat: pending, accepted or declined
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class TableLeaseRow(Base):
    """Which server process runs a table's bots and move clock (revision 0009; PostgreSQL with
    several processes): the holder until ``expires_at`` (renewed while it lives), and the epoch,
    raised at each takeover, that the holder's bot, clock and forfeit writes are checked against
    (a process that lost the lease writes nothing more)."""

    __tablename__ = "table_leases"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    holder: Mapped[str] = mapped_column(String(128), index=True)
    epoch: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[datetime] = mapped_column(DateTime)


class TableAnalysisRow(Base):
    """A finished table's analysis (revision 0011): queued, running, done or failed, its
    progress in decisions judged, and the result (``agents.analysis``'s plain JSON) once done."""

    __tablename__ = "table_analyses"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    status: Mapped[str] = mapped_column(String(16), index=True)
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class CampaignRow(Base):
    """A campaign (revision 0010): a series of games flown table after table. ``series`` is the
    series' own JSON (its score so far), ``played`` the games it has scored, ``table_id`` the
    table of the game in progress (None once it is over)."""

    __tablename__ = "campaigns"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # the game's options, the series'
    host_player_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    series: Mapped[dict[str, Any]] = mapped_column(JSON)
    played: Mapped[int] = mapped_column(Integer)
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    status: Mapped[str] = mapped_column(String(16))  # playing or over
    listed: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)

    __table_args__ = (Index("ix_campaigns_status_created", "status", "created_at"),)


class CampaignSeatRow(Base):
    """Who flies one side of a campaign (revision 0010): a person (their player, once known) or
    a bot level; every mission seats side i at seat i."""

    __tablename__ = "campaign_seats"

    campaign_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("campaigns.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # human or bot
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    player_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    name: Mapped[str] = mapped_column(String(64))
