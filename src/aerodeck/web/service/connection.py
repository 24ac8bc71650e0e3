"""What the service needs of a client's connection; the transport implements it
(``aerodeck.web.routers.websocket``: a WebSocket with a queue of outgoing frames).

A connection belongs to one seat (None: a spectator) of one table, and to the player signed in
where it was opened (None: no session). The service never waits on a
client: ``send`` and ``close`` queue and return, so a slow client never holds a table's lock.
"""

from __future__ import annotations

import json
from typing import Protocol

from aerodeck.core.api import JSON


class FrameError(Exception):
    """A frame that cannot be taken: the connection closes with ``code`` and ``reason``."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class Connection(Protocol):
    """One client: it receives the frames it is sent and sends frames of its own."""

    seat: int | None  # set once its hello is taken
    player_id: str | None  # the signed-in player of the connection, if any
    address: str  # the client's address (the wrong-token throttle counts per address)
    language: str  # the language its words are sent in (core/i18n.py; web/language.py)

    @property
    def closing(self) -> bool:
        """Closed or closing: nothing more is sent."""
        ...

    async def receive(self) -> str | None:
        """The text of the client's next frame; None when the client left. A frame that is not
        text raises ``FrameError``."""
        ...

    def send(self, text: str) -> None:
        """Queue a frame; a connection that cannot keep up closes itself (4500)."""
        ...

    def close(self, code: int, reason: str) -> None:
        """Send an error frame and close with ``code`` after the frames already queued."""
        ...


def send_json(conn: Connection, frame: JSON) -> None:
    """Queue ``frame`` as compact JSON."""
    conn.send(json.dumps(frame, separators=(",", ":")))
