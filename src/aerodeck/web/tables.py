"""A table in memory: its game state, seats, connections, and the frames built for each recipient.

Everything a connection is sent is built here from ``view(seat)``, ``events_since(n, seat)``,
``history_for(seat)``, ``record_for(seat)`` and ``Game.move_seen_by``: a spectator is seat None.
The state object held here is never mutated: the move path applies a move to a clone, stores it,
then swaps the clone in, so a bot thread may read a snapshot while the table moves on.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from aerodeck.core.api import JSON, Action, Game, State
from aerodeck.core.registry import make
from aerodeck.core.words import as_seen_by
from aerodeck.web.frames import SERVER_ERROR, TOO_SLOW
from aerodeck.web.limits import TokenBucket
from aerodeck.web.models import SeatRow, TableRow
from aerodeck.web.store import StoredTable
from aerodeck.web.tokens import matches

log = logging.getLogger("aerodeck.web")


@dataclass
class Seat:
    """One seat as the server keeps it (secrets only as digests)."""

    kind: str  # human or bot
    bot: str | None
    name: str
    token_hash: str | None
    invite_hash: str | None
    bot_override: str | None

    @classmethod
    def from_row(cls, row: SeatRow) -> Seat:
        return cls(row.kind, row.bot, row.name, row.token_hash, row.invite_hash, row.bot_override)

    @property
    def claimed(self) -> bool:
        return self.kind == "human" and self.token_hash is not None

    @property
    def played_by(self) -> str | None:
        """The bot playing this seat now, or None when its human does."""
        return self.bot if self.kind == "bot" else self.bot_override


class Connection:
    """One WebSocket: its seat (None: a spectator), its rate bucket, and a queue of outgoing frames
    written by its own task, so a slow client never holds a table's lock."""

    def __init__(self, ws: WebSocket, seat: int | None, bucket: TokenBucket, queue: int) -> None:
        self.ws = ws
        self.seat = seat
        self.bucket = bucket
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue(maxsize=queue)
        self.closing = False

    def send(self, text: str) -> None:
        """Queue a frame; a connection that cannot keep up is closed (4500) to reconnect."""
        if self.closing:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(TOO_SLOW, "too slow: reconnect with last_version")

    def send_json(self, frame: JSON) -> None:
        self.send(json.dumps(frame, separators=(",", ":")))

    def close(self, code: int, reason: str) -> None:
        """Send an error frame and close with ``code`` after the frames already queued."""
        if self.closing:
            return
        self.closing = True
        while self.queue.full():
            self.queue.get_nowait()  # the close must get through; the frames are moot
        self.queue.put_nowait((code, reason))

    async def write(self) -> None:
        """The connection's writer task: frames in order, then the close."""
        while True:
            item = await self.queue.get()
            if isinstance(item, tuple):
                code, reason = item
                error = json.dumps({"type": "error", "code": code, "reason": reason})
                try:
                    await self.ws.send_text(error)
                    await self.ws.close(code, reason[:120])
                except Exception:  # the peer may be gone already
                    pass
                return
            try:
                await self.ws.send_text(item)
            except Exception:  # the peer is gone: the reader sees it and detaches
                self.closing = True
                return


@dataclass
class Table:
    """One table: the authoritative state and what the move path and frames need around it."""

    id: str
    game: Game
    state: State
    seed: int
    host_hash: str
    listed: bool
    clock: int | None
    fallback_bot: str
    status: str
    created: str
    seats: list[Seat]
    marks: list[int]  # marks[v]: the state's event count at version v
    acked: dict[tuple[int, str], int]  # (seat, client id) -> the version the move produced
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    tasks: set[asyncio.Task[Any]] = field(default_factory=set)
    idle_since: float = 0.0

    @classmethod
    def rebuild(cls, stored: StoredTable) -> Table:
        """The table from the store: its game replayed move by move from the seed, every move
        checked again (a stored move the engine refuses raises its error)."""
        row: TableRow = stored.table
        game = make(row.game, row.players, **row.options)
        state = game.new_game(seed=row.seed)
        marks = [state.event_count]
        acked: dict[tuple[int, str], int] = {}
        for move in stored.moves:
            if move.seq != len(marks) - 1:
                raise ValueError(f"table {row.id}: move {move.seq} stored out of order")
            state.apply(move.move)
            marks.append(state.event_count)
            if move.client_id is not None:
                acked[(move.seat, move.client_id)] = move.seq + 1
        return cls(
            id=row.id,
            game=game,
            state=state,
            seed=row.seed,
            host_hash=row.host_hash,
            listed=row.listed,
            clock=row.clock,
            fallback_bot=row.fallback_bot,
            status="over" if state.is_terminal else row.status,
            created=row.created_at.isoformat(timespec="seconds") + "+00:00",
            seats=[Seat.from_row(seat) for seat in stored.seats],
            marks=marks,
            acked=acked,
        )

    @property
    def version(self) -> int:
        return self.state.move_number

    @property
    def playing(self) -> bool:
        return self.status == "playing" and not self.state.is_terminal

    def ready(self) -> bool:
        """Every human seat is claimed or handed to a bot: the game may start."""
        return all(s.kind == "bot" or s.claimed or s.bot_override for s in self.seats)

    def seat_of(self, token: str) -> int | None:
        """The claimed seat whose token this is, or None; every seat is compared (in constant
        time each), so the answer's timing says nothing about which seat was close."""
        found = None
        for seat, s in enumerate(self.seats):
            if matches(token, s.token_hash) and found is None:
                found = seat
        return found

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and not c.closing for c in self.connections)

    # --- public description -----------------------------------------------------------------

    def seat_json(self, seat: int) -> JSON:
        s = self.seats[seat]
        return {
            "seat": seat,
            "kind": s.kind,
            "bot": s.bot,
            "name": s.name,
            "claimed": s.claimed,
            "connected": self.connected(seat),
            "played_by": s.played_by or "human",
        }

    def seats_json(self) -> list[JSON]:
        return [self.seat_json(seat) for seat in range(len(self.seats))]

    def describe(self) -> JSON:
        """The table as the lobby shows it (no secret)."""
        return {
            "table": self.id,
            "game": self.game.id,
            "title": self.game.info.title,
            "players": self.game.players,
            "options": dict(self.game.options),
            "status": self.status,
            "version": self.version,
            "clock": self.clock,
            "listed": self.listed,
            "created": self.created,
            "seats": self.seats_json(),
        }

    # --- frames for one recipient -----------------------------------------------------------

    def legal_for(self, seat: int | None) -> list[str]:
        """The seat's legal moves if it is its human's decision now; [] otherwise."""
        state = self.state
        if seat is None or not self.playing or state.current_player != seat:
            return []
        if self.seats[seat].played_by is not None:
            return []
        return [str(action) for action in state.legal_actions()]

    def events_for(self, seat: int | None, since_version: int | None) -> list[JSON]:
        """The events since ``since_version`` (None: every event, the deal before the first move
        included), redacted for ``seat``, each with its words as that seat reads them: its own
        seat as ``you`` (the terminal's translator, so the page and the terminal say the same)."""
        describe = self.game.describe_event
        start = 0 if since_version is None else self.marks[since_version]
        events = self.state.events_since(start, seat)
        return [{"text": as_seen_by(describe(event), seat), "event": event} for event in events]

    def welcome(self, seat: int | None, last_version: int | None) -> JSON:
        resume = last_version is not None and 0 <= last_version <= self.version
        since = last_version if resume else None
        history = None
        if not resume:
            history = [move._asdict() for move in self.state.history_for(seat)]
        return {
            "type": "welcome",
            "table": self.id,
            "game": self.game.id,
            "players": self.game.players,
            "options": dict(self.game.options),
            "status": self.status,
            "seat": seat,
            "version": self.version,
            "current_player": self.state.current_player,
            "view": self.state.view(seat),
            "legal": self.legal_for(seat),
            "seats": self.seats_json(),
            "full": not resume,
            "events": self.events_for(seat, since),
            "history": history,
        }

    def update(self, seat: int | None, since: int, moves: list[tuple[int, int, Action]]) -> JSON:
        """The frame after moves ``(number, actor, action)`` (none: a seats-only update)."""
        seen = self.game.move_seen_by
        return {
            "type": "update",
            "version": self.version,
            "status": self.status,
            "current_player": self.state.current_player,
            "view": self.state.view(seat),
            "legal": self.legal_for(seat),
            "seats": self.seats_json(),
            "events": self.events_for(seat, since),
            "moves": [
                {
                    "number": number,
                    "seat": actor,
                    "move": str(action) if actor == seat else seen(action, actor, seat),
                }
                for number, actor, action in moves
            ],
        }

    def end(self, seat: int | None) -> JSON:
        returns = self.state.returns()
        standings = [
            {"seat": s, "return": value, "place": 1 + sum(other > value for other in returns)}
            for s, value in sorted(enumerate(returns), key=lambda item: (-item[1], item[0]))
        ]
        return {
            "type": "end",
            "version": self.version,
            "returns": returns,
            "winners": self.state.winners,
            "standings": standings,
            "record": self.state.record_for(seat),
        }

    def broadcast(self, since: int, moves: list[tuple[int, int, Action]]) -> None:
        """An update (and the end, when the game is over) to every connection, built once per
        recipient seat."""
        texts: dict[int | None, list[str]] = {}
        for conn in list(self.connections):
            if conn.seat not in texts:
                try:
                    frames = [self.update(conn.seat, since, moves)]
                    if moves and self.state.is_terminal:
                        frames.append(self.end(conn.seat))
                except Exception:  # an engine bug: this seat's clients must resynchronise
                    log.exception("table %s: no frame for seat %s", self.id, conn.seat)
                    frames = []
                texts[conn.seat] = [json.dumps(f, separators=(",", ":")) for f in frames]
            if not texts[conn.seat]:
                conn.close(SERVER_ERROR, "server error: reconnect with last_version")
            for text in texts[conn.seat]:
                conn.send(text)
