"""Interactive terminal play: one human seat against bots, shown only through that seat's view.

The record is saved after every move (atomically), so a crash or an interrupt never loses the game;
``--resume`` carries on from a saved record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.markup import escape
from rich.padding import Padding
from rich.text import Text

from aerodeck.cli.words import as_seen_by, coloured_seats, seats_text
from aerodeck.core.api import Action, Agent, State
from aerodeck.core.errors import IllegalActionError
from aerodeck.core.records import Seating, save_record

HELP = (
    "Type a move's number or its notation (Tab completes it). Other commands: "
    "[bold]help[/bold] (this), [bold]view[/bold] (the table again), [bold]rules[/bold], "
    "[bold]history[/bold], {cards}[bold]quit[/bold] (saves the game so far; so does Ctrl-C)."
)


COMMANDS = ("help", "view", "rules", "history", "cards", "quit")


class Session:
    """A game between one human seat and bots, driven by ``ask`` (the prompt) and ``console``."""

    def __init__(
        self,
        state: State,
        seating: Seating,
        agents: Sequence[Agent | None],
        console: Console,
        save_path: Path,
        ask: Callable[[str], str],
    ) -> None:
        self.state = state
        self.seating = seating
        assert seating.human is not None, "a table has a person at it"
        self.human: int = seating.human
        self.agents = agents
        self.console = console
        self.save_path = save_path
        self.ask = ask
        self.seen = 0
        self.notations: list[str] = []  # what Tab completes at the prompt: moves and commands

    def run(self) -> bool:
        """Play to the end; False if the human quit first. The record is on disk either way.

        Ctrl-C is a quit: at the prompt the game is saved as it stands; while a bot thinks, the
        record on disk (written after the last whole move) is kept as it is.
        """
        game = self.state.game
        self.console.print(
            f"[bold]{game.info.title}[/bold], you are seat {self.human}. {self._help()}"
        )
        try:
            return self._loop()
        except KeyboardInterrupt:
            self.console.print()
            self.console.print("Interrupted.")
            self._say_saved()
            return False

    def _loop(self) -> bool:
        while True:
            self._show_events()
            if self.state.is_terminal:
                self._show_result()
                return True
            seat = self.state.current_player
            assert seat is not None
            if seat == self.human:
                if not self._human_turn():
                    self.save()
                    self._say_saved()
                    return False
            else:
                agent = self.agents[seat]
                assert agent is not None
                self.state.apply(agent.choose(self.state.observation(seat)))
            self.save()

    def save(self) -> None:
        """The record with its seating, written atomically (RecordError if it cannot be)."""
        save_record({**self.state.record(), "seating": self.seating.to_json()}, self.save_path)

    def _say_saved(self) -> None:
        command = resume_command(self.state.game.info.cli_name, self.save_path, self.seating)
        self.console.print(f"Game saved to {self.save_path}. Resume it with:")
        self.console.print(f"  {escape(command)}", soft_wrap=True, highlight=False)

    def _show_events(self) -> None:
        describe = self.state.game.describe_event
        for event in self.state.events_since(self.seen, self.human):
            line = coloured_seats(as_seen_by(describe(event), self.human))
            self.console.print(hanging("  " + line))
        self.seen = self.state.event_count

    def _show_table(self, legal: list[Action]) -> None:
        self.console.rule()
        table = self.state.game.render_view(self.state.view(self.human))
        self.console.print(hanging(coloured_seats(as_seen_by(table, self.human))))
        self.console.print(move_menu(legal, self.console.width))

    def _help(self) -> str:
        cards = (
            "[bold]cards[/bold] (the card reference), " if self.state.game.reference_text() else ""
        )
        return HELP.format(cards=cards)

    def completions(self) -> list[str]:
        return self.notations

    def _human_turn(self) -> bool:
        legal = grouped(self.state.legal_actions())
        self.notations = [str(action) for action in legal] + list(COMMANDS)
        self._show_table(legal)
        while True:
            try:
                text = self.ask("> ").strip()
            except EOFError:
                self.console.print()
                return False
            except KeyboardInterrupt:
                self.console.print()
                self.console.print("Interrupted.")
                return False
            lowered = text.lower()
            if lowered in ("quit", "q", "exit"):
                return False
            if lowered in ("help", "h", "?"):
                self.console.print(self._help())
            elif lowered == "view":
                self._show_table(legal)
            elif lowered == "rules":
                self.console.print(Markdown(self.state.game.rules_text()))
            elif lowered == "history":
                self._show_history()
            elif lowered == "cards":
                reference = self.state.game.reference_text()
                self.console.print(hanging(reference) if reference else "no card reference")
            elif text:
                chosen = self._read_move(text, legal)
                if chosen is not None:
                    self.state.apply(chosen)
                    return True

    def _show_history(self) -> None:
        """The moves so far as this seat may know them (others' secret moves stay secret)."""
        moves = self.state.history_for(self.human)
        if not moves:
            self.console.print("no moves yet")
        for move in moves:
            who = "you" if move.seat == self.human else f"seat {move.seat}"
            self.console.print(f"{move.number:>4} {who}: {escape(move.move)}")

    def _read_move(self, text: str, legal: list[Action]) -> Action | None:
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print(f"[red]There is no move {number}: choose 1 to {len(legal)}.[/red]")
            return None
        try:
            action = self.state.game.parse_action(self.state, text)
            if action not in legal:
                raise IllegalActionError(self.state.why_illegal(action))
        except IllegalActionError as error:
            self.console.print(f"[red]Not allowed: {escape(str(error))}[/red]")
            return None
        return action

    def _show_result(self) -> None:
        """The verdict, then the game's own summary: standings and the score breakdown."""
        winners = self.state.winners
        if len(winners) == self.state.game.players > 1:
            verdict = "A draw."
        elif winners == [self.human]:
            verdict = "You win!"
        elif self.human in winners:
            others = [seat for seat in winners if seat != self.human]
            verdict = f"You share the win with {seats_text(others)}."
        else:
            label = "Winner" if len(winners) == 1 else "Winners"
            verdict = f"{label}: {seats_text(winners, self.human)}."
        self.console.rule("Game over")
        summary = self.state.game.render_result(
            self.state.view(self.human), self.state.events_since(0, self.human)
        )
        if summary:
            self.console.print(hanging(coloured_seats(as_seen_by(summary, self.human))))
        self.console.print(f"[bold]{verdict}[/bold] Record saved to {escape(str(self.save_path))}.")


MoveT = TypeVar("MoveT", Action, str)  # a move, or its notation (a remote table's list)


def bots_flag(seating: Seating) -> str:
    """The --bots value that rebuilds this seating (bots in seat order)."""
    return ",".join(name for _, name in sorted(seating.bots.items()))


def resume_command(game: str, save: Path, seating: Seating) -> str:
    """The full command that carries on a saved game, seat and bots spelt out."""
    command = f"aerodeck play {game} --resume {save}"
    if seating.human is not None:
        command += f" --seat {seating.human}"
    return command + f" --bots {bots_flag(seating)}"


def grouped(legal: Sequence[MoveT]) -> list[MoveT]:
    """The legal moves with each verb's moves together (in the order the verbs first come), so
    the menu's numbers run in order down each group."""
    order: dict[str, list[MoveT]] = {}
    for action in legal:
        order.setdefault(str(action).split(" ", 1)[0], []).append(action)
    return [action for group in order.values() for action in group]


def move_menu(legal: Sequence[Action | str], width: int) -> RenderableType:
    """The legal moves, numbered, laid out to fit the screen: one line when they fit, else in
    columns, grouped under their verb (``play``, ``attack``) when there are several verbs."""
    entries = [f"[cyan]{i}[/cyan] {escape(str(a))}" for i, a in enumerate(legal, 1)]
    line = "Your move: " + "   ".join(entries)
    if len(Text.from_markup(line)) <= width:
        return line
    groups: dict[str, list[str]] = {}
    for entry, action in zip(entries, legal, strict=True):
        groups.setdefault(str(action).split(" ", 1)[0], []).append(entry)
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
