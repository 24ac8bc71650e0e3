"""A throwaway PostgreSQL cluster for `aerodeck cluster`: initdb in a fresh folder, pg_ctl on a
free loopback port, one database; stopped and removed at the end. As the tests' own
(tests/web/conftest.py), from Debian's packages, run as the ``postgres`` user when started as
root (PostgreSQL refuses to run as root)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from aerodeck.core.errors import ConfigError
from aerodeck.web.cluster.processes import free_port

BINARIES = Path("/usr/lib/postgresql")  # Debian's: /usr/lib/postgresql/<version>/bin
USER = "aero"
DATABASE = "aerodeck"
COMMAND_SECONDS = 120.0


def binaries() -> Path:
    """The newest installed PostgreSQL's bin folder; ConfigError if there is none."""
    found = sorted(
        (p for p in BINARIES.glob("*/bin") if (p / "initdb").exists()),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
    )
    if not found:
        raise ConfigError(
            f"no PostgreSQL in {BINARIES} (apt-get install postgresql), or give a store with "
            "--database / AEROCLUSTER_DATABASE_URL"
        )
    return found[-1]


def _run(owner: str, command: list[str]) -> subprocess.CompletedProcess[bytes]:
    if os.geteuid() == 0:
        command = ["runuser", "-u", owner, "--", *command]
    # a session of its own: the postmaster pg_ctl leaves behind gets no Ctrl-C from the terminal
    return subprocess.run(
        command,
        capture_output=True,
        timeout=COMMAND_SECONDS,
        check=False,
        start_new_session=True,
    )


def _first_line(done: subprocess.CompletedProcess[bytes]) -> str:
    lines = done.stderr.decode(errors="replace").strip().splitlines()
    return lines[0] if lines else f"exit code {done.returncode}"


@dataclass(frozen=True)
class Postgres:
    """A running throwaway cluster: the asyncpg URL of its database and its data folder."""

    url: str
    data: Path

    def pid(self) -> int:
        """The postmaster's process id (the first line of its pid file)."""
        return int((self.data / "postmaster.pid").read_text().split()[0])


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[Postgres]:
    """A fresh PostgreSQL cluster on a free 127.0.0.1 port for as long as the block runs, with
    one database. fsync stays on: commits are durable, as a real deployment's, and their cost is
    part of what docs/scale.md measures."""
    bin_dir = binaries()
    owner = "postgres" if os.geteuid() == 0 else os.environ.get("USER", "")
    # in /tmp: the postgres user reaches it when we are root, whatever the checkout's modes
    root = Path(tempfile.mkdtemp(prefix="aerodeck-cluster-pg-"))
    data, sockets = root / "data", root / "sock"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, owner)
        shutil.chown(sockets, owner)
    pg_ctl = str(bin_dir / "pg_ctl")
    try:
        # --no-sync: a throwaway folder need not be on disk before the server starts (the
        # server's own commits are fsynced as always)
        initdb = [str(bin_dir / "initdb"), "--no-sync", "-D", str(data), "-A", "trust"]
        init = _run(owner, [*initdb, "-U", USER])
        if init.returncode != 0:
            raise ConfigError(f"initdb failed: {_first_line(init)}")
        port = free_port()
        options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1"
        options += " -c max_connections=300 -c fsync=on"
        log = root / "postgresql.log"
        started = _run(
            owner, [pg_ctl, "-D", str(data), "-o", options, "-l", str(log), "-w", "start"]
        )
        if started.returncode != 0:
            raise ConfigError(f"pg_ctl start failed: {_first_line(started)}")
        try:
            createdb = [str(bin_dir / "createdb"), "-h", str(sockets), "-p", str(port)]
            made = _run(owner, [*createdb, "-U", USER, DATABASE])
            if made.returncode != 0:
                raise ConfigError(f"createdb failed: {_first_line(made)}")
            yield Postgres(f"postgresql+asyncpg://{USER}@127.0.0.1:{port}/{DATABASE}", data)
        finally:
            # immediate: no shutdown checkpoint, the folder is removed next
            _run(owner, [pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"])
    finally:
        shutil.rmtree(root, ignore_errors=True)
