"""The records the service keeps and the store it keeps them in.

The service speaks to its store only through ``TableStore`` and these records; the database
behind it (``aerodeck.web.db.store``, SQLAlchemy) implements it and turns its own errors into
``StoreError`` and ``DuplicateError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from aerodeck.web.service.peers import Fence
from aerodeck.web.service.status import TableStatus

MAX_MOVE_CHARS = 200  # the longest move notation a frame may carry and the store keeps
MAX_CLIENT_ID_CHARS = 64
MAX_CHAT_CHARS = 500  # the longest chat message (service/chat.py)


def utcnow() -> datetime:
    """Now in UTC, without a zone: the same on SQLite and PostgreSQL ``timestamp`` columns."""
    return datetime.now(UTC).replace(tzinfo=None)


@dataclass(frozen=True)
class TableRecord:
    """A table as stored: the game, its options and seed, who hosts it, its status."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: TableStatus
    listed: bool
    host_hash: str
    created_at: datetime
    clock: int | None
    fallback_bot: str
    updated_at: datetime | None = None  # None: created_at
    finished_at: datetime | None = None
    host_player_id: str | None = None  # the player who created it, if one did
    on_timeout: str = "bot"  # what a move clock running out does: bot (its move) or forfeit
    turn_began_at: datetime | None = None  # the decision in progress began (None: not playing)
    forfeited_seat: int | None = None  # the seat whose clock ran out, ending the game
    rated: bool = True  # a finished game updates the ratings (service/results.py's rulings)
    rematch_of: str | None = None  # the finished table this one is the rematch of
    hints: bool = False  # the host allows "suggest a move" (unrated tables only: service/hints.py)
    campaign_id: str | None = None  # the campaign this table is a mission of (service/campaigns)
    campaign_mission: int | None = None  # that mission's number, from 1


@dataclass
class Seat:
    """One seat (secrets only as digests): human, or bot; a human seat may be handed to a bot
    (``bot_override``) while its player is away."""

    kind: str  # human or bot
    bot: str | None
    name: str
    token_hash: str | None
    invite_hash: str | None
    bot_override: str | None
    player_id: str | None = None  # the player it belongs to (a seat may be held by token only)

    @property
    def claimed(self) -> bool:
        return self.kind == "human" and self.token_hash is not None

    @property
    def played_by(self) -> str | None:
        """The bot playing this seat now, or None when its human does."""
        return self.bot if self.kind == "bot" else self.bot_override


@dataclass(frozen=True)
class MoveRecord:
    """One acknowledged move: ``seq`` is the version it was made at."""

    seq: int
    seat: int
    move: str
    client_id: str | None
    source: str  # human, bot or clock


@dataclass(frozen=True)
class ChatRecord:
    """One chat message of a table (``aerodeck.web.service.chat``): ``seq`` counts from 1 per
    table; ``seat`` is None for a spectator."""

    table_id: str
    seq: int
    channel: str  # players or spectators
    author_key: str
    author_name: str
    seat: int | None
    text: str
    created_at: datetime


@dataclass(frozen=True)
class StoredChat:
    """A table's chat as the store holds it: open or closed by the host, the next message's seq,
    and the latest messages of each channel (oldest first)."""

    open: bool
    next_seq: int
    messages: list[ChatRecord]


@dataclass(frozen=True)
class StoredTable:
    """A table as the store holds it: its record, its seats in order, its moves in order."""

    table: TableRecord
    seats: list[Seat]
    moves: list[MoveRecord]


class TableStore(Protocol):
    """The store the service writes to and reads from; every write is committed when it returns.
    Its failures are ``StoreError`` (``DuplicateError`` for what it already holds)."""

    async def ping(self) -> None: ...

    async def create_table(self, table: TableRecord, seats: Sequence[Seat]) -> None: ...

    async def load(self, table_id: str) -> StoredTable | None: ...

    async def load_unfinished(self) -> list[StoredTable]: ...

    async def listed(self, limit: int) -> list[str]: ...

    async def update_seat(
        self,
        table_id: str,
        index: int,
        seat: Seat,
        status: TableStatus | None = None,
        at: datetime | None = None,
        claim: bool = False,
    ) -> TableStatus | None: ...

    async def append_move(
        self,
        table_id: str,
        seq: int,
        seat: int,
        move: str,
        client_id: str | None,
        source: str,
        finished: bool,
        at: datetime | None = None,
        fence: Fence | None = None,
    ) -> None: ...

    async def forfeit(
        self, table_id: str, seat: int, version: int, fence: Fence | None = None
    ) -> None: ...

    async def find_client_move(self, table_id: str, seat: int, client_id: str) -> int | None: ...

    async def expired(
        self, finished_before: datetime, idle_before: datetime, waiting_before: datetime
    ) -> list[str]: ...

    async def delete_tables(self, table_ids: Sequence[str]) -> None: ...

    # the table's chat (service/chat.py)

    async def load_chat(self, table_id: str, per_channel: int) -> StoredChat: ...

    async def player_name(self, player_id: str) -> str | None: ...

    async def append_chat(self, message: ChatRecord) -> None: ...

    async def set_chat_open(self, table_id: str, open_: bool) -> None: ...

    async def chat_transcript(
        self, table_id: str, channels: Sequence[str], limit: int
    ) -> list[ChatRecord]: ...
