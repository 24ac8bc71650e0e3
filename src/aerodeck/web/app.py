"""The FastAPI application: the store opened and migrated, unfinished tables rebuilt, the lobby,
the table socket, and the purge, wired together by ``create_app(settings)``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from aerodeck import __version__
from aerodeck.core.api import JSON
from aerodeck.web.boards import router as boards_router
from aerodeck.web.bots import Autoplay
from aerodeck.web.hub import Hub
from aerodeck.web.limits import WindowCounter
from aerodeck.web.lobby import router
from aerodeck.web.pages import mount_pages
from aerodeck.web.settings import Settings
from aerodeck.web.store import Store
from aerodeck.web.ws import table_socket

log = logging.getLogger("aerodeck.web")


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413. The body is read (up to the limit)
    before the app sees it, so a missing or lying Content-Length changes nothing."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message]), send)
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await _too_big(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body: Message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([body], receive), send)


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    """A receive that gives ``messages`` first, then defers to ``then``."""
    queue = list(messages)

    async def receive() -> Message:
        if queue:
            return queue.pop(0)
        if then is None:
            return {"type": "http.disconnect"}
        return await then()

    return receive


async def _too_big(send: Send) -> None:
    headers = [(b"content-type", b"application/json")]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": b'{"detail":"request body too big"}'})


def _detail(status: int, detail: str) -> Response:
    """An error body as ASCII JSON: a detail that quotes the client's text (a lone surrogate in
    an option name, say) must not break the response."""
    return Response(json.dumps({"detail": detail}), status, media_type="application/json")


async def _invalid_request(_request: Request, exc: Exception) -> Response:
    """One line for a body or path of the wrong shape: the first problem found."""
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    if not errors:
        return _detail(422, "invalid request")
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "request"
    return _detail(422, f"{where}: {first.get('msg', 'invalid')}")


async def _http_error(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    return _detail(exc.status_code, str(exc.detail))


async def _purge_forever(hub: Hub, every: float) -> None:
    while True:
        try:
            purged = await hub.purge()
            if purged:
                log.info("purged %d tables past retention", len(purged))
        except Exception:
            log.exception("purge failed; trying again later")
        await asyncio.sleep(every)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server for ``settings`` (defaults: SQLite in ./aerodeck-data)."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(settings)
        hub = Hub(store, settings)
        autoplay = Autoplay(hub)
        app.state.hub = hub
        app.state.creations = WindowCounter(settings.creations_per_ip, settings.creation_window)
        restored = await hub.restore()
        log.info("rebuilt %d unfinished tables from the store", restored)
        purge = asyncio.create_task(_purge_forever(hub, settings.purge_every))
        try:
            yield
        finally:
            purge.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await purge
            autoplay.stop()
            hub.shutdown()
            await store.close()

    app = FastAPI(
        title="aerodeck table server",
        version=__version__,
        description="Lobby of the online card table; the table itself is the WebSocket /ws "
        "(docs/web-protocol.md).",
        lifespan=lifespan,
    )
    app.include_router(router)
    app.add_exception_handler(RequestValidationError, _invalid_request)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    mount_pages(app)  # the lobby and table pages come before the JSON fallbacks below
    app.include_router(boards_router)
    app.add_api_websocket_route("/ws", table_socket)

    @app.get("/", tags=["server"])
    async def index() -> JSON:
        """Where things are."""
        return {"lobby": "/api/tables", "games": "/api/games", "docs": "/docs", "table": "/ws"}

    @app.get("/t/{table_id}", tags=["server"])
    async def table_link(table_id: str) -> JSON:
        """What a table link opens until the browser page lands: how to reach the table."""
        return {"table": table_id, "describe": f"/api/tables/{table_id}", "websocket": "/ws"}

    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    return app
