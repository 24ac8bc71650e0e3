"""The store: every write the server makes, each one transaction, committed before it is told.

It implements the service's ``TableStore``: it takes and returns the service's records
(``aerodeck.web.service.records``) and reports its failures as the service's ``StoreError`` and
``DuplicateError``, so no SQLAlchemy object or error leaves this module.

SQLite (the default, a file in the data folder) or PostgreSQL (``postgresql+asyncpg://``), both
through SQLAlchemy's async engine. SQLite runs in WAL mode with ``synchronous=FULL`` (a commit
survives the process being killed and the machine losing power) and one writer at a time, which
an asyncio lock keeps in order instead of letting SQLite answer "database is locked".
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, event, exists, func, insert, make_url, select, update
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import ConnectionPoolEntry

from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.sim.ratings import Skill
from aerodeck.web.db import migrate
from aerodeck.web.db.models import (
    ApiTokenRow,
    ChatMessageRow,
    MoveRow,
    PlayerRow,
    PlayerSessionRow,
    RatingHistoryRow,
    RatingRow,
    RematchOfferRow,
    ResultRow,
    SeatRow,
    TableLeaseRow,
    TableRow,
)
from aerodeck.web.db.move_writes import SqliteMoveWriter, write_moves_async
from aerodeck.web.service.api_tokens import ApiToken
from aerodeck.web.service.errors import DuplicateError, StoreError
from aerodeck.web.service.mygames import PlayerSeat
from aerodeck.web.service.peers import Fence
from aerodeck.web.service.players import Player
from aerodeck.web.service.ratings import Rating, RatingPoint, Standing
from aerodeck.web.service.records import (
    ChatRecord,
    MoveRecord,
    Seat,
    StoredChat,
    StoredTable,
    TableRecord,
    utcnow,
)
from aerodeck.web.service.rematch import Offer
from aerodeck.web.service.results import SeatResult
from aerodeck.web.service.status import TableStatus
from aerodeck.web.settings import Settings

OVER = TableStatus.OVER.value
PLAYING = TableStatus.PLAYING.value
WAITING = TableStatus.WAITING.value


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


@asynccontextmanager
async def _as_store_errors() -> AsyncIterator[None]:
    """SQLAlchemy's and the driver's errors as the service's: a unique constraint broken is a
    DuplicateError, anything else a StoreError (the original chained for the log)."""
    try:
        yield
    except IntegrityError as error:
        raise DuplicateError(_first_line(error)) from error
    except (SQLAlchemyError, OSError) as error:
        raise StoreError(_first_line(error)) from error


def _table_row(record: TableRecord) -> TableRow:
    return TableRow(
        id=record.id,
        game=record.game,
        players=record.players,
        options=record.options,
        seed=record.seed,
        status=record.status.value,
        version=0,
        listed=record.listed,
        host_hash=record.host_hash,
        created_at=record.created_at,
        updated_at=record.updated_at or record.created_at,
        finished_at=record.finished_at,
        clock=record.clock,
        fallback_bot=record.fallback_bot,
        host_player_id=record.host_player_id,
        turn_began_at=record.turn_began_at,
        on_timeout=record.on_timeout,
        forfeited_seat=record.forfeited_seat,
        rated=record.rated,
        rematch_of=record.rematch_of,
        hints=record.hints,
        campaign_id=record.campaign_id,
        campaign_mission=record.campaign_mission,
    )


def _table_record(row: TableRow) -> TableRecord:
    return TableRecord(
        id=row.id,
        game=row.game,
        players=row.players,
        options=row.options,
        seed=row.seed,
        status=TableStatus(row.status),
        listed=row.listed,
        host_hash=row.host_hash,
        created_at=row.created_at,
        clock=row.clock,
        fallback_bot=row.fallback_bot,
        updated_at=row.updated_at,
        finished_at=row.finished_at,
        host_player_id=row.host_player_id,
        on_timeout=row.on_timeout,
        turn_began_at=row.turn_began_at,
        forfeited_seat=row.forfeited_seat,
        rated=row.rated,
        rematch_of=row.rematch_of,
        hints=row.hints,
        campaign_id=row.campaign_id,
        campaign_mission=row.campaign_mission,
    )


def _seat_fields(seat: Seat) -> dict[str, Any]:
    return {
        "kind": seat.kind,
        "bot": seat.bot,
        "name": seat.name,
        "token_hash": seat.token_hash,
        "invite_hash": seat.invite_hash,
        "bot_override": seat.bot_override,
        "player_id": seat.player_id,
    }


def _seat(row: SeatRow) -> Seat:
    return Seat(
        row.kind,
        row.bot,
        row.name,
        row.token_hash,
        row.invite_hash,
        row.bot_override,
        row.player_id,
    )


def _player(row: PlayerRow) -> Player:
    return Player(row.id, row.display_name, row.username, row.created_at)


def _result_fields(result: SeatResult) -> dict[str, Any]:
    return {
        "table_id": result.table_id,
        "seat": result.seat,
        "game": result.game,
        "players": result.players,
        "place": result.place,
        "value": result.value,
        "player_id": result.player_id,
        "bot": result.bot,
        "name": result.name,
        "moves": result.moves,
        "bot_moves": result.bot_moves,
        "rated": result.rated,
        "finished_at": result.finished_at,
    }


def _result(row: ResultRow) -> SeatResult:
    return SeatResult(
        table_id=row.table_id,
        seat=row.seat,
        game=row.game,
        players=row.players,
        place=row.place,
        value=row.value,
        player_id=row.player_id,
        bot=row.bot,
        name=row.name,
        moves=row.moves,
        bot_moves=row.bot_moves,
        rated=row.rated,
        finished_at=row.finished_at,
    )


def _rating(row: RatingRow) -> Rating:
    return Rating(row.subject, row.game, row.players, Skill(row.mu, row.sigma), row.games)


def _move(row: MoveRow) -> MoveRecord:
    return MoveRecord(row.seq, row.seat, row.move, row.client_id, row.source)


def _chat(row: ChatMessageRow) -> ChatRecord:
    return ChatRecord(
        row.table_id,
        row.seq,
        row.channel,
        row.author_key,
        row.author_name,
        row.seat,
        row.text,
        row.created_at,
    )


@dataclass
class _Pending:
    """A move waiting for the next group commit."""

    row: dict[str, Any]
    table: dict[str, Any]
    done: asyncio.Future[None]
    fence: Fence | None = None  # the lease a bot's or the clock's move is made under


def _answer(pending: _Pending, error: Exception | None) -> None:
    if pending.done.done():  # the mover went away (shutdown); the write stands
        return
    if error is None:
        pending.done.set_result(None)
    else:
        pending.done.set_exception(error)


async def _all_held(session: AsyncSession, table_id: str) -> bool:
    """Every human seat of the table is claimed or handed to a bot (it may start)."""
    free = await session.scalar(
        select(func.count())
        .select_from(SeatRow)
        .where(
            SeatRow.table_id == table_id,
            SeatRow.kind == "human",
            SeatRow.token_hash.is_(None),
            SeatRow.bot_override.is_(None),
        )
    )
    return not free


async def _check_fence(session: AsyncSession, table_id: str, fence: Fence) -> None:
    """DuplicateError unless ``fence``'s holder holds ``table_id``'s lease at its epoch; the
    lease row stays locked (shared) to the commit, so a takeover waits for this write."""
    epoch = await session.scalar(
        select(TableLeaseRow.epoch)
        .where(TableLeaseRow.table_id == table_id, TableLeaseRow.holder == fence.holder)
        .with_for_update(read=True)
    )
    if epoch != fence.epoch:
        raise DuplicateError(f"table {table_id}: the lease passed to another process")


def _sqlite_pragmas(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in (
        "PRAGMA journal_mode=WAL",
        "PRAGMA synchronous=FULL",
        "PRAGMA foreign_keys=ON",
        "PRAGMA busy_timeout=30000",
    ):
        cursor.execute(pragma)
    cursor.close()


def hidden_password(url: str) -> str:
    """The URL fit to print: its password masked."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(an unreadable database URL)"


ASYNC_DRIVERS = {"sqlite": "aiosqlite", "postgresql": "asyncpg"}


def check_url(url: str) -> None:
    """ConfigError unless ``url`` names a database this server runs on, with its async driver."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ConfigError(f"--database {hidden_password(url)} is not a database URL") from None
    backend, driver = parsed.get_backend_name(), parsed.get_driver_name()
    if ASYNC_DRIVERS.get(backend) != driver:
        raise ConfigError(
            "--database takes sqlite+aiosqlite:///PATH or postgresql+asyncpg://USER@HOST/DB, "
            f"not {excerpt(hidden_password(url))}"
        )


DB_POOL = 32  # connections a server keeps to PostgreSQL (each one a backend process there)


def make_engine(url: str) -> AsyncEngine:
    """An async engine for ``url``, with SQLite's pragmas where it is SQLite.

    A server database keeps a pool of connections open: with SQLAlchemy's default (5, and 10
    more opened and closed as needed) a busy server opened a new PostgreSQL connection, a new
    backend process, for most moves (451 in 40 s at 200 tables; benchmarks/web_load.py)."""
    if url.startswith("sqlite"):
        engine = create_async_engine(url)
    else:
        engine = create_async_engine(url, pool_pre_ping=True, pool_size=DB_POOL, max_overflow=0)
    if engine.dialect.name == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


class Store:
    """The server's only door to the database."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.sessions = async_sessionmaker(engine, expire_on_commit=False)
        self._write_lock = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        self._move_writer = SqliteMoveWriter.for_file(engine, _sqlite_pragmas)
        self._batch: list[_Pending] = []
        self._flusher: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, settings: Settings) -> Store:
        """Open the database of ``settings`` (creating the data folder for SQLite) and migrate it
        to the newest revision; StoreError (its first line) when it cannot be opened."""
        async with _as_store_errors():
            if not settings.database:
                settings.data_dir.mkdir(parents=True, exist_ok=True)
            engine = make_engine(settings.database_url)
            try:
                await migrate.upgrade(engine)
            except BaseException:
                await engine.dispose()
                raise
        return cls(engine)

    async def close(self) -> None:
        if self._move_writer is not None:
            self._move_writer.close()
        await self.engine.dispose()

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[AsyncSession]:
        """A session to read with, its errors the service's."""
        async with _as_store_errors(), self.sessions() as session:
            yield session

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[AsyncSession]:
        """A session whose transaction commits on leaving (one writer at a time on SQLite), its
        errors the service's."""
        async with _as_store_errors():
            if self._write_lock is None:
                async with self.sessions() as session, session.begin():
                    yield session
                return
            async with self._write_lock, self.sessions() as session, session.begin():
                yield session

    async def ping(self) -> None:
        async with self._read() as session:
            await session.execute(select(1))

    # --- tables -----------------------------------------------------------------------------

    async def create_table(self, table: TableRecord, seats: Sequence[Seat]) -> None:
        """Store a new table with its seats (in seat order)."""
        async with self._write() as session:
            session.add(_table_row(table))
            await session.flush()  # the table first: the seats refer to it
            session.add_all(
                SeatRow(table_id=table.id, seat=index, **_seat_fields(seat))
                for index, seat in enumerate(seats)
            )

    async def load(self, table_id: str) -> StoredTable | None:
        """One table with its seats and moves, or None."""
        async with self._read() as session:
            table = await session.get(TableRow, table_id)
            if table is None:
                return None
            return await self._complete(session, table)

    async def load_unfinished(self) -> list[StoredTable]:
        """Every table waiting or playing: what start-up rebuilds."""
        async with self._read() as session:
            rows = await session.scalars(
                select(TableRow).where(TableRow.status != OVER).order_by(TableRow.created_at)
            )
            return [await self._complete(session, table) for table in rows.all()]

    async def _complete(self, session: AsyncSession, table: TableRow) -> StoredTable:
        seats = await session.scalars(
            select(SeatRow).where(SeatRow.table_id == table.id).order_by(SeatRow.seat)
        )
        moves = await session.scalars(
            select(MoveRow).where(MoveRow.table_id == table.id).order_by(MoveRow.seq)
        )
        return StoredTable(
            _table_record(table),
            [_seat(row) for row in seats.all()],
            [_move(row) for row in moves.all()],
        )

    async def listed(self, limit: int) -> list[str]:
        """Ids of listed tables not over, newest first."""
        async with self._read() as session:
            rows = await session.scalars(
                select(TableRow.id)
                .where(TableRow.listed.is_(True), TableRow.status != OVER)
                .order_by(TableRow.created_at.desc())
                .limit(limit)
            )
            return list(rows.all())

    # --- seats ------------------------------------------------------------------------------

    async def update_seat(
        self,
        table_id: str,
        index: int,
        seat: Seat,
        status: TableStatus | None = None,
        at: datetime | None = None,
        claim: bool = False,
    ) -> TableStatus | None:
        """Store seat ``index`` as ``seat`` (and the table's new status with it, in the same
        transaction; a table that starts playing starts its first turn's clock ``at``, default
        now). ``claim``: only a free seat is taken (DuplicateError, nothing written, when it
        is not). A waiting table whose every human seat is now held starts playing even when
        another process took the other seats: the table's row is locked first, so seat changes
        of one table are stored one at a time. Returns the table's status as stored."""
        async with self._write() as session:
            current = await session.scalar(
                select(TableRow.status).where(TableRow.id == table_id).with_for_update()
            )
            seat_row = [SeatRow.table_id == table_id, SeatRow.seat == index]
            if claim:
                seat_row.append(SeatRow.token_hash.is_(None))
            changed = await session.execute(
                update(SeatRow).where(*seat_row).values(_seat_fields(seat))
            )
            if claim and changed.rowcount != 1:  # type: ignore[attr-defined]
                raise DuplicateError(f"table {table_id}: seat {index} is taken")
            if status is None and current == WAITING and await _all_held(session, table_id):
                status = TableStatus.PLAYING
            now = at or utcnow()
            values: dict[str, Any] = {"updated_at": now}
            if status is not None:
                values["status"] = status.value
            if status is TableStatus.PLAYING:
                values["turn_began_at"] = now
            await session.execute(update(TableRow).where(TableRow.id == table_id).values(values))
            if status is not None:
                return status
            return None if current is None else TableStatus(current)

    # --- moves ------------------------------------------------------------------------------

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
    ) -> None:
        """Store move ``seq`` (made ``at``, default now: the next turn begins then) and the
        table's new version, committed when this returns;
        DuplicateError if move ``seq`` or this (seat, client id) is already stored, or when
        ``fence`` is given and its holder no longer holds the table's lease at its epoch (several
        processes: service/leases.py), StoreError if the store did not take it.

        The moves of all tables waiting at the same moment are committed together, one
        transaction and one fsync for the lot (group commit). On SQLite, one writer per file, a
        commit per move would cap the whole server at one fsync per move; on PostgreSQL a
        transaction per move measured act-to-ack p95 598 ms at 200 tables of 4 clients, the
        batches 32 ms (benchmarks/web_load.py, docs/server.md). A batch that breaks a unique
        constraint is written again move by move, so each move gets its own answer."""
        now = at or utcnow()
        table: dict[str, Any] = {"version": seq + 1, "updated_at": now, "turn_began_at": now}
        if finished:
            table |= {"status": OVER, "finished_at": now, "turn_began_at": None}
        row = {
            "table_id": table_id,
            "seq": seq,
            "seat": seat,
            "move": move,
            "client_id": client_id,
            "source": source,
            "created_at": now,
        }
        pending = _Pending(row, table, asyncio.get_running_loop().create_future(), fence)
        self._batch.append(pending)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await pending.done

    async def _flush(self) -> None:
        while self._batch:
            batch, self._batch = self._batch, []
            try:
                await self._write_moves(batch)
            except DuplicateError:
                for pending in batch:
                    try:
                        await self._write_moves([pending])
                    except Exception as error:
                        _answer(pending, error)
                    else:
                        _answer(pending, None)
                continue
            except Exception as error:
                for pending in batch:
                    _answer(pending, error)
                continue
            for pending in batch:
                _answer(pending, None)

    async def _write_moves(self, batch: list[_Pending]) -> None:
        moves = [pending.row for pending in batch]
        tables = [(pending.row["table_id"], pending.table) for pending in batch]
        if self._move_writer is not None and self._write_lock is not None:  # SQLite
            async with _as_store_errors(), self._write_lock:
                await self._move_writer.write(moves, tables)  # one call on its own thread
            return
        async with self._write() as session:
            # the leases' rows in table order, as a holder's renewal locks them (cluster_store):
            # a batch and a renewal never wait on each other's rows (a deadlock fails both)
            fenced = sorted(
                (pending.row["table_id"], pending.fence)
                for pending in batch
                if pending.fence is not None
            )
            for table_id, fence in fenced:
                await _check_fence(session, table_id, fence)
            # the tables' rows in one order, so two processes' batches never wait on each other
            ordered = sorted(tables, key=lambda change: str(change[0]))
            await write_moves_async(await session.connection(), moves, ordered)

    async def forfeit(
        self, table_id: str, seat: int, version: int, fence: Fence | None = None
    ) -> None:
        """End a playing table at ``version`` by the forfeit of ``seat`` (its move clock ran
        out); DuplicateError, nothing written, when the table is not playing at that version any
        more or ``fence``'s holder lost the table's lease."""
        now = utcnow()
        values = {
            "status": OVER,
            "finished_at": now,
            "updated_at": now,
            "turn_began_at": None,
            "forfeited_seat": seat,
        }
        async with self._write() as session:
            if fence is not None:
                await _check_fence(session, table_id, fence)
            ended = await session.execute(
                update(TableRow)
                .where(
                    TableRow.id == table_id,
                    TableRow.status == PLAYING,
                    TableRow.version == version,
                )
                .values(values)
            )
            if ended.rowcount != 1:  # type: ignore[attr-defined]
                raise DuplicateError(f"table {table_id} is not playing at version {version}")

    async def find_client_move(self, table_id: str, seat: int, client_id: str) -> int | None:
        """The seq of the move stored for (seat, client id), if any."""
        async with self._read() as session:
            found: int | None = await session.scalar(
                select(MoveRow.seq).where(
                    MoveRow.table_id == table_id,
                    MoveRow.seat == seat,
                    MoveRow.client_id == client_id,
                )
            )
            return found

    # --- retention --------------------------------------------------------------------------

    async def expired(
        self, finished_before: datetime, idle_before: datetime, waiting_before: datetime
    ) -> list[str]:
        """Ids of tables past retention: over before ``finished_before`` with no seat that
        belongs to a player (a player's finished games are kept: their games list links them),
        playing without a move since ``idle_before`` (abandoned), or waiting for players since
        ``waiting_before``."""
        owned = exists().where(SeatRow.table_id == TableRow.id, SeatRow.player_id.is_not(None))
        async with self._read() as session:
            rows = await session.scalars(
                select(TableRow.id).where(
                    ((TableRow.status == OVER) & (TableRow.finished_at < finished_before) & ~owned)
                    | ((TableRow.status == PLAYING) & (TableRow.updated_at < idle_before))
                    | ((TableRow.status == WAITING) & (TableRow.created_at < waiting_before))
                )
            )
            return list(rows.all())

    async def delete_tables(self, table_ids: Sequence[str]) -> None:
        if not table_ids:
            return
        async with self._write() as session:
            ids = list(table_ids)
            await session.execute(delete(MoveRow).where(MoveRow.table_id.in_(ids)))
            await session.execute(delete(ChatMessageRow).where(ChatMessageRow.table_id.in_(ids)))
            await session.execute(delete(RematchOfferRow).where(RematchOfferRow.table_id.in_(ids)))
            await session.execute(delete(SeatRow).where(SeatRow.table_id.in_(ids)))
            await session.execute(delete(TableRow).where(TableRow.id.in_(ids)))

    # --- players ----------------------------------------------------------------------------

    async def create_player(self, player: Player, secret_hash: str) -> None:
        """Store a new player with its first session."""
        async with self._write() as session:
            session.add(
                PlayerRow(
                    id=player.id,
                    display_name=player.name,
                    username=player.username,
                    created_at=player.created_at,
                )
            )
            await session.flush()  # the player first: the session refers to it
            session.add(
                PlayerSessionRow(
                    secret_hash=secret_hash, player_id=player.id, created_at=player.created_at
                )
            )

    async def session_player(self, secret_hash: str) -> Player | None:
        """The player of a session that has not been revoked, or None."""
        async with self._read() as session:
            row = await session.scalar(
                select(PlayerRow)
                .join(PlayerSessionRow, PlayerSessionRow.player_id == PlayerRow.id)
                .where(
                    PlayerSessionRow.secret_hash == secret_hash,
                    PlayerSessionRow.revoked_at.is_(None),
                )
            )
            return None if row is None else _player(row)

    async def rename_player(self, player_id: str, name: str) -> None:
        async with self._write() as session:
            await session.execute(
                update(PlayerRow).where(PlayerRow.id == player_id).values(display_name=name)
            )

    # --- chat -------------------------------------------------------------------------------

    async def load_chat(self, table_id: str, per_channel: int) -> StoredChat:
        """The table's chat: open or closed, the next seq, the latest ``per_channel`` messages
        of each channel (oldest first)."""
        async with self._read() as session:
            open_ = await session.scalar(select(TableRow.chat_open).where(TableRow.id == table_id))
            last = await session.scalar(
                select(func.max(ChatMessageRow.seq)).where(ChatMessageRow.table_id == table_id)
            )
            channels = await session.scalars(
                select(ChatMessageRow.channel).where(ChatMessageRow.table_id == table_id).distinct()
            )
            messages: list[ChatRecord] = []
            for channel in channels.all():
                rows = await session.scalars(
                    select(ChatMessageRow)
                    .where(ChatMessageRow.table_id == table_id, ChatMessageRow.channel == channel)
                    .order_by(ChatMessageRow.seq.desc())
                    .limit(per_channel)
                )
                messages.extend(_chat(row) for row in rows.all())
        messages.sort(key=lambda message: message.seq)
        return StoredChat(open_ is not False, (last or 0) + 1, messages)

    async def player_name(self, player_id: str) -> str | None:
        """A player's display name (a chat author's), or None."""
        async with self._read() as session:
            name: str | None = await session.scalar(
                select(PlayerRow.display_name).where(PlayerRow.id == player_id)
            )
            return name

    async def append_chat(self, message: ChatRecord) -> None:
        """Store one message, committed when this returns (DuplicateError: its seq is taken)."""
        async with self._write() as session:
            session.add(
                ChatMessageRow(
                    table_id=message.table_id,
                    seq=message.seq,
                    channel=message.channel,
                    author_key=message.author_key,
                    author_name=message.author_name,
                    seat=message.seat,
                    text=message.text,
                    created_at=message.created_at,
                )
            )

    async def set_chat_open(self, table_id: str, open_: bool) -> None:
        async with self._write() as session:
            await session.execute(
                update(TableRow).where(TableRow.id == table_id).values(chat_open=open_)
            )

    async def chat_transcript(
        self, table_id: str, channels: Sequence[str], limit: int
    ) -> list[ChatRecord]:
        """The first ``limit`` messages of ``channels``, in order (the replay page)."""
        async with self._read() as session:
            rows = await session.scalars(
                select(ChatMessageRow)
                .where(
                    ChatMessageRow.table_id == table_id,
                    ChatMessageRow.channel.in_(list(channels)),
                )
                .order_by(ChatMessageRow.seq)
                .limit(limit)
            )
            return [_chat(row) for row in rows.all()]

    # --- accounts ---------------------------------------------------------------------------

    async def make_account(
        self, player_id: str, username: str, password_hash: str, secret_hash: str
    ) -> bool:
        """Give the guest ``player_id`` a username and password, end its sessions and start a
        new one, in one transaction; False when the username is taken (or the player is no
        guest)."""
        try:
            async with self._write() as session:
                made = await session.execute(
                    update(PlayerRow)
                    .where(PlayerRow.id == player_id, PlayerRow.username.is_(None))
                    .values(username=username, password_hash=password_hash)
                )
                if made.rowcount != 1:  # type: ignore[attr-defined]
                    return False
                now = utcnow()
                await session.execute(
                    update(PlayerSessionRow)
                    .where(
                        PlayerSessionRow.player_id == player_id,
                        PlayerSessionRow.revoked_at.is_(None),
                    )
                    .values(revoked_at=now)
                )
                session.add(
                    PlayerSessionRow(secret_hash=secret_hash, player_id=player_id, created_at=now)
                )
        except DuplicateError:
            return False
        return True

    async def account(self, username: str) -> tuple[Player, str] | None:
        """The account of ``username`` (stored lower case) and its password hash, or None."""
        async with self._read() as session:
            row = await session.scalar(select(PlayerRow).where(PlayerRow.username == username))
            if row is None or row.password_hash is None:
                return None
            return _player(row), row.password_hash

    async def start_session(self, player_id: str, secret_hash: str, ending: str | None) -> None:
        """A new session of ``player_id``; the session ``ending`` (the browser's last) ends."""
        async with self._write() as session:
            now = utcnow()
            if ending is not None:
                await session.execute(
                    update(PlayerSessionRow)
                    .where(
                        PlayerSessionRow.secret_hash == ending,
                        PlayerSessionRow.revoked_at.is_(None),
                    )
                    .values(revoked_at=now)
                )
            session.add(
                PlayerSessionRow(secret_hash=secret_hash, player_id=player_id, created_at=now)
            )

    async def end_session(self, secret_hash: str) -> None:
        async with self._write() as session:
            await session.execute(
                update(PlayerSessionRow)
                .where(
                    PlayerSessionRow.secret_hash == secret_hash,
                    PlayerSessionRow.revoked_at.is_(None),
                )
                .values(revoked_at=utcnow())
            )

    async def end_sessions(self, player_id: str) -> int:
        """End every open session of ``player_id``; how many there were."""
        async with self._write() as session:
            ended = await session.execute(
                update(PlayerSessionRow)
                .where(
                    PlayerSessionRow.player_id == player_id,
                    PlayerSessionRow.revoked_at.is_(None),
                )
                .values(revoked_at=utcnow())
            )
            count: int = ended.rowcount  # type: ignore[attr-defined]
            return count

    async def change_password(self, player_id: str, password_hash: str, secret_hash: str) -> None:
        """A new password hash for ``player_id``: its sessions end and one new one starts."""
        async with self._write() as session:
            now = utcnow()
            await session.execute(
                update(PlayerRow)
                .where(PlayerRow.id == player_id)
                .values(password_hash=password_hash)
            )
            await session.execute(
                update(PlayerSessionRow)
                .where(
                    PlayerSessionRow.player_id == player_id,
                    PlayerSessionRow.revoked_at.is_(None),
                )
                .values(revoked_at=now)
            )
            session.add(
                PlayerSessionRow(secret_hash=secret_hash, player_id=player_id, created_at=now)
            )

    # --- API tokens -------------------------------------------------------------------------

    async def add_api_token(self, token: ApiToken, token_hash: str, most: int) -> bool:
        """Store a token unless its player already has ``most``: whether it was stored."""
        async with self._write() as session:
            held = await session.scalar(
                select(func.count())
                .select_from(ApiTokenRow)
                .where(ApiTokenRow.player_id == token.player_id)
            )
            if (held or 0) >= most:
                return False
            session.add(
                ApiTokenRow(
                    id=token.id,
                    player_id=token.player_id,
                    name=token.name,
                    token_hash=token_hash,
                    created_at=token.created_at,
                )
            )
            return True

    async def api_tokens(self, player_id: str) -> list[ApiToken]:
        async with self._read() as session:
            rows = await session.scalars(
                select(ApiTokenRow)
                .where(ApiTokenRow.player_id == player_id)
                .order_by(ApiTokenRow.created_at, ApiTokenRow.id)
            )
            return [ApiToken(r.id, r.player_id, r.name, r.created_at) for r in rows]

    async def delete_api_token(self, player_id: str, token_id: str) -> bool:
        """Delete one of ``player_id``'s tokens: whether there was one."""
        async with self._write() as session:
            deleted = await session.execute(
                delete(ApiTokenRow).where(
                    ApiTokenRow.player_id == player_id, ApiTokenRow.id == token_id
                )
            )
            return bool(deleted.rowcount)  # type: ignore[attr-defined]

    async def api_token_player(self, token_hash: str) -> Player | None:
        async with self._read() as session:
            row = await session.scalar(
                select(PlayerRow)
                .join(ApiTokenRow, ApiTokenRow.player_id == PlayerRow.id)
                .where(ApiTokenRow.token_hash == token_hash)
            )
            return None if row is None else _player(row)

    async def find_player(self, player_id: str) -> Player | None:
        async with self._read() as session:
            row = await session.get(PlayerRow, player_id)
            return None if row is None else _player(row)

    # --- results and ratings ----------------------------------------------------------------

    async def skills(self, game: str, players: int, subjects: Sequence[str]) -> dict[str, Skill]:
        """The stored skills of ``subjects`` at (game, players); a subject never rated there is
        missing."""
        if not subjects:
            return {}
        async with self._read() as session:
            rows = await session.scalars(
                select(RatingRow).where(
                    RatingRow.game == game,
                    RatingRow.players == players,
                    RatingRow.subject.in_(list(subjects)),
                )
            )
            return {row.subject: Skill(row.mu, row.sigma) for row in rows.all()}

    async def save_results(
        self, results: Sequence[SeatResult], skills: Mapping[str, Skill]
    ) -> None:
        """A finished table's results with its subjects' new skills (each one more game, one
        point of history), in one transaction; DuplicateError, with nothing written, when the
        table's results are stored already."""
        if not results:
            return
        first = results[0]
        game, players, table_id, when = first.game, first.players, first.table_id, first.finished_at
        async with self._write() as session:
            await session.execute(insert(ResultRow), [_result_fields(r) for r in results])
            stored = await session.scalars(
                select(RatingRow).where(
                    RatingRow.game == game,
                    RatingRow.players == players,
                    RatingRow.subject.in_(list(skills)),
                )
            )
            known = {row.subject: row for row in stored.all()}
            for subject, skill in sorted(skills.items()):
                row = known.get(subject)
                if row is None:
                    session.add(
                        RatingRow(
                            subject=subject,
                            game=game,
                            players=players,
                            mu=skill.mu,
                            sigma=skill.sigma,
                            games=1,
                            updated_at=when,
                        )
                    )
                else:
                    row.mu, row.sigma, row.games, row.updated_at = (
                        skill.mu,
                        skill.sigma,
                        row.games + 1,
                        when,
                    )
                session.add(
                    RatingHistoryRow(
                        subject=subject,
                        game=game,
                        players=players,
                        table_id=table_id,
                        mu=skill.mu,
                        sigma=skill.sigma,
                        rated_at=when,
                    )
                )

    async def unrecorded(self) -> list[str]:
        """Ids of finished tables without results, oldest first."""
        async with self._read() as session:
            recorded = select(ResultRow.table_id).where(ResultRow.table_id == TableRow.id)
            rows = await session.scalars(
                select(TableRow.id)
                .where(TableRow.status == OVER, ~recorded.exists())
                .order_by(TableRow.finished_at, TableRow.id)
            )
            return list(rows.all())

    async def standings(self, game: str, players: int, limit: int) -> list[Standing]:
        """The best ``limit`` ratings at (game, players) by ordinal, with the players' current
        public names (a bot's name is its level)."""
        async with self._read() as session:
            ordinal = RatingRow.mu - 3 * RatingRow.sigma
            ratings = await session.scalars(
                select(RatingRow)
                .where(RatingRow.game == game, RatingRow.players == players)
                .order_by(ordinal.desc(), RatingRow.games.desc(), RatingRow.subject)
                .limit(limit)
            )
            rows = ratings.all()
            ids = [row.subject.removeprefix("player:") for row in rows]
            people = await session.execute(
                select(PlayerRow.id, PlayerRow.display_name, PlayerRow.username).where(
                    PlayerRow.id.in_(ids)
                )
            )
            names = {pid: (name, username is None) for pid, name, username in people.all()}
            out = []
            for row in rows:
                if row.subject.startswith("bot:"):
                    out.append(Standing(_rating(row), row.subject.removeprefix("bot:"), None))
                elif row.subject.removeprefix("player:") in names:
                    name, guest = names[row.subject.removeprefix("player:")]
                    out.append(Standing(_rating(row), name, guest))
            return out

    async def games_of(self, player_id: str, limit: int) -> list[list[SeatResult]]:
        """The player's latest ``limit`` finished games, newest first, each with every seat's
        result in seat order."""
        async with self._read() as session:
            tables = await session.scalars(
                select(ResultRow.table_id)
                .where(ResultRow.player_id == player_id)
                .group_by(ResultRow.table_id)
                .order_by(func.max(ResultRow.finished_at).desc(), ResultRow.table_id)
                .limit(limit)
            )
            ids = list(tables.all())
            if not ids:
                return []
            rows = await session.scalars(
                select(ResultRow).where(ResultRow.table_id.in_(ids)).order_by(ResultRow.seat)
            )
            by_table: dict[str, list[SeatResult]] = {table_id: [] for table_id in ids}
            for row in rows.all():
                by_table[row.table_id].append(_result(row))
            return [by_table[table_id] for table_id in ids]

    async def games_played(self, player_id: str) -> int:
        async with self._read() as session:
            count = await session.scalar(
                select(func.count(func.distinct(ResultRow.table_id))).where(
                    ResultRow.player_id == player_id
                )
            )
            return int(count or 0)

    async def tables_kept(self, table_ids: Sequence[str]) -> set[str]:
        """Which of ``table_ids`` are still stored (their replays open)."""
        if not table_ids:
            return set()
        async with self._read() as session:
            rows = await session.scalars(
                select(TableRow.id).where(TableRow.id.in_(list(table_ids)))
            )
            return set(rows.all())

    async def ratings_of(self, subject: str) -> list[Rating]:
        async with self._read() as session:
            rows = await session.scalars(
                select(RatingRow)
                .where(RatingRow.subject == subject)
                .order_by(RatingRow.game, RatingRow.players)
            )
            return [_rating(row) for row in rows.all()]

    async def history_of(self, subject: str) -> list[RatingPoint]:
        """Every rating the subject had after a rated game, oldest first."""
        async with self._read() as session:
            rows = await session.scalars(
                select(RatingHistoryRow)
                .where(RatingHistoryRow.subject == subject)
                .order_by(RatingHistoryRow.rated_at, RatingHistoryRow.id)
            )
            return [
                RatingPoint(
                    row.game, row.players, row.table_id, Skill(row.mu, row.sigma), row.rated_at
                )
                for row in rows.all()
            ]

    # --- my games ---------------------------------------------------------------------------

    async def player_seats(self, player_id: str, finished: bool, limit: int) -> list[PlayerSeat]:
        """The seats that belong to ``player_id``: of finished tables (newest finished first) or
        of tables waiting or playing (newest first), at most ``limit``."""
        over = TableRow.status == OVER
        order = TableRow.finished_at.desc() if finished else TableRow.created_at.desc()
        async with self._read() as session:
            rows = await session.execute(
                select(SeatRow.table_id, SeatRow.seat)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(SeatRow.player_id == player_id, over if finished else ~over)
                .order_by(order, SeatRow.seat)
                .limit(limit)
            )
            return [PlayerSeat(table_id, seat) for table_id, seat in rows.all()]

    # --- rematches --------------------------------------------------------------------------

    async def save_rematch(self, table_id: str, offer: Offer) -> None:
        """Store the rematch offered at ``table_id``'s end (replacing an earlier one)."""
        async with self._write() as session:
            await session.execute(
                delete(RematchOfferRow).where(RematchOfferRow.table_id == table_id)
            )
            session.add(
                RematchOfferRow(
                    table_id=table_id,
                    offered_by=offer.offered_by,
                    answers=list(offer.answers),
                    created_at=utcnow(),
                )
            )

    async def load_rematch(self, table_id: str) -> Offer | None:
        """The rematch offered at ``table_id``'s end, with the new table once it started."""
        async with self._read() as session:
            row = await session.get(RematchOfferRow, table_id)
            if row is None:
                return None
            started = await session.scalar(
                select(TableRow.id).where(TableRow.rematch_of == table_id).limit(1)
            )
            return Offer(row.offered_by, list(row.answers), started)
