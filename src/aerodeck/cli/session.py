"""Interactive terminal play: one human seat against bots, shown only through that seat's view.

The record is saved after every move (atomically), so a crash or an interrupt never loses the game;
``--resume`` carries on from a saved record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape

from aerodeck.core.api import Action, Agent, State
from aerodeck.core.errors import IllegalActionError
from aerodeck.core.records import save_record

HELP = (
    "Type a move's number or its notation. Other commands: [bold]help[/bold] (this), "
    "[bold]view[/bold] (the table again), [bold]rules[/bold], [bold]history[/bold], "
    "[bold]quit[/bold] (saves the game so far)."
)


class Session:
    """A game between one human seat and bots, driven by ``ask`` (the prompt) and ``console``."""

    def __init__(
        self,
        state: State,
        human: int,
        agents: Sequence[Agent | None],
        console: Console,
        save_path: Path,
        ask: Callable[[str], str],
    ) -> None:
        self.state = state
        self.human = human
        self.agents = agents
        self.console = console
        self.save_path = save_path
        self.ask = ask
        self.seen = 0

    def run(self) -> bool:
        """Play to the end; False if the human quit first. The record is on disk either way."""
        game = self.state.game
        self.console.print(f"[bold]{game.info.title}[/bold], you are seat {self.human}. {HELP}")
        while True:
            self._show_events()
            if self.state.is_terminal:
                self._show_result()
                return True
            seat = self.state.current_player
            assert seat is not None
            if seat == self.human:
                if not self._human_turn():
                    save_record(self.state.record(), self.save_path)
                    self.console.print(f"Game saved to {self.save_path}; resume it with --resume.")
                    return False
            else:
                agent = self.agents[seat]
                assert agent is not None
                self.state.apply(agent.choose(self.state.observation(seat)))
            save_record(self.state.record(), self.save_path)

    def _show_events(self) -> None:
        describe = self.state.game.describe_event
        for event in self.state.events_since(self.seen, self.human):
            self.console.print("  " + describe(event))
        self.seen = self.state.event_count

    def _show_table(self, legal: list[Action]) -> None:
        self.console.rule()
        self.console.print(self.state.game.render_view(self.state.view(self.human)))
        moves = "   ".join(f"[cyan]{i}[/cyan] {escape(str(a))}" for i, a in enumerate(legal, 1))
        self.console.print(f"Your move: {moves}")

    def _human_turn(self) -> bool:
        legal = self.state.legal_actions()
        self._show_table(legal)
        while True:
            try:
                text = self.ask("> ").strip()
            except EOFError:
                return False
            lowered = text.lower()
            if lowered in ("quit", "q", "exit"):
                return False
            if lowered in ("help", "h", "?"):
                self.console.print(HELP)
            elif lowered == "view":
                self._show_table(legal)
            elif lowered == "rules":
                self.console.print(Markdown(self.state.game.rules_text()))
            elif lowered == "history":
                self._show_history()
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
        winners = self.state.winners
        names = ", ".join("you" if s == self.human else f"seat {s}" for s in winners)
        verdict = "You win!" if self.human in winners else f"Winner: {names}."
        self.console.print(f"[bold]{verdict}[/bold] Record saved to {self.save_path}.")
