"""The terminal's one screen for a seat at a table: the game's ``render_view`` of the seat's view,
``describe_event`` of each event with the seat as "you", the numbered move list and the same
commands, whether the table is in this process (`aerodeck play`: ``cli.local_table``) or on a
server (`aerodeck connect`: ``cli.remote_table``).

The screen knows a table only through ``TableSource``: what the seat may see, its moves, and a
way to send one. It never holds the game's true state.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.markup import escape
from rich.padding import Padding
from rich.text import Text

from aerodeck.core.api import JSON, Game, SeenMove
from aerodeck.core.text import seat_colour
from aerodeck.core.words import as_seen_by, seats_text

HELP = (
    "Type a move's number or its notation (Tab completes it). Other commands: "
    "[bold]help[/bold] (this), [bold]view[/bold] (the table again), [bold]rules[/bold], "
    "[bold]history[/bold], {cards}[bold]quit[/bold] ({quit})."
)
COMMANDS = ("help", "view", "rules", "history", "cards", "quit")


@dataclass(frozen=True)
class Answer:
    """What the table said to a move: ``refusal`` is why not ("" when taken); ``done`` says the
    turn is over (the move was taken, or the table moved on and must be looked at again)."""

    done: bool
    refusal: str = ""


@dataclass(frozen=True)
class Outcome:
    """A finished game as the seat sees it: the winners, the game's own summary (standings and
    score, or None) and the closing words (where the record is)."""

    winners: list[int]
    summary: str | None
    closing: str


class TableSource(Protocol):
    """A table as one seat (or a spectator) knows it, whether it is in this process or remote."""

    @property
    def game(self) -> Game:
        """The configured game (its rendering, its rules, its notation)."""

    @property
    def seat(self) -> int | None:
        """The seat shown as "you"; None for a spectator."""

    @property
    def place(self) -> str:
        """Where the table is, after the game's title: "" or " at table ID"."""

    @property
    def quit_help(self) -> str:
        """What ``quit`` does here, for the help line."""

    def new_events(self) -> list[JSON]:
        """The events not shown yet, as the seat saw them (each once)."""

    def view(self) -> JSON:
        """The seat's view of the table now."""

    def my_turn(self) -> bool:
        """Whether the seat is to move now."""

    def legal(self) -> list[str]:
        """The seat's legal moves' notation."""

    def submit(self, move: str) -> Answer:
        """Make a move (a listed notation or text the person typed)."""

    def wait(self) -> None:
        """Let the table move on: a bot moves, or the next word comes from the server."""

    def history(self) -> list[SeenMove]:
        """Every move so far as the seat may know it (others' secret moves stay secret)."""

    def outcome(self) -> Outcome | None:
        """The end of the game; None while it goes on."""

    def farewell(self) -> list[str]:
        """What to tell a person who leaves before the end (how to come back)."""


class Screen:
    """A game at one table, shown to one seat: driven by ``ask`` (the prompt) and ``console``."""

    def __init__(self, source: TableSource, console: Console, ask: Callable[[str], str]) -> None:
        self.source = source
        self.console = console
        self.ask = ask
        self.notations: list[str] = []  # what Tab completes at the prompt: moves and commands

    def run(self) -> bool:
        """Play (or watch) to the end; False if the person left first.

        Ctrl-C is leaving: at the prompt or while the table moves on, the source says how to
        come back (a local game's record on disk is the one written after the last whole move).
        """
        source = self.source
        who = "a spectator" if source.seat is None else f"seat {source.seat}"
        self.console.print(
            f"[bold]{source.game.info.title}[/bold]{escape(source.place)}, you are {who}. "
            f"{self._help()}"
        )
        try:
            self._show_events()
            if source.seat is None:  # a spectator: the table once, then the game in words
                self._draw()
            return self._loop()
        except KeyboardInterrupt:
            self.console.print()
            self.console.print("Interrupted.")
            self._say_farewell()
            return False

    def _loop(self) -> bool:
        while True:
            self._show_events()
            outcome = self.source.outcome()
            if outcome is not None:
                self._show_result(outcome)
                return True
            if self.source.my_turn():
                if not self._turn():
                    self._say_farewell()
                    return False
            else:
                self.source.wait()

    def completions(self) -> list[str]:
        return self.notations

    def _say_farewell(self) -> None:
        for line in self.source.farewell():
            self.console.print(escape(line), soft_wrap=True, highlight=False)

    def _help(self) -> str:
        reference = self.source.game.reference_text()
        cards = "[bold]cards[/bold] (the card reference), " if reference else ""
        return HELP.format(cards=cards, quit=self.source.quit_help)

    def _show_events(self) -> None:
        describe = self.source.game.describe_event
        for event in self.source.new_events():
            line = coloured_seats(as_seen_by(describe(event), self.source.seat))
            self.console.print(hanging("  " + line))

    def _draw(self) -> None:
        self.console.rule()
        table = self.source.game.render_view(self.source.view())
        self.console.print(hanging(coloured_seats(as_seen_by(table, self.source.seat))))

    def _show_table(self, menu: list[str]) -> None:
        self._draw()
        self.console.print(move_menu(menu, self.console.width))

    def _turn(self) -> bool:
        """Ask for a move until the table takes one; False if the person left."""
        game = self.source.game
        menu = grouped(self.source.legal())
        self.notations = [*menu, *COMMANDS]
        self._show_table(menu)
        while True:
            try:
                text = self.ask("> ").strip()
            except EOFError:
                self.console.print()
                return False
            lowered = text.lower()
            if lowered in ("quit", "q", "exit"):
                return False
            if lowered in ("help", "h", "?"):
                self.console.print(self._help())
            elif lowered == "view":
                self._show_table(menu)
            elif lowered == "rules":
                self.console.print(Markdown(game.rules_text()))
            elif lowered == "history":
                self._show_history()
            elif lowered == "cards":
                reference = game.reference_text()
                self.console.print(hanging(reference) if reference else "no card reference")
            elif text:
                move, why = read_move(text, menu)
                if move is None:
                    self.console.print(f"[red]{escape(why)}[/red]")
                    continue
                answer = self.source.submit(move)
                if answer.refusal:
                    self._show_events()  # what happened meanwhile comes before the refusal
                    self.console.print(f"[red]Not allowed: {escape(answer.refusal)}[/red]")
                if answer.done:
                    return True

    def _show_history(self) -> None:
        moves = self.source.history()
        if not moves:
            self.console.print("no moves yet")
        for move in moves:
            who = "you" if move.seat == self.source.seat else f"seat {move.seat}"
            self.console.print(f"{move.number:>4} {who}: {escape(move.move)}")

    def _show_result(self, outcome: Outcome) -> None:
        """The verdict, then the game's own summary: standings and the score breakdown."""
        seat, winners = self.source.seat, outcome.winners
        if len(winners) == self.source.game.players > 1:
            verdict = "A draw."
        elif seat is not None and winners == [seat]:
            verdict = "You win!"
        elif seat is not None and seat in winners:
            others = [s for s in winners if s != seat]
            verdict = f"You share the win with {seats_text(others)}."
        else:
            label = "Winner" if len(winners) == 1 else "Winners"
            verdict = f"{label}: {seats_text(winners, seat)}."
        self.console.rule("Game over")
        if outcome.summary:
            self.console.print(hanging(coloured_seats(as_seen_by(outcome.summary, seat))))
        self.console.print(f"[bold]{verdict}[/bold] {escape(outcome.closing)}")


def read_move(text: str, legal: Sequence[str]) -> tuple[str | None, str]:
    """The move a typed line names (a number of the list, or a notation), or None and why not.
    A notation that is not in the list is still submitted, so the table names the rule against
    it. Only ASCII digits are a number ('²' and '٣' are notation)."""
    if text.isascii() and text.isdigit():
        number = int(text) if len(text) <= 6 else 0
        if 1 <= number <= len(legal):
            return legal[number - 1], ""
        shown = text if len(text) <= 12 else text[:12] + "..."
        return None, f"There is no move {shown}: choose 1 to {len(legal)}."
    return text, ""


def grouped(legal: Sequence[str]) -> list[str]:
    """The legal moves with each verb's moves together (in the order the verbs first come), so
    the menu's numbers run in order down each group."""
    order: dict[str, list[str]] = {}
    for move in legal:
        order.setdefault(move.split(" ", 1)[0], []).append(move)
    return [move for group in order.values() for move in group]


def move_menu(legal: Sequence[str], width: int) -> RenderableType:
    """The legal moves, numbered, laid out to fit the screen: one line when they fit, else in
    columns, grouped under their verb (``play``, ``attack``) when there are several verbs."""
    entries = [f"[cyan]{i}[/cyan] {escape(move)}" for i, move in enumerate(legal, 1)]
    line = "Your move: " + "   ".join(entries)
    if len(Text.from_markup(line)) <= width:
        return line
    groups: dict[str, list[str]] = {}
    for entry, move in zip(entries, legal, strict=True):
        groups.setdefault(move.split(" ", 1)[0], []).append(entry)
    parts: list[RenderableType] = ["Your move:"]
    if len(groups) == 1 or len(groups) > 8:
        parts.append(Padding(Columns(entries, padding=(0, 3)), (0, 0, 0, 2)))
    else:
        for members in groups.values():
            joined = "   ".join(members)
            if len(Text.from_markup(joined)) + 4 <= width:
                parts.append(Padding(joined, (0, 0, 0, 2)))
            else:
                parts.append(Padding(Columns(members, padding=(0, 3)), (0, 0, 0, 2)))
    return Group(*parts)


def hanging(text: str) -> Group:
    """Rich markup, each line wrapped under its own indent (a long line never wraps back to the
    left margin, where it would read as a new row)."""
    rows: list[RenderableType] = []
    for line in text.split("\n"):
        body = line.lstrip(" ")
        indent = len(line) - len(body)
        rows.append(Padding(Text.from_markup(body), (0, 0, 0, indent), expand=False))
    return Group(*rows)


_SEAT_MENTION = re.compile(r"\b(?<!\[)seat (\d+)\b")


def coloured_seats(text: str) -> str:
    """Every ``seat N`` in its seat's colour (core.text.SEAT_COLOURS), as on the race map."""
    return _SEAT_MENTION.sub(
        lambda m: f"[{seat_colour(int(m.group(1)))}]{m.group(0)}[/{seat_colour(int(m.group(1)))}]",
        text,
    )
