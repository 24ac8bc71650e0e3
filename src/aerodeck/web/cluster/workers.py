"""The cluster's `aerodeck serve` processes: each on a free 127.0.0.1 port, on the one store,
believing X-Forwarded-For from the proxy on this machine only (127.0.0.1), its log in the run
folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import aerodeck
from aerodeck.core.errors import ConfigError
from aerodeck.web.cluster.processes import free_port, log_tail, spawn, stop, wait_until_answering

SRC = Path(aerodeck.__file__).resolve().parents[1]
START_SECONDS = 90.0  # a cold start (imports, migrations) on a loaded 2-core machine
PROXY = "127.0.0.1"  # nginx's address as the processes see it


class Worker:
    """One `aerodeck serve` process of the cluster, number ``number``."""

    def __init__(self, number: int, database: str, run_dir: Path, flags: list[str]) -> None:
        self.number = number
        self.port = free_port()
        self.log = run_dir / f"worker{number}.log"
        self.data_dir = run_dir / f"worker{number}"
        self.command = [
            sys.executable,
            "-m",
            "aerodeck.cli.app",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database",
            database,
            "--data-dir",
            str(self.data_dir),
            "--forwarded-allow-ips",
            PROXY,
            "--log-level",
            "warning",
            *flags,  # the caller's options last: the last of an option wins
        ]
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the process (this checkout's sources first on its path)."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        path = os.pathsep.join(p for p in (str(SRC), os.environ.get("PYTHONPATH", "")) if p)
        self.process = spawn(self.command, self.log, {**os.environ, "PYTHONPATH": path})

    def wait_ready(self) -> None:
        """Until it answers /healthz; ConfigError with its log's last lines if it does not."""
        assert self.process is not None
        if not wait_until_answering(f"http://{self.address}/healthz", self.process, START_SECONDS):
            raise ConfigError(
                f"server process {self.number} did not start ({self.log}): {log_tail(self.log)}"
            )

    def exited(self) -> bool:
        return self.process is not None and self.process.poll() is not None

    def stop(self) -> None:
        """SIGTERM: uvicorn closes its connections and the store, then exits."""
        if self.process is not None:
            stop(self.process)
