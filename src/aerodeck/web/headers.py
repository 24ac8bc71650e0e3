"""Security headers on every HTTP answer (pages, API, static files, errors): a Content-Security-
Policy that runs only the server's own script files (no inline script, no ``on*=`` handler, no
eval), no framing, no MIME sniffing, and no referrer beyond the site (invite codes live in the
fragment, which is never sent, but a page's path names its table)."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",  # the WebSocket: same host and port, ws or wss
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode("ascii")),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
]
_NAMES = {name for name, _ in SECURITY_HEADERS}


class SecurityHeaders:
    """Add ``SECURITY_HEADERS`` to every HTTP response (replacing any the app set itself)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(n, v) for n, v in message.get("headers", []) if n.lower() not in _NAMES]
                message = {**message, "headers": [*kept, *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
