"""The cluster on one machine: the store (a throwaway PostgreSQL cluster, or the one given), the
server processes, nginx; started in that order, each waited for, stopped in the reverse order
(docs/deploy.md, "One machine")."""

from __future__ import annotations

import contextlib
from pathlib import Path
from types import TracebackType
from typing import Self

from aerodeck.core.errors import ConfigError
from aerodeck.web.cluster.nginx import Nginx
from aerodeck.web.cluster.postgres import Postgres, throwaway_postgres
from aerodeck.web.cluster.workers import Worker
from aerodeck.web.db.store import check_url, hidden_password


class Cluster:
    """``workers`` `aerodeck serve` processes on one PostgreSQL store behind nginx on
    ``host:port``; a ``with`` block runs it. ``database`` empty: a throwaway PostgreSQL cluster
    made for the run. ``serve_flags`` are given to every process (after the cluster's own)."""

    def __init__(
        self,
        run_dir: Path,
        workers: int = 1,
        host: str = "127.0.0.1",
        port: int = 8080,
        database: str = "",
        serve_flags: list[str] | None = None,
    ) -> None:
        if workers < 1:
            raise ConfigError(f"--workers must be at least 1, not {workers}")
        if database:
            check_url(database)
            if not database.startswith("postgresql"):
                raise ConfigError("the cluster's processes share a PostgreSQL store, not SQLite")
        self.run_dir = run_dir.resolve()
        self.count = workers
        self.host, self.port = host, port
        self.given_database = database
        self.serve_flags = list(serve_flags or [])
        self.postgres: Postgres | None = None
        self.workers: list[Worker] = []
        self.nginx: Nginx | None = None
        self._stack = contextlib.ExitStack()

    @property
    def url(self) -> str:
        """The lobby's link: nginx."""
        return f"http://{self.host}:{self.port}"

    @property
    def database(self) -> str:
        return self.postgres.url if self.postgres is not None else self.given_database

    @property
    def store(self) -> str:
        """Where the store is, for a person (the password masked)."""
        made = " (a throwaway cluster, removed at the end)" if self.postgres is not None else ""
        return hidden_password(self.database) + made

    def start(self) -> Self:
        """Start every part in order; on any failure stop what had started and raise it."""
        self.run_dir.mkdir(parents=True, exist_ok=True)
        try:
            if not self.given_database:
                self.postgres = self._stack.enter_context(throwaway_postgres())
            self.workers = [
                Worker(n, self.database, self.run_dir, self.serve_flags) for n in range(self.count)
            ]
            # the first migrates the store alone (Alembic takes no lock); the others side by side
            first, *others = self.workers
            self._start(first)
            first.wait_ready()
            for worker in others:
                self._start(worker)
            for worker in others:
                worker.wait_ready()
            self.nginx = Nginx(
                self.run_dir, self.host, self.port, [w.address for w in self.workers]
            )
            self._stack.callback(self.nginx.stop)
            self.nginx.start()
            self.nginx.wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def _start(self, worker: Worker) -> None:
        self._stack.callback(worker.stop)
        worker.start()

    def exited(self) -> str | None:
        """The first part that has exited while it should run (with its log), or None."""
        for worker in self.workers:
            if worker.exited():
                return f"server process {worker.number} exited (its log: {worker.log})"
        if self.nginx is not None and self.nginx.exited():
            return f"nginx exited (its log: {self.nginx.log})"
        return None

    def stop(self) -> None:
        """nginx, then the processes, then the throwaway store (in the reverse of their start)."""
        self._stack.close()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
