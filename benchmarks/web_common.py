"""What the table server's proof scripts share: a real `aerodeck serve` process on a free loopback
port (started, killed with SIGKILL, restarted on the same store, always stopped at the end), the
lobby calls that seat a table, the games and player counts, a throwaway PostgreSQL cluster,
several processes on it behind nginx (``NginxCluster``), and a summary written so that an
interrupted run keeps what it had counted (``write_json``).

Every wait is bounded (a count of tries, each with a timeout); every process started here is
stopped by the ``with`` block that started it.

Backs: nothing by itself: the helpers of the web_*.py scripts above (docs/server.md, "Measured").
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import httpx

from aerodeck.client import websocket_url
from aerodeck.core.registry import list_games
from aerodeck.testing.server import ServerProcess as BaseServer
from aerodeck.testing.server import free_port
from aerodeck.web.cluster.nginx import Nginx

PG_BIN = Path("/usr/lib/postgresql/15/bin")
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
    "--wrong-secrets-per-address",
    "1000000",
    "--wrong-secrets-per-table",
    "1000000",
    "--max-table-spectators",
    "100000",
]

# what `aerodeck cluster` gives each process (web/cluster/workers.py): nginx's X-Forwarded-For is
# believed from this machine only
PROXIED_FLAGS = ["--forwarded-allow-ips", "127.0.0.1"]
LOBBY_TIMEOUT = 60.0  # seconds a lobby call may take on a loaded machine

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


class ServerProcess(BaseServer):
    """One `aerodeck serve` over one store with the benchmark's lifted limits (``BENCH_FLAGS``)
    and the lobby calls that seat a table."""

    def __init__(
        self, data_dir: Path, database: str = "", flags: list[str] | None = None, nice: int = 0
    ) -> None:
        super().__init__(data_dir, database, BENCH_FLAGS if flags is None else flags, nice)

    def seat_table(
        self, game: str, players: int, options: dict[str, Any], bots: dict[int, str]
    ) -> tuple[str, str, dict[int, str]]:
        """``seat_table`` on this process."""
        return seat_table(self.base, game, players, options, bots)

    def logs(self) -> list[Path]:
        return [self.log]


class Front(Protocol):
    """Where a benchmark's clients go: one process (``ServerProcess``), or nginx in front of
    several (``NginxCluster``)."""

    database: str  # empty: SQLite in the process's data folder

    @property
    def base(self) -> str: ...

    @property
    def ws_url(self) -> str: ...

    def seat_table(
        self, game: str, players: int, options: dict[str, Any], bots: dict[int, str]
    ) -> tuple[str, str, dict[int, str]]: ...

    def alive(self) -> bool: ...

    def healthy(self) -> bool: ...

    def logs(self) -> list[Path]:
        """The server processes' logs."""
        ...


def seat_table(
    base: str, game: str, players: int, options: dict[str, Any], bots: dict[int, str]
) -> tuple[str, str, dict[int, str]]:
    """A table made through the lobby at ``base`` (a process, or nginx in front of several) whose
    seats in ``bots`` are server bots and the others humans, every human seat claimed: its id,
    the host token, and each human seat's token. RuntimeError (one line) on a refusal."""
    seats = [
        {"kind": "bot", "bot": bots[s]} if s in bots else {"kind": "human"} for s in range(players)
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
    with httpx.Client(timeout=LOBBY_TIMEOUT) as lobby:  # one client: each loads the CA bundle
        response = lobby.post(f"{base}/api/tables", json=body)
        if response.status_code != 201:
            raise RuntimeError(f"create: {response.status_code} {response.text}")
        created = response.json()
        tokens = {humans[0]: created["token"]}
        for invite in created["invites"]:
            joined = lobby.post(
                f"{base}/api/tables/{created['table']}/join",
                json={"seat": invite["seat"], "invite": invite["code"]},
            )
            if joined.status_code != 200:
                raise RuntimeError(f"join: {joined.status_code} {joined.text}")
            tokens[invite["seat"]] = joined.json()["token"]
    return created["table"], created["host_token"], tokens


class NginxCluster:
    """``count`` `aerodeck serve` processes on one throwaway PostgreSQL store behind nginx, as
    `aerodeck cluster` runs them (deploy/nginx/'s configuration; each process believes
    X-Forwarded-For from 127.0.0.1 only), but each a ``ServerProcess`` named ``p<i>``
    (``--node-name``), which a benchmark may kill with SIGKILL and restart on its port and name
    (nginx leaves a process that refuses connections out for 5 s and tries the next).

    A ``with`` block runs it: the store, the processes one after the other (the first migrates
    the store), then nginx; stopped in the reverse order. Clients speak to ``base`` (nginx), or
    to one process (``servers[i].base``) when a benchmark must choose where a client lands."""

    def __init__(self, run_dir: Path, count: int, flags: list[str] | None = None) -> None:
        self.run_dir = run_dir
        self.count = count
        self.flags = BENCH_FLAGS if flags is None else flags
        self.database = ""
        self.servers: list[ServerProcess] = []
        self.nginx: Nginx | None = None
        self._stack = contextlib.ExitStack()

    @property
    def base(self) -> str:
        assert self.nginx is not None
        return self.nginx.url

    @property
    def ws_url(self) -> str:
        return websocket_url(self.base)

    def __enter__(self) -> NginxCluster:
        try:
            self.database = self._stack.enter_context(postgres_cluster())
            for number in range(self.count):
                flags = [*self.flags, *PROXIED_FLAGS, "--node-name", f"p{number}"]
                server = ServerProcess(self.run_dir / f"p{number}", self.database, flags)
                self.servers.append(server)
                self._stack.callback(server.stop)
                server.start()
            upstreams = [f"127.0.0.1:{server.port}" for server in self.servers]
            self.nginx = Nginx(self.run_dir / "nginx", "127.0.0.1", free_port(), upstreams)
            self._stack.callback(self.nginx.stop)
            self.nginx.start()
            self.nginx.wait_ready()
        except BaseException:
            self._stack.close()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        self._stack.close()

    def seat_table(
        self, game: str, players: int, options: dict[str, Any], bots: dict[int, str]
    ) -> tuple[str, str, dict[int, str]]:
        """``seat_table`` through nginx."""
        return seat_table(self.base, game, players, options, bots)

    def pids(self) -> list[int]:
        """The processes' ids now (a restart changes one)."""
        return [s.process.pid for s in self.servers if s.process is not None]

    def alive(self) -> bool:
        return all(s.alive() for s in self.servers) and not (self.nginx and self.nginx.exited())

    def healthy(self) -> bool:
        """Every process answers /healthz, and so does nginx."""
        try:
            through = httpx.get(f"{self.base}/healthz", timeout=5.0).status_code == 200
        except httpx.TransportError:
            through = False
        return through and all(s.healthy() for s in self.servers)

    def logs(self) -> list[Path]:
        return [s.log for s in self.servers]

    def moves_per_process(self) -> list[int]:
        """The moves each process has acknowledged since it last started (its /metrics): how
        nginx spread the play over them."""
        return [
            int(series_sum(s.get("/metrics").text, "aerodeck_moves_total")) for s in self.servers
        ]


def series_sum(text: str, name: str) -> float:
    """The sum of every sample of ``name`` (all labels) in a Prometheus text answer."""
    pattern = re.compile(rf"^{re.escape(name)}(?:\{{[^}}]*\}})? (\S+)$", re.MULTILINE)
    return sum(float(value) for value in pattern.findall(text))


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


def write_json(path: Path | None, summary: Any) -> None:
    """``summary`` to ``path`` (nothing without one) in one step: written beside it, then renamed
    over it, so an interrupted run leaves the last complete summary, never half of one."""
    if path is None:
        return
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(summary, indent=1) + "\n")
    partial.replace(path)
