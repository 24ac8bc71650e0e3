"""Bots by name: random and the levels (``agents.levels``) for every game, plus each game's own
(``Game.bots()``)."""

from __future__ import annotations

from collections.abc import Callable

from aerodeck.agents.levels import ALIASES, LEVELS
from aerodeck.agents.random_agent import RandomAgent
from aerodeck.core.api import Agent, Game
from aerodeck.core.errors import ConfigError, excerpt


def _level(name: str, make: Callable[[Game, int, str], Agent]) -> Callable[[Game, int], Agent]:
    return lambda game, seed: make(game, seed, name)


GENERIC: dict[str, Callable[[Game, int], Agent]] = {
    "random": RandomAgent,
    **{name: _level(name, make) for name, make in LEVELS.items()},
    **{alias: _level(alias, LEVELS[level]) for alias, level in ALIASES.items()},
}
"""Every game's generic bots: random, the levels, and the levels' older names (aliases)."""


def _factories(game: Game) -> dict[str, Callable[[Game, int], Agent]]:
    return {**GENERIC, **game.bots()}


def agent_names(game: Game) -> list[str]:
    """Every bot name usable with ``game``."""
    return sorted(_factories(game))


def make_agent(name: str, game: Game, seed: int) -> Agent:
    """A seeded bot; ConfigError naming the choices when ``name`` is unknown."""
    factories = _factories(game)
    key = name.strip().lower()
    if key not in factories:
        known = ", ".join(sorted(factories))
        raise ConfigError(f"unknown bot {excerpt(name)} for {game.info.title} (bots: {known})")
    return factories[key](game, seed)
