"""Playing a series of games with agents (a Down In Flames campaign: each mission in order,
R54): the game's own series (``Game.series``) played out by the simulator's match loop. The
same series is what people fly at a table or in the terminal; only the players differ."""

from __future__ import annotations

from aerodeck.core.api import Game
from aerodeck.core.errors import ConfigError
from aerodeck.core.series import AgentMaker, Series, play_series
from aerodeck.sim.match import play


def play_campaign(game: Game, make_agent: AgentMaker, seed: int) -> Series:
    """Play the series ``game`` is configured for to its end, every game of it with agents from
    ``make_agent``; ConfigError when ``game`` starts no series."""
    series = game.series()
    if series is None:
        raise ConfigError(f"{game.info.title} with these options is not a campaign")
    return play_series(series, play, make_agent, seed)
