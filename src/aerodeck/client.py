"""A Python client of the table server (docs/web-protocol.md): one connection plays one seat or
watches a table. It speaks the protocol over HTTP and a WebSocket and imports nothing of the
server (``aerodeck.web``), so programs and `aerodeck connect` use it without the server's stack.

``TableClient`` keeps what the server last said (version, view, legal moves, seats, the move
history as this seat may know it, and the end) so a face never needs the game's true state, and
reconnects with the last version it saw, so it gets exactly the frames it missed. Every wait is
bounded: a frame that does not come within ``recv_timeout`` seconds is an error, not a hang.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

from aerodeck.core.api import JSON
from aerodeck.core.errors import AerodeckError, excerpt
from aerodeck.core.i18n import language

RECV_TIMEOUT = 120.0  # seconds a frame may take before the connection is called dead
OPEN_TIMEOUT = 30.0
MAX_FRAMES_PER_WAIT = 100_000  # frames read while waiting for one answer (a bound, not a goal)
# closes after which reconnecting with last_version can help (the server went away, restarted,
# or the connection could not keep up); the others are final (a bad token, no such table, ...)
RETRY_CODES = frozenset({1001, 1006, 1011, 1012, 1013, 4500})


class TableClosedError(AerodeckError):
    """The server closed the connection (``code``, ``reason``: docs/web-protocol.md's table)."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"the server closed the connection ({code}): {reason}")
        self.code = code
        self.reason = reason

    @property
    def retry(self) -> bool:
        """Whether reconnecting with the last version seen may carry on the game."""
        return self.code in RETRY_CODES


def websocket_url(url: str) -> str:
    """The table socket of a server given as its base URL (http, https, ws or wss; a path to
    /ws kept as it is): ``http://host:8000`` -> ``ws://host:8000/ws``."""
    parts = urlsplit(url if "://" in url else f"http://{url}")
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme)
    if scheme is None or not parts.netloc:
        raise AerodeckError(f"not a server address: {excerpt(url)} (give http://HOST:PORT)")
    path = parts.path.rstrip("/")
    if not path.endswith("/ws"):
        path += "/ws"
    return urlunsplit((scheme, parts.netloc, path, "", ""))


def table_url(socket_url: str, table: str) -> str:
    """The table socket with the table named in its query (``/ws?table=ID``): a proxy in front
    of several processes routes every connection of one table to the same process by it."""
    return f"{socket_url}?{urlencode({'table': table})}"


@dataclass(frozen=True)
class TableLink:
    """What a table link says: the server, the table, and an invite code (with its seat) if any."""

    server: str
    table: str | None
    invite: str | None
    seat: int | None


def parse_link(url: str) -> TableLink:
    """``http://HOST:PORT/t/TABLE#invite=CODE&seat=N`` (or just the server's address) in parts.
    The invite code travels in the fragment, which no server log sees."""
    try:
        parts = urlsplit(url if "://" in url else f"http://{url}")
        parts.port  # noqa: B018 - read for its check: a port that is no number, or out of range
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https", "ws", "wss") or not parts.netloc:
        raise AerodeckError(f"not a server address: {excerpt(url)} (give http://HOST:PORT)")
    server = urlunsplit((parts.scheme, parts.netloc, "", "", ""))
    path = [p for p in parts.path.split("/") if p]
    table = path[1] if len(path) == 2 and path[0] == "t" else None
    fragment = parse_qs(parts.fragment)
    invite = fragment.get("invite", [None])[0]
    seat_text = fragment.get("seat", [None])[0]
    if seat_text is not None and not seat_text.isdigit():
        raise AerodeckError(f"not a seat number in the link: {excerpt(seat_text)}")
    return TableLink(server, table, invite, None if seat_text is None else int(seat_text))


def join_with_invite(
    server: str, table: str, invite: str, seat: int | None = None, name: str = ""
) -> tuple[int, str]:
    """Claim a seat with an invite code (POST .../join): the seat and its token. Without the seat,
    the table's free human seats are tried in turn (a wrong seat consumes nothing)."""
    http_base = server.replace("ws://", "http://", 1).replace("wss://", "https://", 1)
    try:
        return _join(http_base, table, invite, seat, name)
    except httpx.HTTPError as error:  # no server there, a dropped connection, a timeout
        raise AerodeckError(f"cannot reach {http_base}: {error}") from None


def _join(http_base: str, table: str, invite: str, seat: int | None, name: str) -> tuple[int, str]:
    with httpx.Client(base_url=http_base, timeout=30.0) as http:
        if seat is None:
            described = http.get(f"/api/tables/{table}")
            if described.status_code != 200:
                raise AerodeckError(f"table {excerpt(table)}: {_detail(described)}")
            seats = [
                s["seat"]
                for s in described.json()["seats"]
                if s["kind"] == "human" and not s["claimed"]
            ]
        else:
            seats = [seat]
        last, status = "no free seat at this table", 0
        for candidate in seats:
            answer = http.post(
                f"/api/tables/{table}/join",
                json={"seat": candidate, "invite": invite, "name": name},
            )
            if answer.status_code == 200:
                joined = answer.json()
                return int(joined["seat"]), str(joined["token"])
            last, status = _detail(answer), answer.status_code
            if status != 401:
                break
    if status == 409:  # the seat is taken, perhaps by this person before a crash: the token
        last += (
            " (if it is your seat, come back with the AERODECK_TOKEN command printed when you "
            "took it)"
        )
    raise AerodeckError(f"cannot join table {excerpt(table)}: {last}")


def _detail(response: httpx.Response) -> str:
    try:
        return str(response.json()["detail"])
    except (ValueError, KeyError, TypeError):
        return f"HTTP {response.status_code}"


class TableClient:
    """One connection to one table, as a seat (``token``) or a spectator (no token)."""

    def __init__(
        self,
        url: str,
        table: str,
        token: str | None = None,
        *,
        recv_timeout: float = RECV_TIMEOUT,
        id_prefix: str | None = None,
        keep_frames: bool = False,
    ) -> None:
        self.url = websocket_url(url)
        self.table = table
        self.token = token
        self.recv_timeout = recv_timeout
        # message ids unique per seat across reconnects and restarts of this client
        self._ids = itertools.count(1)
        self._prefix = id_prefix if id_prefix is not None else secrets.token_hex(4)
        self.ws: ClientConnection | None = None
        self.welcome: JSON | None = None
        self.seat: int | None = None
        self.version = -1  # none seen yet
        self.status = ""
        self.current_player: int | None = None
        self.view: JSON = {}
        self.legal: list[str] = []
        self.forced: str | None = None  # why the one legal move is the only one, if the game says
        self.seats: list[JSON] = []
        self.history: list[JSON] = []  # every move as this seat may know it
        self.history_complete = True
        self.end: JSON | None = None
        self.received = 0
        # every frame received, each welcome preceded by {"type": "hello", ...} as sent (checks)
        self.frames: list[JSON] | None = [] if keep_frames else None

    # --- connection -------------------------------------------------------------------------

    async def connect(self, last_version: int | None = None) -> JSON:
        """Open the socket, say hello, and return the welcome. ``last_version``: resume from
        there (None: a full welcome). TableClosedError if the server refuses."""
        await self.close()
        try:
            self.ws = await websockets.connect(
                table_url(self.url, self.table),
                max_size=None,
                open_timeout=OPEN_TIMEOUT,
                close_timeout=5,
                # the server words its frames (refusals, reasons) in the language in use
                additional_headers={"Accept-Language": language()},
            )
        except (OSError, TimeoutError, websockets.InvalidHandshake) as error:
            raise TableClosedError(1006, f"cannot reach {self.url}: {error}") from None
        hello = {
            "type": "hello",
            "table": self.table,
            "token": self.token,
            "last_version": last_version,
        }
        await self._send(hello)
        if self.frames is not None:
            self.frames.append(hello)
        frame = await self.recv()
        if frame["type"] != "welcome":
            raise TableClosedError(int(frame.get("code", 1002)), str(frame))
        return frame

    async def reconnect(self) -> JSON:
        """Connect again from the last version seen (exactly the missed events)."""
        return await self.connect(self.version if self.version >= 0 else None)

    async def refresh_history(self) -> list[JSON]:
        """The whole move history as this seat may know it, asking for a full welcome when a
        resumed connection left a gap."""
        if not self.history_complete:
            await self.connect(None)
            self.history_complete = True
        return self.history

    async def close(self) -> None:
        if self.ws is not None:
            ws, self.ws = self.ws, None
            await ws.close()

    # --- frames -----------------------------------------------------------------------------

    async def _send(self, frame: JSON) -> None:
        if self.ws is None:
            raise TableClosedError(1006, "not connected")
        try:
            await self.ws.send(json.dumps(frame))
        except websockets.ConnectionClosed as closed:
            raise _closed(closed) from None

    async def recv(self) -> JSON:
        """The next frame, with what it says taken in (TableClosedError when the server closes:
        its error frame's code, or the close code)."""
        if self.ws is None:
            raise TableClosedError(1006, "not connected")
        try:
            text = await asyncio.wait_for(self.ws.recv(), self.recv_timeout)
        except websockets.ConnectionClosed as closed:
            raise _closed(closed) from None
        except TimeoutError:
            raise TableClosedError(1006, f"no frame in {self.recv_timeout:.0f} s") from None
        frame: JSON = json.loads(text)
        self.received += 1
        if self.frames is not None:
            self.frames.append(frame)
        self._take(frame)
        if frame["type"] == "error":
            raise TableClosedError(int(frame["code"]), str(frame["reason"]))
        return frame

    def _take(self, frame: JSON) -> None:
        kind = frame["type"]
        if kind == "welcome":
            self.welcome = frame
            self.seat = frame["seat"]
            if frame["full"]:
                self.history = list(frame["history"] or [])
            elif len(self.history) < frame["version"]:
                # a resumed welcome carries the missed events, not the moves: the history has a
                # gap until a full welcome (``refresh_history``)
                self.history_complete = False
        elif kind == "update":
            self.history.extend(frame["moves"])
        elif kind == "end":
            self.end = frame
        if kind in ("welcome", "update"):
            self.version = frame["version"]
            self.status = frame["status"]
            self.current_player = frame["current_player"]
            self.view = frame["view"]
            self.legal = frame["legal"]
            self.forced = frame.get("forced")
            self.seats = frame["seats"]

    def next_id(self) -> str:
        return f"{self._prefix}-{next(self._ids)}"

    async def act(self, move: str, version: int | None = None, client_id: str | None = None) -> str:
        """Send a move for ``version`` (default: the last seen); its client message id."""
        client_id = client_id or self.next_id()
        await self._send(
            {
                "type": "act",
                "id": client_id,
                "version": self.version if version is None else version,
                "move": move,
            }
        )
        return client_id

    async def answer(self, client_id: str) -> JSON:
        """Frames until the ack or refusal of ``client_id`` (updates on the way are taken in)."""
        for _ in range(MAX_FRAMES_PER_WAIT):
            frame = await self.recv()
            if frame["type"] in ("ack", "refusal") and frame.get("id") == client_id:
                return frame
        raise TableClosedError(1006, f"no answer to {client_id} in {MAX_FRAMES_PER_WAIT} frames")

    async def play(self, move: str, client_id: str | None = None) -> JSON:
        """Act at the last version seen and wait for the answer (an ack or a refusal)."""
        return await self.answer(await self.act(move, client_id=client_id))

    async def my_turn(self) -> bool:
        """Frames until this seat has moves to make (True) or the game ends (False)."""
        for _ in range(MAX_FRAMES_PER_WAIT):
            if self.end is not None:
                return False
            if self.legal:
                return True
            await self.recv()
        raise TableClosedError(1006, f"no turn in {MAX_FRAMES_PER_WAIT} frames")

    async def until_end(self) -> JSON:
        """Frames until the end frame (a spectator, or a seat with nothing left to do)."""
        for _ in range(MAX_FRAMES_PER_WAIT):
            if self.end is not None:
                return self.end
            await self.recv()
        raise TableClosedError(1006, f"no end in {MAX_FRAMES_PER_WAIT} frames")

    async def ping(self) -> None:
        await self._send({"type": "ping"})


def _closed(closed: websockets.ConnectionClosed) -> TableClosedError:
    if closed.rcvd is not None:
        return TableClosedError(closed.rcvd.code, closed.rcvd.reason)
    return TableClosedError(1006, "the connection was lost")
