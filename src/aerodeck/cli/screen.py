"""The terminal's one screen for a seat at a table: the game's ``render_view`` of the seat's view,
``describe_event`` of each event with the seat as "you", the numbered move list and the same
commands, whether the table is in this process (`aerodeck play`: ``cli.local_table``) or on a
server (`aerodeck connect`: ``cli.remote_table``).

The screen knows a table only through ``TableSource``: what the seat may see, its moves, and a
way to send one. It never holds the game's true state.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.markup import escape
from rich.padding import Padding
from rich.text import Text

from aerodeck.cli.history import MoveInWords, told
from aerodeck.core.api import JSON, Game
from aerodeck.core.i18n import _
from aerodeck.core.text import seat_colour, seat_name
from aerodeck.core.words import as_seen_by, seats_text

# What a person may type besides a move (the names are typed: they stay English)
COMMANDS = ("help", "view", "rules", "history", "cards", "quit")


@dataclass(frozen=True)
class Answer:
    """What the table said to a move: ``refusal`` is why not ("" when taken); ``done`` says the
    turn is over (the move was taken, or the table moved on and must be looked at again)."""

    done: bool
    refusal: str = ""


@dataclass(frozen=True)
class ExtraCommand:
    """A command a face adds at the prompt (a campaign's ``sheet``): what ``help`` says it does
    and what it shows."""

    does: str
    show: Callable[[], RenderableType]


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
    def table_id(self) -> str:
        """The server's table this is ("" for a table in this process)."""

    @property
    def quit_help(self) -> str:
        """What ``quit`` does here, in words, for ``help``."""

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

    def history(self) -> list[MoveInWords]:
        """Every move so far with the events it caused, as the seat saw them (others' secret
        moves stay secret)."""

    def forced_reason(self) -> str | None:
        """Why the seat's one legal move is the only one (the game's ``forced_reason``), or
        None."""

    def outcome(self) -> Outcome | None:
        """The end of the game; None while it goes on."""

    def farewell(self) -> list[str]:
        """What to tell a person who leaves before the end (how to come back)."""


class Screen:
    """A game at one table, shown to one seat: driven by ``ask`` (the prompt) and ``console``."""

    def __init__(
        self,
        source: TableSource,
        console: Console,
        ask: Callable[[str], str],
        extra: Mapping[str, ExtraCommand] | None = None,
    ) -> None:
        self.source = source
        self.console = console
        self.ask = ask
        self.extra = dict(extra or {})  # commands beside COMMANDS, by their typed name
        self.notations: list[str] = []  # what Tab completes at the prompt: moves and commands

    def run(self) -> bool:
        """Play (or watch) to the end; False if the person left first.

        Ctrl-C is leaving: at the prompt or while the table moves on, the source says how to
        come back (a local game's record on disk is the one written after the last whole move).
        """
        source = self.source
        who = _("a spectator") if source.seat is None else seat_name(source.seat)
        title = source.game.info.title
        if source.table_id:
            banner = _(
                "{game} at table {table}, you are {who}.",
                table=source.table_id,
                game=title,
                who=who,
            )
        else:
            banner = _("{game}, you are {who}.", game=title, who=who)
        # TRANSLATORS: two sentences side by side (Japanese sets no space between them)
        how = self._how_to_play() if source.seat is not None else _("Ctrl-C stops watching.")
        bold, how = f"[bold]{escape(banner)}[/bold]", escape(how)
        self.console.print(_("{banner} {how}", banner=bold, how=how))
        try:
            self._show_events()
            if source.seat is None:  # a spectator: the table once, then the game in words
                self._draw()
            return self._loop()
        except KeyboardInterrupt:
            self.console.print()
            self.console.print(_("Interrupted."))
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

    def _how_to_play(self) -> str:
        return _(
            "Type a move's number or its notation (Tab completes it); help lists the commands."
        )

    def _help(self) -> RenderableType:
        """Every command with what it does."""
        what = {
            "help": _("these commands"),
            "view": _("the table and your moves again"),
            "rules": _("the rules of the game"),
            "history": _("every move so far, in words"),
            "cards": _("the card reference"),
            "quit": self.source.quit_help,
        }
        if not self.source.game.reference_text():
            del what["cards"]
        what.update((name, command.does) for name, command in self.extra.items())
        width = max(len(name) for name in what) + 2
        rows: list[RenderableType] = [_("Type a move's number or its notation. Commands:")]
        for name, does in what.items():
            row = Text("  ")
            row.append(name.ljust(width), style="bold")
            row.append(does)
            rows.append(row)
        return Group(*rows)

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
        if len(menu) == 1:
            reason = self.source.forced_reason()
            if reason:
                line = _("Your only move: {reason}", reason=reason)
                self.console.print(
                    hanging("  " + coloured_seats(as_seen_by(line, self.source.seat)))
                )

    def _turn(self) -> bool:
        """Ask for a move until the table takes one; False if the person left."""
        game = self.source.game
        menu = grouped(self.source.legal())
        self.notations = [*menu, *COMMANDS, *self.extra]
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
            elif lowered in self.extra:
                self.console.print(self.extra[lowered].show())
            elif lowered == "cards":
                reference = game.reference_text()
                self.console.print(hanging(reference) if reference else _("no card reference"))
            elif text:
                move, why = read_move(text, menu)
                if move is None:
                    self.console.print(f"[red]{escape(why)}[/red]")
                    continue
                answer = self.source.submit(move)
                if answer.refusal:
                    self._show_events()  # what happened meanwhile comes before the refusal
                    refusal = _("Not allowed: {reason}", reason=answer.refusal)
                    self.console.print(f"[red]{escape(refusal)}[/red]")
                if answer.done:
                    return True

    def _show_history(self) -> None:
        """Every move so far in words (the log's sentences, numbered by move)."""
        moves = self.source.history()
        if not moves:
            self.console.print(_("no moves yet"))
        for line in told(moves, self.source.game.describe_event, self.source.seat):
            self.console.print(hanging(coloured_seats(line)))

    def _show_result(self, outcome: Outcome) -> None:
        """The verdict, then the game's own summary: standings and the score breakdown."""
        seat, winners = self.source.seat, outcome.winners
        if len(winners) == self.source.game.players > 1:
            verdict = _("A draw.")
        elif seat is not None and winners == [seat]:
            verdict = _("You win!")
        elif seat is not None and seat in winners:
            others = [s for s in winners if s != seat]
            verdict = _("You share the win with {seats}.", seats=seats_text(others))
        elif len(winners) == 1:
            verdict = _("Winner: {seats}.", seats=seats_text(winners, seat))
        else:
            verdict = _("Winners: {seats}.", seats=seats_text(winners, seat))
        self.console.rule(_("Game over"))
        if outcome.summary:
            self.console.print(hanging(coloured_seats(as_seen_by(outcome.summary, seat))))
        self.console.print(f"[bold]{escape(verdict)}[/bold] {escape(outcome.closing)}")


def read_move(text: str, legal: Sequence[str]) -> tuple[str | None, str]:
    """The move a typed line names (a number of the list, or a notation), or None and why not.
    A notation that is not in the list is still submitted, so the table names the rule against
    it. Only ASCII digits are a number ('²' and '٣' are notation)."""
    if text.isascii() and text.isdigit():
        number = int(text) if len(text) <= 6 else 0
        if 1 <= number <= len(legal):
            return legal[number - 1], ""
        shown = text if len(text) <= 12 else text[:12] + "..."
        return None, _(
            "There is no move {number}: choose 1 to {last}.", number=shown, last=len(legal)
        )
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
    line = _("Your move:") + " " + "   ".join(entries)
    if len(Text.from_markup(line)) <= width:
        return line
    groups: dict[str, list[str]] = {}
    for entry, move in zip(entries, legal, strict=True):
        groups.setdefault(move.split(" ", 1)[0], []).append(entry)
    parts: list[RenderableType] = [_("Your move:")]
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
