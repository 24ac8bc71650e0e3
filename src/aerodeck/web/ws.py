"""The table's WebSocket (docs/web-protocol.md): hello, then acts and pings, each frame checked
for size, rate and shape before it reaches the move path."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Mapping
from typing import Any

from fastapi import WebSocket
from starlette.websockets import WebSocketState

from aerodeck.web.frames import (
    BAD_TOKEN,
    MALFORMED,
    NO_TABLE,
    RATE_LIMIT,
    TOO_BIG,
    TOO_MANY,
    Act,
    Hello,
    MalformedFrameError,
    Ping,
    parse_frame,
)
from aerodeck.web.hub import Hub
from aerodeck.web.limits import TokenBucket
from aerodeck.web.settings import Settings
from aerodeck.web.tables import Connection, Table

log = logging.getLogger("aerodeck.web")
CLOSE_WAIT = 5.0  # seconds the writer gets to flush and close


class RefusedError(Exception):
    """Close the connection with a code and a reason."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def _text(message: Mapping[str, Any], limit: int) -> str | None:
    """The text of a received message; None when the peer left; RefusedError when it is no frame."""
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if not isinstance(text, str):
        raise RefusedError(MALFORMED, "malformed frame: frames are JSON text")
    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise RefusedError(TOO_BIG, f"frame too big: over {limit} bytes")
    return text


async def _close_now(ws: WebSocket, code: int, reason: str) -> None:
    """Close a connection that has no writer yet (before the welcome)."""
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "code": code, "reason": reason}))
        await ws.close(code, reason[:120])


async def table_socket(ws: WebSocket) -> None:
    """One connection: a seat or a spectator of one table."""
    hub: Hub = ws.app.state.hub
    settings: Settings = hub.settings
    await ws.accept()
    try:
        try:
            first = await asyncio.wait_for(ws.receive(), settings.hello_timeout)
        except TimeoutError:
            raise RefusedError(MALFORMED, "no hello") from None
        text = _text(first, settings.max_frame_bytes)
        if text is None:
            return
        try:
            hello = parse_frame(text)
        except MalformedFrameError as error:
            raise RefusedError(MALFORMED, str(error)) from None
        if not isinstance(hello, Hello):
            raise RefusedError(MALFORMED, "the first frame must be a hello")
        table = await hub.get(hello.table)
        if table is None:
            raise RefusedError(NO_TABLE, "no such table")
        seat = None
        if hello.token is not None:
            seat = table.seat_of(hello.token)
            if seat is None:
                raise RefusedError(BAD_TOKEN, "bad token: no seat of this table has it")
        full = hub.admission(table, seat)
        if full is not None:
            raise RefusedError(TOO_MANY, full)
    except RefusedError as refuse:
        await _close_now(ws, refuse.code, refuse.reason)
        return
    if seat is None:
        bucket = TokenBucket(settings.spectator_rate, settings.spectator_burst)
    else:
        bucket = TokenBucket(settings.player_rate, settings.player_burst)
    conn = Connection(ws, seat, bucket, settings.outgoing_queue)
    writer = asyncio.create_task(conn.write())
    try:
        await hub.attach(table, conn, hello.last_version)
        await _serve(hub, table, conn, settings)
    except RefusedError as refuse:
        conn.close(refuse.code, refuse.reason)
    except Exception:  # a peer gone mid-send and the like: this connection only
        log.debug("connection to table %s ended", table.id, exc_info=True)
    finally:
        await hub.detach(table, conn)
        if conn.closing and ws.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(TimeoutError, Exception):
                await asyncio.wait_for(writer, CLOSE_WAIT)
        writer.cancel()


async def _serve(hub: Hub, table: Table, conn: Connection, settings: Settings) -> None:
    """Read frames until the peer leaves or the connection is closed."""
    while not conn.closing:
        message = await conn.ws.receive()
        text = _text(message, settings.max_frame_bytes)
        if text is None or conn.closing:
            return
        if not conn.bucket.take():
            raise RefusedError(RATE_LIMIT, "rate limit: too many frames")
        try:
            frame = parse_frame(text)
        except MalformedFrameError as error:
            raise RefusedError(MALFORMED, str(error)) from None
        if isinstance(frame, Ping):
            conn.send('{"type":"pong"}')
        elif isinstance(frame, Act):
            await hub.submit(table, conn.seat, frame.move, frame.id, frame.version, "human", conn)
        else:
            raise RefusedError(MALFORMED, "a second hello")
