"""A series: games played in order as one whole, a score carried from each to the next.

Down In Flames calls it a campaign (§16): missions flown in order, each nation's Victory Points
added up, a chart giving each nation its level at the end. The faces and the simulator know only
this interface; the game says what each game of the series is and how it is scored
(``Game.series``).

A series is immutable: ``record`` returns the series with one more game scored. The seats of
every game of a series are its sides (``sides``): seat 0 of every mission is Nation #1. What it
stores (``to_json``) is plain data from which ``Game.series_from_json`` rebuilds it, and its
sheet (``sheet``) is plain data in the language in use, drawn by the faces as they come:
nothing on it comes from a hand or a secret choice, only from finished games' public results.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from aerodeck.core.rng import derive_seed

if TYPE_CHECKING:
    from aerodeck.core.api import Agent, Game, State

JSON = dict[str, Any]
SERIES_FORMAT = "aerodeck-series"

Play = Callable[["State", Sequence["Agent"]], "State"]  # a match loop: agents play a state out
AgentMaker = Callable[["Game", int, int], "Agent"]  # (a game of the series, seat, seed) -> agent


class Series(ABC):
    """A series in progress (see the module's docstring)."""

    @property
    @abstractmethod
    def title(self) -> str:
        """The series' name as a person reads it ("1973 Yom Kippur War")."""

    @property
    @abstractmethod
    def sides(self) -> tuple[str, ...]:
        """Who seat i of every game is, by name ("Israel", "Egypt")."""

    @property
    @abstractmethod
    def played(self) -> int:
        """How many games of the series are scored."""

    @property
    @abstractmethod
    def length(self) -> int:
        """How many games the whole series has."""

    @property
    def finished(self) -> bool:
        return self.played >= self.length

    @abstractmethod
    def next_game(self) -> Game | None:
        """The next game to play, configured (a mission's game); None when the series is over."""

    @abstractmethod
    def record(self, final: State) -> Series:
        """The series with the next game scored from its finished state ``final``."""

    @abstractmethod
    def totals(self) -> tuple[int, ...]:
        """Each side's score so far."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The sides that won the finished series (several on a tie); [] while it goes on."""

    def levels(self) -> tuple[str, ...]:
        """Each side's standing in words, as the series' chart gives it (a campaign's victory
        level); () for a series without one."""
        return ()

    @abstractmethod
    def sheet(self) -> JSON:
        """The series' sheet as plain data in the language in use, for any face to draw:

        ``{"title", "sides": [name...], "finished": bool, "result": str | None,
        "sections": [{"caption", "header": [str...], "rows": [[str...]...],
        "current": int | None}...]}``: tables of words, the row ``current`` being the game
        to play next (or, in a chart, where a side stands)."""

    @abstractmethod
    def to_json(self) -> JSON:
        """Plain data ``Game.series_from_json`` rebuilds this series from."""


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (from 1) of the series played from ``seed``."""
    return derive_seed(seed, number)


def play_series(
    series: Series,
    play: Play,
    make_agent: AgentMaker,
    seed: int,
    scored: Callable[[Series], None] | None = None,
) -> Series:
    """Play every remaining game of ``series`` with ``play`` and agents from ``make_agent``
    (seeds derived from ``seed`` and the game's number, so one seed gives one series);
    ``scored`` is told of the series after each game is scored (a face saves it, shows it)."""
    while (game := series.next_game()) is not None:
        number = series.played + 1
        agents = [
            make_agent(game, seat, derive_seed(seed, number, seat)) for seat in range(game.players)
        ]
        series = series.record(play(game.new_game(seed=game_seed(seed, number)), agents))
        if scored is not None:
            scored(series)
    return series
