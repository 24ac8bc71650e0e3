"""Cross-site request forgery: a request that rides on the session cookie must come from this
server's own pages.

One ASGI middleware for the whole app. A request that may change something (any method but
GET, HEAD and OPTIONS) and carries the session cookie is refused with 403 unless its Origin
header (or, without one, its Referer) is this server's origin: ``public_url``'s, or the scheme
and Host the request came in with. The cookie's SameSite=Lax already keeps it off most
cross-site requests; this check also covers the browsers and sites SameSite does not (a sibling
subdomain is "same site"). The calls that start a session are checked even without a cookie (a
forged sign-in would put the visitor in someone else's account). A WebSocket handshake that
carries the cookie from a foreign Origin is refused too (browsers always send Origin there).

Requests without the cookie (scripts with seat or API tokens, ``aerodeck connect``) are not
checked: nothing of a browser's rides on them.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443}
REFUSED = b'{"detail":"cross-site request refused: it did not come from this server\'s pages"}'


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of a URL, lower case and without a default port; None for
    anything that is not an http(s) URL with a host (``null``, say)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme.lower(), parts.scheme.lower())
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    host = parts.hostname.lower()
    host = f"[{host}]" if ":" in host else host
    return (
        f"{scheme}://{host}"
        if port in (None, DEFAULT_PORTS[scheme])
        else f"{scheme}://{host}:{port}"
    )


class SameOrigin:
    """Refuse cookie-carrying requests from other sites (module docstring)."""

    def __init__(
        self, app: ASGIApp, cookie: str, public_url: str, starts_session: frozenset[str]
    ) -> None:
        self.app = app
        self.cookie = cookie
        self.public_origin = origin_of(public_url) if public_url else None
        self.starts_session = starts_session

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self._allowed(scope):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await receive()  # the connect event; closing before accepting answers 403
            await send({"type": "websocket.close", "code": 1008})
            return
        headers = [(b"content-type", b"application/json")]
        await send({"type": "http.response.start", "status": 403, "headers": headers})
        await send({"type": "http.response.body", "body": REFUSED})

    def _allowed(self, scope: Scope) -> bool:
        headers = Headers(scope=scope)
        has_cookie = self.cookie in cookie_parser(headers.get("cookie", ""))
        if scope["type"] == "websocket":
            claimed = headers.get("origin")
            return not has_cookie or claimed is None or self._ours(claimed, scope, headers)
        if scope["method"] in SAFE_METHODS:
            return True
        if not has_cookie and scope["path"] not in self.starts_session:
            return True
        claimed = headers.get("origin") or headers.get("referer")
        return claimed is not None and self._ours(claimed, scope, headers)

    def _ours(self, claimed: str, scope: Scope, headers: Headers) -> bool:
        origin = origin_of(claimed)
        if origin is None:
            return False
        if origin == self.public_origin:
            return True
        host = headers.get("host")
        return host is not None and origin == origin_of(f"{scope['scheme']}://{host}")
