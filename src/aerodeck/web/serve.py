"""`aerodeck serve`: uvicorn running the app, with the WebSocket layer's own frame limit."""

from __future__ import annotations

import asyncio
import logging

import uvicorn
from rich.console import Console
from uvicorn.config import LOG_LEVELS

from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.core.i18n import _
from aerodeck.core.registry import list_games
from aerodeck.web.app import create_app
from aerodeck.web.collector import settle_for_serving
from aerodeck.web.db.store import Store, check_url, hidden_password
from aerodeck.web.edge import header_guarded
from aerodeck.web.service.errors import StoreError
from aerodeck.web.settings import Settings
from aerodeck.web.sqlite_owner import hold

__all__ = ["Settings", "serve"]

HTTP_HEADROOM = 256  # lobby requests and handshakes in flight beyond the connection limit


async def _probe(settings: Settings, where: str) -> None:
    """Open (and migrate) the store once before serving, so a store that cannot be opened is
    one line of error rather than a traceback from inside the server's start-up."""
    try:
        store = await Store.open(settings)
    except StoreError as error:
        raise ConfigError(f"cannot open the store {where}: {error}") from None
    await store.close()


SHUTDOWN_SECONDS = 5  # uvicorn's wait for open connections when told to stop


def _log_to_stderr(level: int) -> None:
    """The server's own log lines (requests, tables, refusals) on stderr at uvicorn's level."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    web_log = logging.getLogger("aerodeck.web")
    web_log.addHandler(handler)
    web_log.setLevel(level)
    web_log.propagate = False


def serve(settings: Settings, host: str, port: int, log_level: str, console: Console) -> None:
    """Print where the lobby and the store are, then serve until interrupted."""
    if log_level not in LOG_LEVELS:
        levels = ", ".join(LOG_LEVELS)
        raise ConfigError(
            _(
                "--log-level must be one of {levels}, not {given}",
                levels=levels,
                given=excerpt(log_level),
            )
        )
    if settings.database:
        check_url(settings.database)
    where = hidden_password(settings.database) if settings.database else str(settings.data_dir)
    owned = hold(settings.database_url)  # one process per SQLite file, held until it exits
    asyncio.run(_probe(settings, where))
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    lobby = f"http://{shown}:{port}/"
    console.print(_("aerodeck table server: lobby at {lobby} (API docs /docs)", lobby=lobby))
    console.print(_("store: {where}", where=where), markup=False, highlight=False)
    _log_to_stderr(LOG_LEVELS[log_level])
    trusted = settings.forwarded_allow_ips.strip()
    # a request's headers within --header-timeout, at most --max-waiting-headers waiting
    protocol = header_guarded(settings.header_timeout, settings.max_waiting_headers)
    app = create_app(settings)
    app.state.header_wait = protocol.wait  # its counts on /metrics
    list_games()  # every game imported now, so the collector's freeze below covers them
    settle_for_serving()  # the garbage collector set for a long-running server
    uvicorn.run(
        app,
        host=host,
        port=port,
        http=protocol,
        ws_max_size=settings.ws_max_size,
        # sockets not yet past their hello count too, and those waiting for their headers:
        # uvicorn answers 503 beyond this
        limit_concurrency=settings.max_connections + HTTP_HEADROOM + settings.max_waiting_headers,
        # X-Forwarded-For only from the proxies named; uvicorn alone would trust 127.0.0.1
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted or None,
        log_level=log_level,
        # a stop never waits on open connections for long: their clients reconnect to the
        # restarted server (or another process) and pick up where they were
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )
    if owned is not None:
        owned.close()
