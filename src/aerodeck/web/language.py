"""The language of each request and connection, and the page's copy of the catalogs.

The language is the `lang` cookie when a person chose one with the switch, else the one their
browser's Accept-Language prefers among those offered (core/i18n.py), else English. The middleware
sets it for the request (pages, API refusals) and for a WebSocket connection's own task; the page
reads the same catalogs through `page_messages`, embedded as JSON and used by static/i18n.js.
"""

from __future__ import annotations

import json
from functools import cache
from http.cookies import SimpleCookie

from babel.messages.mofile import read_mo
from starlette.types import ASGIApp, Receive, Scope, Send

from aerodeck.core.i18n import ENGLISH, LANGUAGES, catalog_files, negotiate, using

COOKIE = "lang"


def language_of(scope: Scope) -> str:
    """The language a request or WebSocket handshake asks for."""
    headers = {
        name.decode("latin-1"): value.decode("latin-1") for name, value in scope.get("headers", [])
    }
    chosen = SimpleCookie(headers.get("cookie", "")).get(COOKIE)
    if chosen is not None and chosen.value in LANGUAGES:
        return chosen.value
    return negotiate(headers.get("accept-language"))


class Language:
    """Use each request's language while the app answers it (and keep it in the scope's state
    as `language`, for connections whose frames are built by other tasks)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        lang = language_of(scope)
        scope.setdefault("state", {})["language"] = lang
        with using(lang):
            await self.app(scope, receive, send)


@cache
def page_messages(lang: str) -> str:
    """Every translated message of ``lang`` as the JSON static/i18n.js reads: the message to
    its translation, a list of forms for a counted one (``{}`` for English)."""
    messages: dict[str, str | list[str]] = {}
    if lang != ENGLISH:
        for path in catalog_files(lang):
            with path.open("rb") as fp:
                for entry in read_mo(fp):
                    if not entry.id:
                        continue
                    key = entry.id if isinstance(entry.id, str) else entry.id[0]
                    string = (
                        entry.string if isinstance(entry.string, str) else list(entry.string or ())
                    )
                    messages.setdefault(key, string)
    # `</` cannot end the page's <script type="application/json"> early
    return json.dumps(messages, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
