"""Playing a game as a campaign of several games with agents (Down In Flames with a ``campaign``
option: each mission in order, R54): the game flies it (``Game.play_campaign``) with the
simulator's match loop, and returns its own scored record."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aerodeck.core.api import Agent, Game
from aerodeck.core.errors import ConfigError
from aerodeck.sim.match import play

AgentMaker = Callable[[Game, int, int], Agent]  # (one game of the campaign, seat, seed) -> agent


def play_campaign(game: Game, make_agent: AgentMaker, seed: int) -> Any:
    """Play the campaign ``game`` is configured for, every game of it with agents from
    ``make_agent``; ConfigError when ``game`` is not a campaign."""
    record = game.play_campaign(play, make_agent, seed)
    if record is None:
        raise ConfigError(f"{game.info.title} with these options is not a campaign")
    return record
