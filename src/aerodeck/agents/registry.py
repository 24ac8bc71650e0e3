"""Bots by name: the generic ones here, plus each game's own (``Game.bots()``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from aerodeck.agents.ismcts import IsmctsAgent
from aerodeck.agents.random_agent import RandomAgent
from aerodeck.core.api import Agent, Game
from aerodeck.core.errors import ConfigError

# Difficulty levels are iteration budgets, so every level stays reproducible from its seed.
ISMCTS_LEVELS = {"ismcts-easy": 50, "ismcts": 200, "ismcts-hard": 1000}

GENERIC: dict[str, Callable[[Game, int], Agent]] = {
    "random": RandomAgent,
    **{
        name: partial(IsmctsAgent, iterations=iterations, name=name)
        for name, iterations in ISMCTS_LEVELS.items()
    },
}


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
        raise ConfigError(
            f"unknown bot {name!r} for {game.info.title} (bots: {', '.join(sorted(factories))})"
        )
    return factories[key](game, seed)
