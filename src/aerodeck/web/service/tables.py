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
from bisect import bisect_right
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from aerodeck.core.api import JSON, Action, Game, State
from aerodeck.core.i18n import using
from aerodeck.core.registry import make
from aerodeck.core.words import as_seen_by
from aerodeck.web.service.chat import ChatRoom
from aerodeck.web.service.clock import deadline
from aerodeck.web.service.connection import Connection
from aerodeck.web.service.forfeit import forfeit_json, forfeit_returns, forfeit_winners
from aerodeck.web.service.frames import SERVER_ERROR
from aerodeck.web.service.records import Seat, StoredTable
from aerodeck.web.service.results import places
from aerodeck.web.service.status import TableStatus
from aerodeck.web.service.tokens import matches

log = logging.getLogger("aerodeck.web")


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
    status: TableStatus
    created: str
    seats: list[Seat]
    marks: list[int]  # marks[v]: the state's event count at version v
    acked: dict[tuple[int, str], int]  # (seat, client id) -> the version the move produced
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    tasks: set[asyncio.Task[Any]] = field(default_factory=set)
    idle_since: float = 0.0
    chat: ChatRoom | None = None  # loaded on first use (service/chat.py)
    on_timeout: str = "bot"  # what the move clock running out does: bot or forfeit
    turn_began: datetime | None = None  # when the decision in progress began (naive UTC)
    forfeited: int | None = None  # the seat whose clock ran out, ending the game
    host_player_id: str | None = None  # the player whose session holds the host's powers
    hints: bool = False  # the host allows "suggest a move" (service/hints.py)
    # seats with a connection on other processes, by process (service/cluster.py)
    elsewhere: dict[str, frozenset[int]] = field(default_factory=dict)

    @classmethod
    def rebuild(cls, stored: StoredTable) -> Table:
        """The table from the store: its game replayed move by move from the seed, every move
        checked again (a stored move the engine refuses raises its error)."""
        record = stored.table
        game = make(record.game, record.players, **record.options)
        state = game.new_game(seed=record.seed)
        marks = [state.event_count]
        acked: dict[tuple[int, str], int] = {}
        for move in stored.moves:
            if move.seq != len(marks) - 1:
                raise ValueError(f"table {record.id}: move {move.seq} stored out of order")
            state.apply(move.move)
            marks.append(state.event_count)
            if move.client_id is not None:
                acked[(move.seat, move.client_id)] = move.seq + 1
        return cls(
            id=record.id,
            game=game,
            state=state,
            seed=record.seed,
            host_hash=record.host_hash,
            listed=record.listed,
            clock=record.clock,
            fallback_bot=record.fallback_bot,
            status=TableStatus.OVER if state.is_terminal else record.status,
            created=record.created_at.isoformat(timespec="seconds") + "+00:00",
            seats=[replace(seat) for seat in stored.seats],
            marks=marks,
            acked=acked,
            on_timeout=record.on_timeout,
            turn_began=record.turn_began_at,
            forfeited=record.forfeited_seat,
            host_player_id=record.host_player_id,
            hints=record.hints,
        )

    @property
    def version(self) -> int:
        return self.state.move_number

    @property
    def playing(self) -> bool:
        return self.status is TableStatus.PLAYING and not self.state.is_terminal

    @property
    def over(self) -> bool:
        """The game ended: played to its end, or forfeited."""
        return self.status is TableStatus.OVER or self.state.is_terminal

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is (None: the game is over, by its end or a forfeit)."""
        return None if self.forfeited is not None else self.state.current_player

    def deadline(self) -> datetime | None:
        """When the human decision in progress runs out (None: no clock, or nobody's human
        decision is awaited)."""
        if not self.clock or not self.playing or self.turn_began is None:
            return None
        seat = self.state.current_player
        if seat is None or self.seats[seat].played_by is not None:
            return None
        return deadline(self.turn_began, self.clock)

    def deadline_json(self) -> str | None:
        moment = self.deadline()
        return None if moment is None else moment.isoformat(timespec="seconds") + "+00:00"

    def forfeit_json(self) -> JSON | None:
        """The forfeit that ended the game (None: it did not end by forfeit)."""
        if self.forfeited is None:
            return None
        return forfeit_json(self.seats[self.forfeited].name, self.forfeited)

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

    def seat_owned_by(self, player_id: str | None) -> int | None:
        """The first claimed seat that belongs to ``player_id``, or None."""
        if player_id is None:
            return None
        for seat, s in enumerate(self.seats):
            if s.claimed and s.player_id == player_id:
                return seat
        return None

    def connected(self, seat: int) -> bool:
        """The seat has a connection here or on another process serving the table."""
        if any(c.seat == seat and not c.closing for c in self.connections):
            return True
        return any(seat in seats for seats in self.elsewhere.values())

    def seats_connected_here(self) -> frozenset[int]:
        return frozenset(c.seat for c in self.connections if c.seat is not None and not c.closing)

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

    def is_host(self, host_token: str | None, player_id: str | None) -> bool:
        """Whether the asker hosts the table: the host token, or the host player signed in."""
        if player_id is not None and player_id == self.host_player_id:
            return True
        return matches(host_token, self.host_hash)

    def describe(self) -> JSON:
        """The table as the lobby shows it (no secret)."""
        return {
            "table": self.id,
            "game": self.game.id,
            "title": self.game.info.title,
            "players": self.game.players,
            "options": dict(self.game.options),
            "status": self.status.value,
            "version": self.version,
            "clock": self.clock,
            "on_timeout": self.on_timeout,
            "deadline": self.deadline_json(),
            "forfeit": self.forfeit_json(),
            "listed": self.listed,
            "hints": self.hints,
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

    def forced_for(self, seat: int | None, legal: list[str]) -> str | None:
        """Why the seat's one legal move is its only one (the game's ``forced_reason``, in the
        recipient's language, its own seat as ``you``), or None."""
        if seat is None or len(legal) != 1:
            return None
        reason = self.game.forced_reason(self.state)
        return None if reason is None else as_seen_by(reason, seat)

    def events_for(self, seat: int | None, since_version: int | None) -> list[JSON]:
        """The events since ``since_version`` (None: every event, the deal before the first move
        included), redacted for ``seat``, each with its words as that seat reads them: its own
        seat as ``you`` (the terminal's translator, so the page and the terminal say the same),
        and the number of the move that caused it (0: before the first move)."""
        describe = self.game.describe_event
        start = 0 if since_version is None else self.marks[since_version]
        events = self.state.events_since(start, seat)
        return [
            {
                "text": as_seen_by(describe(event), seat),
                "event": event,
                "move": bisect_right(self.marks, index),
            }
            for index, event in enumerate(events, start)
        ]

    def welcome(self, seat: int | None, last_version: int | None) -> JSON:
        resume = last_version is not None and 0 <= last_version <= self.version
        since = last_version if resume else None
        history = None
        legal = self.legal_for(seat)
        if not resume:
            history = [move._asdict() for move in self.state.history_for(seat)]
        return {
            "type": "welcome",
            "table": self.id,
            "game": self.game.id,
            "players": self.game.players,
            "options": dict(self.game.options),
            "status": self.status.value,
            "seat": seat,
            "version": self.version,
            "current_player": self.to_move,
            "deadline": self.deadline_json(),
            "view": self.state.view(seat),
            "legal": legal,
            "forced": self.forced_for(seat, legal),
            "seats": self.seats_json(),
            "full": not resume,
            "events": self.events_for(seat, since),
            "history": history,
        }

    def update(self, seat: int | None, since: int, moves: list[tuple[int, int, Action]]) -> JSON:
        """The frame after moves ``(number, actor, action)`` (none: a seats-only update)."""
        seen = self.game.move_seen_by
        legal = self.legal_for(seat)
        return {
            "type": "update",
            "version": self.version,
            "status": self.status.value,
            "current_player": self.to_move,
            "deadline": self.deadline_json(),
            "view": self.state.view(seat),
            "legal": legal,
            "forced": self.forced_for(seat, legal),
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
        """The end frame: the standings and the whole record (the game is over: nothing is hidden
        any more). A forfeited game's returns are the forfeit's ruling, and its record, whole but
        unfinished, says who ran out of time."""
        if self.forfeited is not None:
            return self._forfeit_end()
        returns = self.state.returns()
        return {
            "type": "end",
            "version": self.version,
            "returns": returns,
            "winners": self.state.winners,
            "standings": _standings(returns, self.state.placings()),
            "record": self.state.record_for(seat),
            "forfeit": None,
        }

    def _forfeit_end(self) -> JSON:
        assert self.forfeited is not None
        players = self.game.players
        returns = forfeit_returns(players, self.forfeited)
        forfeit = self.forfeit_json()
        return {
            "type": "end",
            "version": self.version,
            "returns": returns,
            "winners": forfeit_winners(players, self.forfeited),
            "standings": _standings(returns, _by_returns(returns)),
            "record": {**self.state.record(), "forfeit": forfeit},
            "forfeit": forfeit,
        }

    def broadcast(
        self, since: int, moves: list[tuple[int, int, Action]], ended: bool = False
    ) -> None:
        """An update (and the end, when the game is over: by these moves, or ``ended`` by a
        forfeit) to every connection, built once per recipient seat and language."""
        texts: dict[tuple[int | None, str], list[str]] = {}
        for conn in list(self.connections):
            key = (conn.seat, conn.language)
            if key not in texts:
                try:
                    with using(conn.language):
                        frames = [self.update(conn.seat, since, moves)]
                        if (moves and self.state.is_terminal) or ended:
                            frames.append(self.end(conn.seat))
                except Exception:  # an engine bug: this seat's clients must resynchronise
                    log.exception("table %s: no frame for seat %s", self.id, conn.seat)
                    frames = []
                texts[key] = [json.dumps(f, separators=(",", ":")) for f in frames]
            if not texts[key]:
                conn.close(SERVER_ERROR, "server error: reconnect with last_version")
            for text in texts[key]:
                conn.send(text)


def _standings(returns: list[float], placings: list[list[int]]) -> list[JSON]:
    """The seats best first (``State.placings``: the winners, then the game's own order), each
    with its place as the results keep it."""
    place = places(returns, placings)
    return [
        {"seat": s, "return": returns[s], "place": place[s]}
        for tied in placings
        for s in sorted(tied)
    ]


def _by_returns(returns: list[float]) -> list[list[int]]:
    """Places from the returns alone (a forfeit's ruling): the winners, then everyone else."""
    best = [s for s, value in enumerate(returns) if value > 0]
    rest = [s for s, value in enumerate(returns) if value <= 0]
    return [group for group in (best, rest) if group]
