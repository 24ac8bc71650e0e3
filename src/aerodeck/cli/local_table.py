"""A table in this process (`aerodeck play`): one person's seat against bots.

The record is saved after every move (atomically), so a crash or an interrupt never loses the
game; ``--resume`` carries on from a saved record.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path

from aerodeck.agents.registry import bot_name
from aerodeck.cli.history import MoveInWords, moves_in_words
from aerodeck.cli.invocation import invoked_as
from aerodeck.cli.screen import Answer, Outcome
from aerodeck.core.api import JSON, Action, Agent, Game, State
from aerodeck.core.errors import ConfigError, IllegalActionError
from aerodeck.core.i18n import _
from aerodeck.core.records import Seating, save_record


class LocalTable:
    """A ``TableSource`` over the game's state, the bots in the other seats and the record file."""

    table_id = ""

    def __init__(
        self, state: State, seating: Seating, agents: Sequence[Agent | None], save_path: Path
    ) -> None:
        assert seating.human is not None, "a table has a person at it"
        self.state = state
        self.seating = seating
        self.human: int = seating.human
        self.agents = agents
        self.save_path = save_path
        self.seen = 0  # events shown so far
        self._legal: dict[str, Action] = {}

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def seat(self) -> int:
        return self.human

    @property
    def quit_help(self) -> str:
        return _("save the game and leave, as Ctrl-C does")

    def save(self) -> None:
        """The record with its seating, written atomically (RecordError if it cannot be)."""
        save_record({**self.state.record(), "seating": self.seating.to_json()}, self.save_path)

    def new_events(self) -> list[JSON]:
        events = self.state.events_since(self.seen, self.human)
        self.seen = self.state.event_count
        return events

    def view(self) -> JSON:
        return self.state.view(self.human)

    def my_turn(self) -> bool:
        return not self.state.is_terminal and self.state.current_player == self.human

    def legal(self) -> list[str]:
        self._legal = {str(action): action for action in self.state.legal_actions()}
        return list(self._legal)

    def submit(self, move: str) -> Answer:
        action = self._legal.get(move)
        if action is None:
            try:
                action = self.game.parse_action(self.state, move)
                if action not in self._legal.values():
                    raise IllegalActionError(self.state.why_illegal(action))
            except IllegalActionError as error:
                return Answer(done=False, refusal=str(error))
        self.state.apply(action)
        self.save()
        return Answer(done=True)

    def wait(self) -> None:
        """The bot whose turn it is moves, and the record is saved."""
        seat = self.state.current_player
        assert seat is not None and seat != self.human
        agent = self.agents[seat]
        assert agent is not None
        self.state.apply(agent.choose(self.state.observation(seat)))
        self.save()

    def history(self) -> list[MoveInWords]:
        return moves_in_words(self.state, self.human)

    def forced_reason(self) -> str | None:
        """Asked only when the person has one move (the game's reason, for the seat to move)."""
        return self.game.forced_reason(self.state)

    def outcome(self) -> Outcome | None:
        if not self.state.is_terminal:
            return None
        summary = self.game.render_result(
            self.state.view(self.human), self.state.events_since(0, self.human)
        )
        saved = _("Record saved to {path}.", path=self.save_path)
        return Outcome(self.state.winners, summary, saved)

    def farewell(self) -> list[str]:
        command = resume_command(self.game.info.cli_name, self.save_path, self.seating)
        return [_("Game saved to {path}. Resume it with:", path=self.save_path), f"  {command}"]


def bot_seating(players: int, human: int | None, bots: str) -> Seating:
    """The person at ``human`` (None: nobody) and ``--bots`` in the other seats in seat order,
    the last name repeating; more names than seats, or none, are refused."""
    names = [b for b in (bot_name(x) for x in bots.split(",")) if b]
    if not names:
        raise ConfigError(_("--bots needs at least one bot name"))
    others = [seat for seat in range(players) if seat != human]
    if len(names) > len(others):
        raise ConfigError(
            _(
                "--bots names {count} bots for {seats} other seats: give at most {seats}",
                count=len(names),
                seats=len(others),
            )
        )
    return Seating(human, {s: names[min(i, len(names) - 1)] for i, s in enumerate(others)})


def bots_flag(seating: Seating) -> str:
    """The --bots value that rebuilds this seating (bots in seat order)."""
    return ",".join(name for _, name in sorted(seating.bots.items()))


def resume_command(game: str, save: Path, seating: Seating, program: str | None = None) -> str:
    """The full command that carries on a saved game, seat and bots spelt out, starting the
    program the way it was started (``.venv/bin/aerodeck`` after `make play-terminal`), so that
    copying it works."""
    program = invoked_as() if program is None else program
    command = f"{program} play {game} --resume {shlex.quote(str(save))}"
    if seating.human is not None:
        command += f" --seat {seating.human}"
    return command + f" --bots {shlex.quote(bots_flag(seating))}"
