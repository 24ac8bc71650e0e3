"""Fixtures of the table server's tests: a server over SQLite, and PostgreSQL when it is here."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")

from aerodeck.testing.server import free_port
from tests.web.server import Server

PG_BIN = Path("/usr/lib/postgresql/15/bin")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server over SQLite for a test module."""
    running = Server(tmp_path_factory.mktemp("serve")).start()
    yield running
    running.stop()


@pytest.fixture
def new_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start servers of one's own (killed at teardown)."""
    started: list[Server] = []

    def start(database: str = "", data_dir: Path | None = None, *args: str) -> Server:
        running = Server(data_dir or tmp_path / f"serve{len(started)}", database, *args).start()
        started.append(running)
        return running

    yield start
    for running in started:
        running.stop()


def _run_as(user: str, command: list[str]) -> subprocess.CompletedProcess[bytes]:
    if os.geteuid() == 0:
        command = ["runuser", "-u", user, "--", *command]
    return subprocess.run(command, capture_output=True, timeout=120, check=False)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Callable[[], str]]:
    """A throwaway PostgreSQL 15 cluster (initdb, pg_ctl) on a free port: a maker of fresh
    databases on it, each an asyncpg URL."""
    if not (PG_BIN / "initdb").exists():
        pytest.skip(f"PostgreSQL 15 binaries not found in {PG_BIN}")
    user = "postgres" if os.geteuid() == 0 else os.environ.get("USER", "")
    root = Path(tempfile.mkdtemp(prefix="aerodeck-pg-"))  # in /tmp: the cluster's user reaches it
    data, sockets = root / "data", root / "sock"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, user)
        shutil.chown(sockets, user)
    init = _run_as(user, [str(PG_BIN / "initdb"), "-D", str(data), "-A", "trust", "-U", "aero"])
    if init.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        pytest.skip(f"initdb failed: {init.stderr.decode(errors='replace').strip()[:200]}")
    port = free_port()
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=on"
    pg_ctl = [str(PG_BIN / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(root / "log")]
    start = _run_as(user, [*pg_ctl, "-w", "start"])
    if start.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        pytest.skip(f"pg_ctl start failed: {start.stderr.decode(errors='replace').strip()[:200]}")
    made: list[str] = []

    def new_database() -> str:
        name = f"aerodeck{len(made)}"
        pg = [str(PG_BIN / "createdb"), "-h", str(sockets), "-p", str(port), "-U", "aero", name]
        created = _run_as(user, pg)
        assert created.returncode == 0, created.stderr.decode(errors="replace")
        made.append(name)
        return f"postgresql+asyncpg://aero@127.0.0.1:{port}/{name}"

    try:
        yield new_database
    finally:
        _run_as(user, [str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"])
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> str:
    """The store of a test run on both back-ends: "" (SQLite in the data folder) or a fresh
    PostgreSQL database (skipped with one line where PostgreSQL is not installed)."""
    if request.param == "sqlite":
        return ""
    maker: Callable[[], str] = request.getfixturevalue("postgres_cluster")
    return maker()
