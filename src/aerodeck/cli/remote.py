"""`aerodeck connect`: play a seat of a server's table from the terminal, with the same screen as
`aerodeck play` (the game's ``render_view`` of the seat's view, ``describe_event`` of each event,
the numbered move list, the same commands).

Everything shown comes from the server's frames, which are built for this seat: the client never
holds the game's true state. A lost connection (a server restart) is picked up again with the last
version seen, a bounded number of times.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape

from aerodeck.cli.session import grouped, hanging, move_menu
from aerodeck.cli.words import as_seen_by, coloured_seats, seats_text
from aerodeck.core.api import JSON, Game
from aerodeck.core.registry import make
from aerodeck.web.client import TableClient, TableClosedError

HELP = (
    "Type a move's number or its notation. Other commands: [bold]help[/bold] (this), "
    "[bold]view[/bold] (the table again), [bold]rules[/bold], [bold]history[/bold], "
    "[bold]quit[/bold] (leave the table; your seat stays yours: connect again to carry on)."
)
RECONNECTS = 30  # attempts after a lost connection, RECONNECT_WAIT apart
RECONNECT_WAIT = 1.0


def read_move(text: str, legal: list[str]) -> tuple[str | None, str]:
    """The move a typed line names (a number of the list, or a notation), or None and why not.
    A notation that is not in the list is still sent, so the server names the rule against it."""
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1], ""
        return None, f"There is no move {number}: choose 1 to {len(legal)}."
    return text, ""


class RemoteSession:
    """One seat (or a spectator) of a table on a server, driven by ``ask`` and ``console``."""

    def __init__(self, client: TableClient, console: Console, ask: Callable[[str], str]) -> None:
        self.client = client
        self.console = console
        self.ask = ask
        self.game: Game | None = None
        self.shown_version = -1
        self.wait_for = 0  # the version after which it is this seat's turn again
        self.menu: list[str] = []  # the legal moves in the order shown (numbered from 1)

    async def run(self) -> bool:
        """Play (or watch) to the end: True at the end of the game, False if the person quit."""
        welcome = await self.client.connect()
        self.game = make(welcome["game"], welcome["players"], **welcome["options"])
        who = "a spectator" if welcome["seat"] is None else f"seat {welcome['seat']}"
        self.console.print(
            f"[bold]{self.game.info.title}[/bold] at table {escape(welcome['table'])}, "
            f"you are {who}. {HELP}"
        )
        self._show_events(welcome)
        if welcome["seat"] is None:  # a spectator: the table once, then the game in words
            self._draw(welcome["view"])
        while True:
            try:
                if self.client.end is not None:
                    self._show_result()
                    return True
                if self.client.legal and self.client.version >= self.wait_for:
                    if not await self._turn():
                        return False
                else:
                    await self.recv_shown()
            except TableClosedError as closed:
                if not closed.retry or not await self._reconnect(closed):
                    raise

    async def _reconnect(self, closed: TableClosedError) -> bool:
        self.console.print(f"[yellow]Connection lost ({closed.code}); reconnecting...[/yellow]")
        for _ in range(RECONNECTS):
            await asyncio.sleep(RECONNECT_WAIT)
            try:
                welcome = await self.client.reconnect()
            except TableClosedError as again:
                if not again.retry:
                    raise
                continue
            self.console.print("[green]Reconnected.[/green]")
            self._show_events(welcome)
            return True
        return False

    async def recv_shown(self) -> JSON:
        frame = await self.client.recv()
        self._show_events(frame)
        return frame

    def _show_events(self, frame: JSON) -> None:
        """The events of a welcome or an update, in words, each once."""
        if frame["type"] not in ("welcome", "update") or self.game is None:
            return
        if frame["version"] <= self.shown_version and frame["type"] == "update":
            return
        for event in frame["events"]:
            line = as_seen_by(self.game.describe_event(event["event"]), self.client.seat)
            self.console.print(hanging("  " + coloured_seats(line)))
        self.shown_version = frame["version"]

    def _draw(self, view: JSON) -> None:
        assert self.game is not None
        self.console.rule()
        drawn = as_seen_by(self.game.render_view(view), self.client.seat)
        self.console.print(hanging(coloured_seats(drawn)))

    def _show_table(self) -> None:
        self._draw(self.client.view)
        self.menu = grouped(self.client.legal)
        self.console.print(move_menu(self.menu, self.console.width))

    async def _show_history(self) -> None:
        """The moves so far as this seat may know them (the server redacts others' secrets)."""
        history = await self.client.refresh_history()
        if not history:
            self.console.print("no moves yet")
        for move in history:
            who = "you" if move["seat"] == self.client.seat else f"seat {move['seat']}"
            self.console.print(f"{move['number']:>4} {who}: {escape(move['move'])}")

    async def _turn(self) -> bool:
        """Ask for a move until the server acknowledges one; False if the person quit."""
        assert self.game is not None
        self._show_table()
        while True:
            try:
                text = (await asyncio.to_thread(self.ask, "> ")).strip()
            except EOFError:
                return False
            lowered = text.lower()
            if lowered in ("quit", "q", "exit"):
                return False
            if lowered in ("help", "h", "?"):
                self.console.print(HELP)
            elif lowered == "view":
                self._show_table()
            elif lowered == "rules":
                self.console.print(Markdown(self.game.rules_text()))
            elif lowered == "history":
                await self._show_history()
            elif text:
                move, why = read_move(text, self.menu)
                if move is None:
                    self.console.print(f"[red]{escape(why)}[/red]")
                    continue
                answer = await self._answer(move)
                if answer["type"] == "ack":
                    self.wait_for = answer["version"]
                    return True
                self.console.print(f"[red]Not allowed: {escape(answer['reason'])}[/red]")
                if answer["code"] in ("stale", "bot", "not_your_turn", "game_over"):
                    self.wait_for = self.client.version + 1  # the table moved on: look again
                    return True

    async def _answer(self, move: str) -> JSON:
        client_id = await self.client.act(move)
        for _ in range(10_000):
            frame = await self.recv_shown()
            if frame["type"] in ("ack", "refusal") and frame.get("id") == client_id:
                return frame
        raise TableClosedError(1006, "no answer from the server")

    def _show_result(self) -> None:
        end = self.client.end
        assert end is not None
        seat = self.client.seat
        winners: list[int] = end["winners"]
        if seat is not None and winners == [seat]:
            verdict = "You win!"
        elif seat is not None and seat in winners:
            others = [s for s in winners if s != seat]
            verdict = f"You share the win with {seats_text(others)}."
        else:
            label = "Winner" if len(winners) == 1 else "Winners"
            verdict = f"{label}: {seats_text(winners, seat)}."
        self.console.print(f"[bold]{verdict}[/bold] Game over at version {end['version']}.")
