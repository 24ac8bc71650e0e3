"""A series of games (a Down In Flames campaign) flown in the terminal, game after game, with
the runner the simulator uses (``core.series.play_series``): the person's games on the terminal's
screen against bots (``cli.screen``, ``cli.local_table``), a bots-only game by the simulator's
match loop. The campaign file is saved after every move and every finished game, the sheet shown
at the start, after each game and at the end, with the sides' levels and the winner.

The sheet holds finished games' public results only; the game in progress is shown through the
seat's view, as in `aerodeck play`.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import replace

from rich.console import Console
from rich.markup import escape

from aerodeck.agents.registry import make_agent
from aerodeck.cli.campaign_file import CampaignFile
from aerodeck.cli.invocation import invoked_as
from aerodeck.cli.local_table import LocalTable
from aerodeck.cli.prompt import enable_line_editing
from aerodeck.cli.screen import ExtraCommand, Outcome, Screen
from aerodeck.cli.sheet import sheet_view
from aerodeck.core.api import Action, Agent, Game, Observation, State
from aerodeck.core.errors import AerodeckError
from aerodeck.core.i18n import _
from aerodeck.core.series import Series, play_series
from aerodeck.sim.match import play


class LeftEarlyError(Exception):
    """The person left in the middle of a game (quit, Ctrl-C, end of input); the file is saved."""


class AtThePrompt:
    """The agent the series runner is given for the person's seat: the screen asks the person,
    so nothing ever asks this agent to choose."""

    name = "person"

    def choose(self, observation: Observation) -> Action:
        raise AerodeckError("the person's moves are typed at the prompt")


def bot_in_words(name: str) -> str:
    """A bot's level in the reader's language (the web lobby's words); other names as typed."""
    levels = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard"), "random": _("random")}
    return levels.get(name, name)


def resume_command(campaign: CampaignFile, program: str | None = None) -> str:
    """The command that carries on the saved campaign, as the program was started."""
    program = invoked_as() if program is None else program
    name = campaign.game.info.cli_name
    return f"{program} campaign {name} --resume {shlex.quote(str(campaign.path))}"


class MissionTable(LocalTable):
    """One game of the campaign at the terminal: ``LocalTable`` whose saves go into the campaign
    file (the game as the one in progress) rather than a record of its own."""

    def __init__(self, state: State, campaign: CampaignFile, agents: Sequence[Agent | None]):
        super().__init__(state, campaign.seating, agents, campaign.path)
        self.campaign = campaign

    @property
    def quit_help(self) -> str:
        return _("save the campaign and leave, as Ctrl-C does")

    def save(self) -> None:
        self.campaign.playing = self.state
        self.campaign.save()

    def outcome(self) -> Outcome | None:
        outcome = super().outcome()
        closing = _("Campaign saved to {path}.", path=self.campaign.path)
        return None if outcome is None else replace(outcome, closing=closing)

    def farewell(self) -> list[str]:
        return farewell(self.campaign)


def farewell(campaign: CampaignFile) -> list[str]:
    saved = _("Campaign saved to {path}. Resume it with:", path=campaign.path)
    return [saved, f"  {resume_command(campaign)}"]


class CampaignFlight:
    """The campaign of ``campaign`` flown to its end from where the file left it."""

    def __init__(self, campaign: CampaignFile, console: Console, ask: Callable[[str], str]) -> None:
        self.campaign = campaign
        self.console = console
        self.ask = ask

    def run(self) -> bool:
        """Fly every remaining game; False if the person left before the end."""
        campaign = self.campaign
        campaign.save()  # a path that cannot be written is refused now, not after a move
        self.console.print(sheet_view(campaign.series.sheet()))
        try:
            final = play_series(
                campaign.series, self._fly, self._agent, campaign.seed, self._scored
            )
        except LeftEarlyError:
            return False
        except KeyboardInterrupt:  # bots flying: the file holds every finished game
            self.console.print()
            self.console.print(_("Interrupted."))
            self._say_farewell()
            return False
        self._show_end(final)
        return True

    def _agent(self, game: Game, seat: int, seed: int) -> Agent:
        if seat == self.campaign.seating.human:
            return AtThePrompt()
        return make_agent(self.campaign.seating.bots[seat], game, seed)

    def _fly(self, state: State, agents: Sequence[Agent]) -> State:
        """One game of the series: the fresh game ``play_series`` deals, or the one in progress
        the file holds (the same seed, its moves already made)."""
        campaign = self.campaign
        if campaign.playing is not None:
            state = campaign.playing
        series, human = campaign.series, campaign.seating.human
        number, length = series.played + 1, series.length
        self.console.rule()
        if human is None:
            bots = _(", ").join(
                _("{side}: {bot}", side=side, bot=bot_in_words(campaign.seating.bots[seat]))
                for seat, side in enumerate(series.sides)
            )
            line = _(
                "{title}, game {number} of {length}, flown by bots ({bots}).",
                title=series.title,
                number=number,
                length=length,
                bots=bots,
            )
            self.console.print(f"[bold]{escape(line)}[/bold]")
            return play(state, agents)
        line = _(
            "{title}, game {number} of {length}: you fly {side}.",
            title=series.title,
            number=number,
            length=length,
            side=series.sides[human],
        )
        self.console.print(f"[bold]{escape(line)}[/bold]")
        seated = [None if seat == human else agent for seat, agent in enumerate(agents)]
        table = MissionTable(state, campaign, seated)
        table.save()
        sheet = ExtraCommand(
            _("the campaign sheet: the games, their results, the totals"),
            lambda: sheet_view(campaign.series.sheet()),
        )
        screen = Screen(table, self.console, self.ask, {"sheet": sheet})
        enable_line_editing(screen.completions)
        if not screen.run():
            raise LeftEarlyError
        return table.state

    def _scored(self, series: Series) -> None:
        """A game is over: the file keeps the series without a game in progress; the person sees
        the totals and the sheet."""
        before = self.campaign.series.totals()
        self.campaign.series, self.campaign.playing = series, None
        self.campaign.save()
        gained = _(", ").join(
            _(
                "{side} {gained} ({total} in all)",
                side=side,
                gained=format(now - then, "+d"),
                total=now,
            )
            for side, then, now in zip(series.sides, before, series.totals(), strict=True)
        )
        self.console.rule()
        line = _(
            "Game {number} of {length} scored: {gained}.",
            number=series.played,
            length=series.length,
            gained=gained,
        )
        self.console.print(f"[bold]{escape(line)}[/bold]")
        if not series.finished:
            self.console.print(sheet_view(series.sheet()))

    def _show_end(self, series: Series) -> None:
        """The sheet at the end (its totals, levels and result), then the person's verdict."""
        self.console.rule(_("Campaign over"))
        self.console.print(sheet_view(series.sheet()))
        winners, human = series.winners(), self.campaign.seating.human
        closing = _("Campaign saved to {path}.", path=self.campaign.path)
        if human is None:
            self.console.print(escape(closing))
            return
        if len(winners) > 1:
            verdict = _("The campaign is shared.")
        elif winners == [human]:
            verdict = _("You win the campaign!")
        else:
            verdict = _("You lose the campaign.")
        self.console.print(f"[bold]{escape(verdict)}[/bold] {escape(closing)}")

    def _say_farewell(self) -> None:
        for line in farewell(self.campaign):
            self.console.print(escape(line), soft_wrap=True, highlight=False)
