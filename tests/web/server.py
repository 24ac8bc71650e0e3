"""A real `aerodeck serve` in a subprocess on a free loopback port, and a WebSocket client.

The server is waited for by polling /healthz a bounded number of times (each wait is a bounded
``wait`` on the process, which also notices a server that died at start-up).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import websockets

SRC = Path(__file__).resolve().parents[2] / "src"
START_TRIES = 300  # x 0.1 s: 30 s for a cold start on a loaded 2-core machine
RECV_TIMEOUT = 60.0  # a frame that does not come in a minute is a failure, not a wait


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """One server process over one store (SQLite in ``data_dir`` or ``database``)."""

    def __init__(self, data_dir: Path, database: str = "", *args: str) -> None:
        self.data_dir = data_dir
        self.database = database
        self.args = list(args) or ["--creations-per-ip", "10000"]
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = data_dir / "server.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> Server:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "aerodeck.cli.app", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(self.data_dir), "--log-level", "warning"]
        if self.database:
            command += ["--database", self.database]
        command += self.args
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=log, env=env)
        for _ in range(START_TRIES):
            try:
                if httpx.get(f"{self.base}/healthz", timeout=2.0).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            try:
                code = self.process.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                continue
            raise RuntimeError(f"the server exited with {code}: {self.log.read_text()[-2000:]}")
        self.stop()
        raise RuntimeError(f"the server did not answer /healthz: {self.log.read_text()[-2000:]}")

    def kill9(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)

    def restart(self) -> Server:
        """The same store on a new port (the old one may linger in TIME_WAIT)."""
        self.port = free_port()
        return self.start()

    # --- lobby ------------------------------------------------------------------------------

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(f"{self.base}{path}", json=body, timeout=30.0)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(f"{self.base}{path}", timeout=30.0)

    def create(self, **body: Any) -> dict[str, Any]:
        response = self.post("/api/tables", body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def join(self, table: str, seat: int, invite: str | None) -> str:
        response = self.post(f"/api/tables/{table}/join", {"seat": seat, "invite": invite})
        assert response.status_code == 200, response.text
        token: str = response.json()["token"]
        return token


class Client:
    """One WebSocket connection speaking the protocol; every frame it receives is kept."""

    def __init__(self, url: str, table: str, token: str | None) -> None:
        self.url = url
        self.table = table
        self.token = token
        self.frames: list[dict[str, Any]] = []
        self.ws: Any = None

    async def connect(self, last_version: int | None = None) -> dict[str, Any]:
        """Open, say hello, and return the first frame (a welcome, or an error)."""
        self.ws = await websockets.connect(self.url, max_size=None, open_timeout=RECV_TIMEOUT)
        await self.send(
            {
                "type": "hello",
                "table": self.table,
                "token": self.token,
                "last_version": last_version,
            }
        )
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
