"""The server's edge against half-open connections (slow-loris): uvicorn's HTTP protocol with a
header timeout it does not have.

A connection must finish the headers of its request within ``timeout`` seconds of opening (or of
its previous response, on a kept-alive connection), or it is closed. At most ``most`` connections
wait for their headers at once: one more pushes out the one that has waited longest, so a flood
of sockets that never finish their headers cannot fill the process's connection limit, and a
real request (whose headers arrive at once) is always the newest and is never the one pushed out.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, ClassVar

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

log = logging.getLogger("aerodeck.web")


class HeaderWait:
    """The connections waiting for their headers, oldest first, and the limits they wait under."""

    def __init__(self, timeout: float, most: int) -> None:
        self.timeout = timeout
        self.most = most
        self.waiting: dict[HeaderGuardedProtocol, None] = {}  # insertion order: oldest first
        self.timed_out = 0
        self.pushed_out = 0


class HeaderGuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, closed when its request headers do not come in time."""

    wait: ClassVar[HeaderWait]

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_waiting()

    def on_headers_complete(self) -> None:
        self._stop_waiting()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and not self.pipeline:
            self._start_waiting()  # a kept-alive connection: the next request's headers

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        super().connection_lost(exc)

    def _start_waiting(self) -> None:
        wait = self.wait
        self._stop_waiting()
        while len(wait.waiting) >= wait.most:
            oldest = next(iter(wait.waiting))
            wait.pushed_out += 1
            oldest._give_up()
        wait.waiting[self] = None
        self._deadline = self.loop.call_later(wait.timeout, self._time_out)

    def _stop_waiting(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self.wait.waiting.pop(self, None)

    def _time_out(self) -> None:
        self.wait.timed_out += 1
        self._give_up()

    def _give_up(self) -> None:
        """Close the connection: no answer is owed, no request having begun."""
        self._stop_waiting()
        if self.transport.get_protocol() is self and not self.transport.is_closing():
            self.transport.close()


def header_guarded(timeout: float, most: int) -> type[HeaderGuardedProtocol]:
    """The protocol class for one server: its own count of connections waiting for headers."""
    wait = HeaderWait(timeout, most)
    return type("HeaderGuardedProtocol", (HeaderGuardedProtocol,), {"wait": wait})
