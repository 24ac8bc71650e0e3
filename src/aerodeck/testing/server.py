"""A real ``aerodeck serve`` in a subprocess on a free loopback port, for the web tests and the
table server's proof scripts (``tests/web``, ``benchmarks/web_*.py``): started, waited for,
killed with SIGKILL, restarted on the same store, always stopped.

Every wait is bounded: /healthz is polled a fixed number of times, each poll a bounded ``wait``
on the process, which also notices a server that died at start-up.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any, Self

import httpx

import aerodeck

SRC = Path(aerodeck.__file__).resolve().parents[1]
START_TRIES = 600  # x 0.1 s: a minute for a cold start on a loaded 2-core machine


def loopback(method: str, url: str, timeout: float, **kwargs: Any) -> httpx.Response:
    """One plain-HTTP call to a server on loopback. ``verify=False`` spares it the CA bundle that
    httpx would load for TLS it never uses (15-30 ms of CPU a call, thousands of calls a run)."""
    return httpx.request(method, url, timeout=timeout, verify=False, **kwargs)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def search_path(inherited: str, *also: str | Path) -> str:
    """A child process's PYTHONPATH: this aerodeck's sources first, then ``also``, then whatever
    the caller's path holds (a game installed into a folder of its own, as the plug-in tests
    install theirs)."""
    first = [str(SRC), *map(str, also)]
    kept = [entry for entry in inherited.split(os.pathsep) if entry and entry not in first]
    return os.pathsep.join([*first, *kept])


def child_environment(*also: str | Path, **extra: str) -> dict[str, str]:
    """This process's environment for a child Python: ``search_path`` as its PYTHONPATH, and
    ``extra`` variables."""
    return {
        **os.environ,
        "PYTHONPATH": search_path(os.environ.get("PYTHONPATH", ""), *also),
        **extra,
    }


class ServerProcess:
    """One server process over one store (SQLite in ``data_dir``, or ``database``), started
    with the command line's ``flags`` (under ``nice`` when given); a ``with`` block stops it."""

    def __init__(
        self, data_dir: Path, database: str = "", flags: list[str] | None = None, nice: int = 0
    ) -> None:
        self.data_dir = data_dir
        self.database = database
        self.flags = list(flags or [])
        self.nice = nice
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = data_dir / "server.log"
        self.starts = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> Self:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "aerodeck.cli.app", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(self.data_dir), "--log-level", "warning", *self.flags]
        if self.database:
            command += ["--database", self.database]
        if self.nice:
            command = ["nice", "-n", str(self.nice), *command]
        env = {**os.environ, "PYTHONPATH": search_path(os.environ.get("PYTHONPATH", ""))}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=log, env=env)
        self.starts += 1
        for _ in range(START_TRIES):
            if self.healthy():
                return self
            try:
                code = self.process.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                continue
            raise RuntimeError(f"the server exited with {code}: {self.log.read_text()[-2000:]}")
        self.stop()
        raise RuntimeError(f"the server did not answer /healthz: {self.log.read_text()[-2000:]}")

    def healthy(self) -> bool:
        try:
            return loopback("GET", f"{self.base}/healthz", 5.0).status_code == 200
        except httpx.TransportError:
            return False

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill9(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def restart(self, new_port: bool = False) -> Self:
        """The same store, on the same port (its listening socket is reused at once) or, with
        ``new_port``, a fresh one (the old one may linger in TIME_WAIT)."""
        if new_port:
            self.port = free_port()
        return self.start()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    def post(self, path: str, body: dict[str, object], timeout: float = 60.0) -> httpx.Response:
        return loopback("POST", f"{self.base}{path}", timeout, json=body)

    def get(self, path: str, timeout: float = 60.0) -> httpx.Response:
        return loopback("GET", f"{self.base}{path}", timeout)
