"""The table's WebSocket (``/ws``, docs/web-protocol.md): a Starlette WebSocket adapted to the
service's ``Connection``, with a queue of outgoing frames written by the connection's own task,
so a slow client never holds a table's lock. The session itself is the service's
(``aerodeck.web.service.session``)."""

from __future__ import annotations

import asyncio
import contextlib
import json

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketState

from aerodeck.core.i18n import ENGLISH
from aerodeck.web.routers.players import player_of
from aerodeck.web.service.connection import FrameError
from aerodeck.web.service.frames import MALFORMED, TOO_SLOW
from aerodeck.web.service.hub import Hub
from aerodeck.web.service.session import run_session

router = APIRouter()
CLOSE_WAIT = 5.0  # seconds the writer gets to flush and close


class WebSocketConnection:
    """One WebSocket as the service's ``Connection``: its seat (None: a spectator, or no hello
    yet) and a queue of outgoing frames, then the close."""

    def __init__(self, ws: WebSocket, queue: int, player_id: str | None) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.player_id = player_id
        self.address = ws.client.host if ws.client else "unknown"
        self.language: str = ws.scope.get("state", {}).get("language", ENGLISH)
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue(maxsize=queue)
        self.closing = False

    async def receive(self) -> str | None:
        message = await self.ws.receive()
        if message["type"] == "websocket.disconnect":
            return None
        text = message.get("text")
        if not isinstance(text, str):
            raise FrameError(MALFORMED, "malformed frame: frames are JSON text")
        return text

    def send(self, text: str) -> None:
        """Queue a frame; a connection that cannot keep up is closed (4500) to reconnect."""
        if self.closing:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(TOO_SLOW, "too slow: reconnect with last_version")

    def close(self, code: int, reason: str) -> None:
        """Send an error frame and close with ``code`` after the frames already queued."""
        if self.closing:
            return
        self.closing = True
        while self.queue.full():
            self.queue.get_nowait()  # the close must get through; the frames are moot
        self.queue.put_nowait((code, reason))

    async def write(self) -> None:
        """The connection's writer task: frames in order, then the close."""
        while True:
            item = await self.queue.get()
            if isinstance(item, tuple):
                code, reason = item
                error = json.dumps({"type": "error", "code": code, "reason": reason})
                try:
                    await self.ws.send_text(error)
                    await self.ws.close(code, reason[:120])
                except Exception:  # the peer may be gone already
                    pass
                return
            try:
                await self.ws.send_text(item)
            except Exception:  # the peer is gone: the reader sees it and detaches
                self.closing = True
                return


@router.websocket("/ws")
async def table_socket(ws: WebSocket) -> None:
    """One connection: a seat or a spectator of one table (``/ws?table=ID``: the proxy routes
    every connection of a table to one process; a hello for another table is refused)."""
    hub: Hub = ws.app.state.hub
    routed = ws.query_params.get("table") or None
    player = await player_of(ws)
    await ws.accept()
    conn = WebSocketConnection(
        ws, hub.settings.outgoing_queue, None if player is None else player.id
    )
    writer = asyncio.create_task(conn.write())
    try:
        await run_session(hub, conn, ws.app.state.rematches, routed)
    finally:
        if conn.closing and ws.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(TimeoutError, Exception):
                await asyncio.wait_for(writer, CLOSE_WAIT)
        writer.cancel()
