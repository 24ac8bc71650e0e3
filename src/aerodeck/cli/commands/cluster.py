"""`aerodeck cluster`: several `aerodeck serve` processes on one PostgreSQL store behind nginx,
on this machine's loopback, for trying and for tests (docs/deploy.md, "One machine"). Prints the
link; Ctrl-C (or SIGTERM) stops nginx, the processes and the throwaway store, in that order.

Options after ``--`` go to every `aerodeck serve` process: ``aerodeck cluster -- --max-tables 50``.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path
from types import FrameType
from typing import Annotated

import typer

from aerodeck.cli.output import console
from aerodeck.core.errors import ConfigError

DATABASE_VARIABLE = "AEROCLUSTER_DATABASE_URL"
WATCH_EVERY = 0.5  # seconds between looks at the children


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def cluster(
    context: typer.Context,
    workers: Annotated[int, typer.Option(help="`aerodeck serve` processes", min=1)] = 1,
    host: Annotated[str, typer.Option(help="address nginx listens on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port nginx listens on")] = 8080,
    database: Annotated[
        str,
        typer.Option(
            envvar=DATABASE_VARIABLE,
            help="PostgreSQL URL (postgresql+asyncpg://...) of the store; empty: a throwaway "
            "PostgreSQL cluster made for the run",
        ),
    ] = "",
    run_dir: Annotated[
        Path, typer.Option(help="folder of nginx's configuration and every log")
    ] = Path("build/cluster"),
) -> None:
    """Run the table server as a cluster on this machine: processes behind nginx."""
    try:  # the web extra is optional: only the server's commands need it
        from aerodeck.web.cluster import Cluster  # noqa: PLC0415
    except ImportError as error:
        message = f"the cluster needs the web extra: pip install 'aerodeck[web]' ({error})"
        raise ConfigError(message) from None
    running = Cluster(run_dir, workers, host, port, database, list(context.args))
    signal.signal(signal.SIGTERM, _interrupt)  # stopped as by a Ctrl-C
    if not database:
        console.print("starting a throwaway PostgreSQL cluster ...", markup=False)
    running.start()  # a failure or a Ctrl-C here stops what had started
    try:
        console.print(f"aerodeck cluster: lobby at {running.url}/", markup=False)
        plural = "es" if workers > 1 else ""
        addresses = ", ".join(w.address for w in running.workers)
        console.print(f"{workers} server process{plural} behind nginx: {addresses}", markup=False)
        console.print(f"store: {running.store}", markup=False, highlight=False)
        console.print(f"logs: {running.run_dir}; Ctrl-C stops everything", markup=False)
        while (gone := running.exited()) is None:
            time.sleep(WATCH_EVERY)
        raise ConfigError(f"{gone}; the cluster is stopped")
    except KeyboardInterrupt:
        console.print("stopping: nginx, the server processes, the store", markup=False)
    finally:
        for each in (signal.SIGINT, signal.SIGTERM):  # the stop itself is not interrupted
            signal.signal(each, signal.SIG_IGN)
        running.stop()
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
