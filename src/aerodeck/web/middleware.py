"""HTTP plumbing of the application: request bodies over the limit refused with 413 before the
app reads them, and every HTTP error answered as one readable line of ASCII JSON (or, to a
browser opening a page, as a page)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send


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


def _detail(status: int, detail: str, headers: Mapping[str, str] | None = None) -> Response:
    """An error body as ASCII JSON: a detail that quotes the client's text (a lone surrogate in
    an option name, say) must not break the response."""
    body = json.dumps({"detail": detail})
    return Response(body, status, headers=headers, media_type="application/json")


async def _invalid_request(_request: Request, exc: Exception) -> Response:
    """One line for a body or path of the wrong shape: the first problem found."""
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    if not errors:
        return _detail(422, "invalid request")
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "request"
    return _detail(422, f"{where}: {first.get('msg', 'invalid')}")


ErrorPage = Callable[[Request, int, str], Response]
"""Renders an HTTP error as a page, for a browser that opened a page's address."""


def _wants_page(request: Request) -> bool:
    """A browser navigating to a page (not the API, nor a script's or a stylesheet's fetch)."""
    return (
        request.method == "GET"
        and not request.url.path.startswith("/api/")
        and "text/html" in request.headers.get("accept", "")
    )


def one_line_errors(app: FastAPI, page: ErrorPage | None = None) -> None:
    """Answer ``app``'s HTTP errors and malformed requests as ``{"detail": "one line"}``; with
    ``page``, a browser that opened a page's address gets that line as a page instead."""

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        if page is not None and _wants_page(request):
            return page(request, exc.status_code, str(exc.detail))
        return _detail(exc.status_code, str(exc.detail), exc.headers)  # Retry-After, say

    app.add_exception_handler(RequestValidationError, _invalid_request)
    app.add_exception_handler(StarletteHTTPException, http_error)
