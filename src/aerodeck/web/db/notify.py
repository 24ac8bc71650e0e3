"""The pub/sub between server processes on one PostgreSQL store: LISTEN/NOTIFY (the service's
``Bus``, service/peers.py).

One dedicated asyncpg connection per process, outside SQLAlchemy's pool, listens on the channel
and also sends: the changes told while one NOTIFY is on its way are sent together in the next
(a JSON list, well under PostgreSQL's 8000-byte payload limit). A payload is small: kind, table,
version, the telling process and its clock, for a presence change the seats connected there, and
for an alive change the telling process's incarnation (service/peers.py's ``Change``);
each process reads what it lacks from the store. When the connection drops, the bus reconnects
every second and says it is not listening meanwhile (``/readyz`` answers 503); what was told in
the gap is repaired by the cluster's sweep (service/cluster.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

import asyncpg  # type: ignore[import-untyped]
from sqlalchemy import make_url

from aerodeck.web.service.peers import KINDS, Change

log = logging.getLogger("aerodeck.web")

CHANNEL = "aerodeck_tables"
MAX_PAYLOAD = 7000  # bytes of one NOTIFY (PostgreSQL's limit is 8000)
RECONNECT_EVERY = 1.0  # seconds


def plain_dsn(url: str) -> str:
    """asyncpg's DSN for a SQLAlchemy ``postgresql+asyncpg://`` URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def encode(change: Change) -> list[Any]:
    """One item of a payload: the incarnation only when there is one (the alive changes)."""
    item = [change.kind, change.table, change.version, change.origin, change.sent, change.seats]
    return [*item, change.incarnation] if change.incarnation else item


def decode(item: Any) -> Change | None:
    """A change from one item of a payload (None: not one of ours). Items a later version
    lengthens are read by the fields this one knows, so a rolling upgrade keeps its processes
    hearing each other."""
    try:
        kind, table, version, origin, sent, seats, *rest = item
        if kind not in KINDS:
            return None
        incarnation = str(rest[0]) if rest else ""
        return Change(
            kind, str(table), int(version), str(origin), float(sent), tuple(seats), incarnation
        )
    except (TypeError, ValueError):
        return None


def payloads(changes: list[Change]) -> list[str]:
    """``changes`` as NOTIFY payloads of at most MAX_PAYLOAD bytes each."""
    out: list[str] = []
    batch: list[Any] = []
    size = 2
    for change in changes:
        item = encode(change)
        length = len(json.dumps(item, separators=(",", ":"))) + 1
        if batch and size + length > MAX_PAYLOAD:
            out.append(json.dumps(batch, separators=(",", ":")))
            batch, size = [], 2
        batch.append(item)
        size += length
    if batch:
        out.append(json.dumps(batch, separators=(",", ":")))
    return out


class PostgresBus:
    """LISTEN/NOTIFY on one dedicated connection, reconnected when it drops."""

    def __init__(self, url: str) -> None:
        self.dsn = plain_dsn(url)
        self._hear: Callable[[Change], None] | None = None
        self._conn: asyncpg.Connection | None = None
        self._lost = asyncio.Event()
        self._outbox: list[Change] = []
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self, hear: Callable[[Change], None]) -> None:
        self._hear = hear
        await self._connect()  # the first connection fails start-up loudly
        self._tasks = [
            asyncio.create_task(self._keep_connected()),
            asyncio.create_task(self._send_forever()),
        ]

    def listening(self) -> bool:
        conn = self._conn
        return conn is not None and not conn.is_closed() and not self._lost.is_set()

    def publish(self, change: Change) -> None:
        self._outbox.append(change)
        self._wake.set()

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self._conn is not None and not self._conn.is_closed():
            await self._conn.close(timeout=2)

    async def _connect(self) -> None:
        conn = await asyncpg.connect(self.dsn, timeout=10)
        conn.add_termination_listener(lambda _conn: self._lost.set())
        await conn.add_listener(CHANNEL, self._heard)
        self._conn = conn
        self._lost.clear()

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        if self._hear is None:
            return
        try:
            items = json.loads(payload)
        except ValueError:
            return
        for item in items if isinstance(items, list) else []:
            change = decode(item)
            if change is not None:
                self._hear(change)

    async def _keep_connected(self) -> None:
        while True:
            await self._lost.wait()
            log.warning("the pub/sub connection dropped: reconnecting")
            with contextlib.suppress(Exception):
                if self._conn is not None:
                    self._conn.terminate()
            while True:
                try:
                    await self._connect()
                    log.info("the pub/sub connection is back")
                    break
                except (OSError, asyncpg.PostgresError, TimeoutError):
                    await asyncio.sleep(RECONNECT_EVERY)

    async def _send_forever(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            changes, self._outbox = self._outbox, []
            if not changes:
                continue
            try:
                await self._send(changes)
            except Exception:  # lost: the others' sweep repairs it
                log.warning("the pub/sub lost %d changes", len(changes), exc_info=True)
                self._lost.set()

    async def _send(self, changes: list[Change]) -> None:
        conn = self._conn
        if conn is None or conn.is_closed():
            raise ConnectionError("no pub/sub connection")
        for payload in payloads(changes):
            await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, payload)
