"""One server process per SQLite file: ``aerodeck serve`` holds an exclusive lock on a file beside
the database (``<database>.serve-lock``) for as long as it runs, and a second process started on
the same file stops with one line instead of serving tables the first one also holds in memory.
The lock is the operating system's (``flock``): a process killed with SIGKILL releases it, so a
restart after a crash is never refused. Several processes share a PostgreSQL store instead
(docs/server.md, "Several processes")."""

from __future__ import annotations

import fcntl
from pathlib import Path
from typing import IO

from sqlalchemy import make_url

from aerodeck.core.errors import ConfigError


def lock_path(url: str) -> Path | None:
    """The lock file of a SQLite file database (None: not SQLite, or in memory)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    database = Path(str(parsed.database))
    return database.with_name(database.name + ".serve-lock")


def hold(url: str) -> IO[bytes] | None:
    """Take the SQLite file's serving lock for this process's lifetime (keep the returned file
    referenced); ConfigError when another process holds it."""
    path = lock_path(url)
    if path is None:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    held = path.open("ab")
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        held.close()
        raise ConfigError(
            f"another aerodeck serve already serves {path.with_suffix('').name} in "
            f"{path.parent}: run one process per SQLite file (several share PostgreSQL)"
        ) from None
    return held
