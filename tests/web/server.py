"""A real `aerodeck serve` in a subprocess (``aerodeck.testing.server``, shared with the
benchmarks) with the lobby calls the tests make, and a WebSocket client."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import websockets

from aerodeck.client import table_url
from aerodeck.testing.server import ServerProcess

RECV_TIMEOUT = 60.0  # a frame that does not come in a minute is a failure, not a wait
# Every test client is 127.0.0.1, so the wrong-secret throttle is lifted for every server; a
# module's own args come after these and may set it again (the last of an option wins).
THROTTLE_LIFTED = ["--wrong-secrets-per-address", "100000", "--wrong-secrets-per-table", "100000"]


class Server(ServerProcess):
    """One server process over one store (SQLite in ``data_dir`` or ``database``), started
    with ``args`` (by default a lifted creation limit: every test client is 127.0.0.1)."""

    def __init__(self, data_dir: Path, database: str = "", *args: str) -> None:
        flags = list(args) or ["--creations-per-ip", "10000"]
        super().__init__(data_dir, database, [*THROTTLE_LIFTED, *flags])

    def restart(self, new_port: bool = True) -> Server:
        """The same store on a new port (the old one may linger in TIME_WAIT)."""
        return super().restart(new_port)

    # --- lobby ------------------------------------------------------------------------------

    def create(self, **body: Any) -> dict[str, Any]:
        response = self.post("/api/tables", body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def finished_bot_game(
        self, game: str, bots: list[str], options: dict[str, Any] | None = None
    ) -> str:
        """A table of ``bots`` only (one a seat), unlisted, played to its end; its id."""
        seats = [{"kind": "bot", "bot": bot} for bot in bots]
        created = self.create(
            game=game, players=len(bots), options=options or {}, seats=seats, listed=False
        )

        async def watch() -> None:
            watcher = Client(self.ws_url, created["table"], None)
            await watcher.connect()
            await watcher.until("end", limit=5000)
            await watcher.close()

        # in a thread of its own: the caller may hold an event loop (Playwright's sync API)
        with ThreadPoolExecutor(1) as worker:
            worker.submit(asyncio.run, watch()).result(timeout=300)
        table_id: str = created["table"]
        return table_id

    def join(self, table: str, seat: int, invite: str | None) -> str:
        response = self.post(f"/api/tables/{table}/join", {"seat": seat, "invite": invite})
        assert response.status_code == 200, response.text
        token: str = response.json()["token"]
        return token


class Client:
    """One WebSocket connection speaking the protocol; every frame it receives is kept."""

    def __init__(self, url: str, table: str, token: str | None, cookie: str | None = None) -> None:
        self.url = url
        self.table = table
        self.token = token
        self.cookie = cookie  # a session cookie ("name=value"): the connection's player
        self.origin: str | None = None  # the Origin header a browser page would send
        self.frames: list[dict[str, Any]] = []
        self.ws: Any = None

    async def connect(self, last_version: int | None = None, chat: bool = False) -> dict[str, Any]:
        """Open, say hello (asking for the table's chat if ``chat``), and return the first frame
        (a welcome, or an error)."""
        headers = {"Cookie": self.cookie} if self.cookie else None
        self.ws = await websockets.connect(
            table_url(self.url, self.table),
            max_size=None,
            open_timeout=RECV_TIMEOUT,
            additional_headers=headers,
            origin=self.origin,
        )
        hello = {
            "type": "hello",
            "table": self.table,
            "token": self.token,
            "last_version": last_version,
        }
        await self.send(hello | {"chat": True} if chat else hello)
        return await self.recv()

    async def send(self, frame: dict[str, Any] | str) -> None:
        await self.ws.send(frame if isinstance(frame, str) else json.dumps(frame))

    async def recv(self) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), RECV_TIMEOUT))
        self.frames.append(frame)
        return frame

    async def act(self, client_id: str, version: int, move: str) -> None:
        await self.send({"type": "act", "id": client_id, "version": version, "move": move})

    async def until(self, kind: str, limit: int = 2000) -> dict[str, Any]:
        """Frames until one of ``kind`` (bounded)."""
        for _ in range(limit):
            frame = await self.recv()
            if frame["type"] == kind:
                return frame
        raise AssertionError(f"no {kind} frame in {limit} frames")

    async def closed_with(self) -> int:
        """Read until the server closes; the close code."""
        try:
            for _ in range(1000):
                await self.recv()
        except websockets.ConnectionClosed as closed:
            assert closed.rcvd is not None
            return int(closed.rcvd.code)
        raise AssertionError("the server did not close the connection")

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
