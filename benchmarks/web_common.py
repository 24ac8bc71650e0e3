"""What the table server's proof scripts share: a real `aerodeck serve` process on a free loopback
port (started, killed with SIGKILL, restarted on the same store, always stopped at the end), the
lobby calls that seat a table, the games and player counts, and a throwaway PostgreSQL cluster.

Every wait is bounded (a count of tries, each with a timeout); every process started here is
stopped by the ``with`` block that started it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from aerodeck.core.registry import list_games

SRC = Path(__file__).resolve().parents[1] / "src"
PG_BIN = Path("/usr/lib/postgresql/15/bin")
START_TRIES = 600  # x 0.1 s: a minute for a cold start on a loaded machine
# limits lifted for a benchmark that is the only client of its server (all from 127.0.0.1)
BENCH_FLAGS = [
    "--creations-per-ip",
    "1000000",
    "--max-tables",
    "100000",
    "--max-connections",
    "100000",
    "--player-rate",
    "100000",
    "--spectator-rate",
    "100000",
]

# short forms of each game, so a thousand games fit in a run (options as the lobby takes them)
SHORT: dict[str, dict[str, Any]] = {
    "ace_race": {},
    "aces_versus_aces": {"target": 10},
    "air_racing": {"quick_play": True, "laps": 1},
    "down_in_flames": {},
    "race_to_ace": {"kills_to_win": 2},
}


def short_options(game: str, players: int) -> dict[str, Any]:
    """The short form of ``game`` for ``players`` (two Race to Ace pilots fly with wingmen)."""
    options = dict(SHORT[game])
    if game == "race_to_ace" and players == 2:
        options["wingmen"] = True
    return options


def games_and_counts() -> list[tuple[str, int]]:
    """Every game with every player count it takes."""
    return [(info.id, n) for info in list_games() for n in info.player_counts]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """One `aerodeck serve` over one store (SQLite in ``data_dir``, or ``database``)."""

    def __init__(
        self, data_dir: Path, database: str = "", flags: list[str] | None = None, nice: int = 0
    ) -> None:
        self.data_dir = data_dir
        self.database = database
        self.flags = BENCH_FLAGS if flags is None else flags
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

    def start(self) -> ServerProcess:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "aerodeck.cli.app", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(self.data_dir), "--log-level", "warning", *self.flags]
        if self.database:
            command += ["--database", self.database]
        if self.nice:
            command = ["nice", "-n", str(self.nice), *command]
        env = {**os.environ, "PYTHONPATH": str(SRC)}
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
            return httpx.get(f"{self.base}/healthz", timeout=5.0).status_code == 200
        except httpx.TransportError:
            return False

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill9(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def restart(self) -> ServerProcess:
        """The same store, the same port (the listening socket is reused at once)."""
        return self.start()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    # --- lobby ------------------------------------------------------------------------------

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(f"{self.base}{path}", json=body, timeout=60.0)

    def seat_table(
        self, game: str, players: int, options: dict[str, Any], bots: dict[int, str]
    ) -> tuple[str, str, dict[int, str]]:
        """A table whose seats in ``bots`` are server bots and the others humans, every human seat
        claimed: its id, the host token, and each human seat's token."""
        seats = [
            {"kind": "bot", "bot": bots[s]} if s in bots else {"kind": "human"}
            for s in range(players)
        ]
        humans = [s for s in range(players) if s not in bots]
        body = {
            "game": game,
            "players": players,
            "options": options,
            "seats": seats,
            "claim": humans[0],
            "listed": False,
        }
        response = self.post("/api/tables", body)
        if response.status_code != 201:
            raise RuntimeError(f"create: {response.status_code} {response.text}")
        created = response.json()
        tokens = {humans[0]: created["token"]}
        for invite in created["invites"]:
            joined = self.post(
                f"/api/tables/{created['table']}/join",
                {"seat": invite["seat"], "invite": invite["code"]},
            )
            if joined.status_code != 200:
                raise RuntimeError(f"join: {joined.status_code} {joined.text}")
            tokens[invite["seat"]] = joined.json()["token"]
        return created["table"], created["host_token"], tokens


def _run_as(user: str, command: list[str]) -> subprocess.CompletedProcess[bytes]:
    if os.geteuid() == 0:
        command = ["runuser", "-u", user, "--", *command]
    return subprocess.run(command, capture_output=True, timeout=120, check=False)


@contextlib.contextmanager
def postgres_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL 15 cluster on a free loopback port (initdb, pg_ctl; removed at the
    end): its asyncpg URL. RuntimeError with one line when it cannot be had."""
    if not (PG_BIN / "initdb").exists():
        raise RuntimeError(f"PostgreSQL 15 binaries not found in {PG_BIN}")
    user = "postgres" if os.geteuid() == 0 else os.environ.get("USER", "")
    root = Path(tempfile.mkdtemp(prefix="aerodeck-bench-pg-"))
    data, sockets = root / "data", root / "sock"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, user)
        shutil.chown(sockets, user)
    try:
        init = _run_as(user, [str(PG_BIN / "initdb"), "-D", str(data), "-A", "trust", "-U", "aero"])
        if init.returncode != 0:
            raise RuntimeError(f"initdb failed: {init.stderr.decode(errors='replace')[:200]}")
        port = free_port()
        options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=on"
        options += " -c max_connections=200"
        pg_ctl = str(PG_BIN / "pg_ctl")
        started = _run_as(
            user, [pg_ctl, "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "start"]
        )
        if started.returncode != 0:
            raise RuntimeError(f"pg_ctl start failed: {started.stderr.decode(errors='replace')}")
        try:
            createdb = [str(PG_BIN / "createdb"), "-h", str(sockets), "-p", str(port)]
            made = _run_as(user, [*createdb, "-U", "aero", "aerodeck"])
            if made.returncode != 0:
                raise RuntimeError(f"createdb failed: {made.stderr.decode(errors='replace')}")
            yield f"postgresql+asyncpg://aero@127.0.0.1:{port}/aerodeck"
        finally:
            _run_as(user, [pg_ctl, "-D", str(data), "-m", "immediate", "stop"])
    finally:
        shutil.rmtree(root, ignore_errors=True)


def percentiles(samples: list[float], points: tuple[int, ...] = (50, 95, 99)) -> dict[str, float]:
    """Nearest-rank percentiles (ms when the samples are ms); {} for no samples."""
    if not samples:
        return {}
    ordered = sorted(samples)
    out = {}
    for p in points:
        rank = max(0, min(len(ordered) - 1, -(-p * len(ordered) // 100) - 1))
        out[f"p{p}"] = round(ordered[rank], 2)
    return out


def elapsed(start: float) -> float:
    return round(time.monotonic() - start, 1)
