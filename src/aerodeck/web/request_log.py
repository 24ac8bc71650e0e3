"""One structured log line per HTTP request and WebSocket (logger ``aerodeck.web.requests``):
``key=value`` pairs with a request id (also sent back as ``X-Request-ID``), the table id when the
path names one, the client address, the status and the milliseconds taken. Secrets travel in
bodies and fragments only, never in a path, so none is logged."""

from __future__ import annotations

import logging
import re
import secrets
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("aerodeck.web.requests")
TABLE_IN_PATH = re.compile(r"^/(?:api/tables|t)/([A-Za-z0-9_-]{1,64})")


def request_id() -> str:
    return secrets.token_hex(8)


class RequestLog:
    """Give every request an id and log one line when it is answered (or its socket ends)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        rid = request_id()
        scope.setdefault("state", {})["request_id"] = rid
        began = time.perf_counter()
        status = 0

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                message = {
                    **message,
                    "headers": [*message.get("headers", []), (b"x-request-id", rid.encode())],
                }
            elif message["type"] == "websocket.accept":
                status = 101
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            if log.isEnabledFor(logging.INFO):
                path: str = scope.get("path", "")
                found = TABLE_IN_PATH.match(path)
                client = scope.get("client")
                log.info(
                    "request_id=%s kind=%s method=%s path=%s table=%s client=%s status=%d ms=%.1f",
                    rid,
                    scope["type"],
                    scope.get("method", "GET"),
                    path,
                    found.group(1) if found else "-",
                    client[0] if client else "-",
                    status,
                    (time.perf_counter() - began) * 1000,
                )
