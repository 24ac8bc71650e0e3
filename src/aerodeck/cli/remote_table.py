"""A table on a server (`aerodeck connect`): one seat, or a spectator, through ``TableClient``.

Everything shown comes from the server's frames, which are built for this seat: the terminal
never holds the game's true state. A lost connection (a server restart) is picked up again with
the last version seen, a bounded number of times.

The client's event loop runs in a thread of its own for as long as the table is open, so the
connection answers the server's pings while the person thinks at the prompt (which reads in the
main thread, where Ctrl-C and line editing work as in `aerodeck play`).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable, Coroutine
from types import TracebackType
from typing import Any, TypeVar

from aerodeck.cli.history import MoveInWords, attach_events
from aerodeck.cli.invocation import invoked_as
from aerodeck.cli.screen import Answer, Outcome
from aerodeck.client import MAX_FRAMES_PER_WAIT, TableClient, TableClosedError
from aerodeck.core.api import JSON, Game
from aerodeck.core.errors import AerodeckError
from aerodeck.core.i18n import _
from aerodeck.core.records import replay
from aerodeck.core.registry import make
from aerodeck.core.text import seat_name

RECONNECTS = 30  # attempts after a lost connection, RECONNECT_WAIT apart
RECONNECT_WAIT = 1.0
# the table moved on under this seat's move: look at it again
LOOK_AGAIN = frozenset({"stale", "bot", "not_your_turn", "game_over"})

T = TypeVar("T")


class RemoteTable:
    """A ``TableSource`` over a connection to a server's table. ``say`` tells the person about
    the connection itself (lost, back). Use it as a context manager: ``with RemoteTable(...)``
    connects, and leaving closes the connection and its thread."""

    def __init__(
        self, client: TableClient, say: Callable[[str], None], come_back: str | None = None
    ) -> None:
        self.client = client
        self.say = say
        self.come_back = come_back  # the command that brings this seat back (None: watching)
        self._awaited: tuple[object, int] | None = None  # the wait last said (who, version)
        self._game: Game | None = None
        self.shown_version = -1
        self.wait_for = 0  # the version after which it is this seat's turn again
        self._events: list[JSON] = []  # received, not shown yet
        # every event received, with the number of the move that caused it (for ``history``)
        self._log: list[tuple[int, JSON]] = []
        self._logged_welcome: JSON | None = None
        self._loop: asyncio.AbstractEventLoop | None = None  # running in _thread once entered
        self._thread: threading.Thread | None = None

    # --- the connection's thread ------------------------------------------------------------

    def __enter__(self) -> RemoteTable:
        loop = self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=loop.run_forever, name="aerodeck-connection", daemon=True
        )
        self._thread.start()
        try:
            welcome = self._run(self.client.connect())
        except BaseException:
            self.close()
            raise
        self._game = make(welcome["game"], welcome["players"], **welcome["options"])
        self._take_events(welcome)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection and stop its thread (whatever was waiting is cancelled)."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        self._loop = self._thread = None
        closing = asyncio.run_coroutine_threadsafe(self.client.close(), loop)
        with contextlib.suppress(TimeoutError, OSError, AerodeckError):  # going away either way
            closing.result(timeout=10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join()
        loop.close()

    def _run(self, work: Coroutine[Any, Any, T]) -> T:
        """Run ``work`` on the connection's loop and wait for it (Ctrl-C still reaches here)."""
        assert self._loop is not None, "open the table first: with RemoteTable(...) as table"
        future = asyncio.run_coroutine_threadsafe(work, self._loop)
        try:
            return future.result()
        except BaseException:  # Ctrl-C while waiting: nothing keeps running behind the screen
            future.cancel()
            raise

    def _reconnect(self, closed: TableClosedError) -> None:
        """Connect again after a close that allows it; the close itself when it does not or when
        every attempt fails."""
        if not closed.retry:
            raise closed
        lost = _("Connection lost ({code}); reconnecting...", code=closed.code)
        self.say(f"[yellow]{lost}[/yellow]")
        for _attempt in range(RECONNECTS):
            time.sleep(RECONNECT_WAIT)
            try:
                welcome = self._run(self.client.reconnect())
            except TableClosedError as again:
                if not again.retry:
                    raise
                continue
            self.say(f"[green]{_('Reconnected.')}[/green]")
            self._take_events(welcome)
            return
        raise closed

    def _recv(self) -> JSON:
        frame = self._run(self.client.recv())
        self._take_events(frame)
        return frame

    def _take_events(self, frame: JSON) -> None:
        """The events of a welcome or an update, each once."""
        if frame["type"] not in ("welcome", "update"):
            return
        if frame["version"] <= self.shown_version and frame["type"] == "update":
            return
        self._events.extend(event["event"] for event in frame["events"])
        self.shown_version = frame["version"]
        self._log_events(frame)

    def _log_events(self, frame: JSON) -> None:
        """Keep a welcome's or an update's events with the move that caused each (the server
        says so in ``move``; a server that does not: the frame's version, its last move)."""
        caused = [
            (event.get("move", frame["version"]), event["event"]) for event in frame["events"]
        ]
        if frame["type"] == "welcome":
            self._logged_welcome = frame
            if frame["full"]:
                self._log = []
        self._log.extend(caused)

    # --- TableSource ------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        assert self._game is not None, "open the table first: with RemoteTable(...) as table"
        return self._game

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def table_id(self) -> str:
        return self.client.table

    @property
    def quit_help(self) -> str:
        return _("leave the table; your seat stays yours: connect again to carry on")

    def new_events(self) -> list[JSON]:
        events, self._events = self._events, []
        return events

    def view(self) -> JSON:
        return self.client.view

    def my_turn(self) -> bool:
        return bool(self.client.legal) and self.client.version >= self.wait_for

    def legal(self) -> list[str]:
        return list(self.client.legal)

    def submit(self, move: str) -> Answer:
        """Send the move and read frames (taking in their events) until its answer. A move lost
        with the connection (the table did not move on) is said so, to be made again."""
        sent_at = self.client.version
        try:
            client_id = self._run(self.client.act(move))
            for _count in range(MAX_FRAMES_PER_WAIT):
                frame = self._recv()
                if frame["type"] in ("ack", "refusal") and frame.get("id") == client_id:
                    break
            else:
                raise TableClosedError(1006, "no answer from the server")
        except TableClosedError as closed:
            self._reconnect(closed)
            if self.client.version == sent_at and self.my_turn():
                lost = _("Your move did not reach the table before the connection was lost.")
                self.say(f"[yellow]{lost}[/yellow]")
            return Answer(done=True)  # the table as it is now, and its moves again
        if frame["type"] == "ack":
            self.wait_for = frame["version"]
            return Answer(done=True)
        if frame["code"] in LOOK_AGAIN:
            self.wait_for = self.client.version + 1
            return Answer(done=True, refusal=str(frame["reason"]))
        return Answer(done=False, refusal=str(frame["reason"]))

    def wait(self) -> None:
        self._say_who_is_awaited()
        try:
            self._recv()
        except TableClosedError as closed:
            self._reconnect(closed)

    def _say_who_is_awaited(self) -> None:
        """Once a turn, when the table waits for a person (a bot answers at once): who."""
        client = self.client
        awaited = client.current_player
        if client.status == "waiting":
            key: tuple[object, int] = ("seats", client.version)
            text = _("Waiting for players to take their seats.")
        elif awaited is not None and awaited != client.seat and awaited < len(client.seats):
            seat = client.seats[awaited]
            if seat.get("kind") != "human" or seat.get("played_by", "human") != "human":
                return  # a bot, or a bot playing for a person who ran out of time
            key, text = (awaited, client.version), _("Waiting for {who}.", who=seat_name(awaited))
        else:
            return
        if key != self._awaited:
            self._awaited = key
            self.say(f"[dim]{text}[/dim]")

    def history(self) -> list[MoveInWords]:
        """The server's moves with the events each caused, as this seat saw them (the server
        redacts others' secrets)."""
        while True:
            try:
                moves = self._run(self.client.refresh_history())
                break
            except TableClosedError as closed:
                self._reconnect(closed)
        welcome = self.client.welcome
        if welcome is not None and welcome is not self._logged_welcome:  # a full one, to refresh
            self._log_events(welcome)
        return attach_events(((m["number"], m["seat"]) for m in moves), self._log)

    def forced_reason(self) -> str | None:
        """The server's reason for the seat's one move, in the language the terminal asked."""
        return self.client.forced

    def outcome(self) -> Outcome | None:
        end = self.client.end
        if end is None:
            return None
        return Outcome(
            list(end["winners"]),
            self._summary(end),
            _("Game over at version {version}.", version=end["version"]),
        )

    def _summary(self, end: JSON) -> str | None:
        """The game's own summary, from the record the end frame carries (the whole game, now
        that it is over); None if it does not replay here (another version of the game). A
        game ended by a forfeit (a move clock ran out) says so instead: it has no result of its
        own."""
        forfeit = end.get("forfeit")
        if isinstance(forfeit, dict) and isinstance(forfeit.get("reason"), str):
            return _(
                "{reason}: the game ends, every other seat shares the win.",
                reason=forfeit["reason"],
            )
        try:
            final = replay(end["record"])
        except AerodeckError:
            return None
        return final.game.render_result(final.view(self.seat), final.events_since(0, self.seat))

    def farewell(self) -> list[str]:
        if self.come_back is None:
            return [_("You stopped watching the table.")]
        return [
            _("You left the table; your seat stays yours. To come back to it:"),
            f"  {self.come_back}",
        ]


def come_back_command(server: str, table: str, token: str) -> str:
    """The command that connects this seat again (its token in the environment, not in a
    link that a shell history or a server log could keep)."""
    return f"AERODECK_TOKEN={token} {invoked_as()} connect {server}/t/{table}"
