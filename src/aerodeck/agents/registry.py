"""Bots by name: the generic ones here, plus each game's own (``Game.bots()``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from aerodeck.agents.ismcts import IsmctsAgent
from aerodeck.agents.random_agent import RandomAgent
from aerodeck.core.api import Agent, Game
from aerodeck.core.errors import ConfigError


@dataclass(frozen=True)
class IsmctsLevel:
    """A search budget and playout policy; iteration budgets keep every level reproducible.

    ``guided`` levels play out with the game's ``heuristic`` bot (a tenth of the moves random)
    and take its move as the root prior; docs/bots.md measures why: random playouts of games a
    hundred or more decisions long are too noisy for the search to beat the heuristic bots.
    """

    iterations: int
    guided: bool = True
    epsilon: float = 0.1

    def __call__(self, game: Game, seed: int, name: str) -> Agent:
        rollout = game.bots().get("heuristic") if self.guided else None
        return IsmctsAgent(
            game,
            seed,
            iterations=self.iterations,
            rollout=rollout,
            epsilon=self.epsilon,
            prior=rollout is not None,
            name=name,
        )


ISMCTS_LEVELS: dict[str, IsmctsLevel] = {
    # easy: plain random playouts; it beats random but not the heuristic bots (docs/bots.md)
    "ismcts-easy": IsmctsLevel(50, guided=False),
    "ismcts": IsmctsLevel(16),
    "ismcts-hard": IsmctsLevel(64),
}


def _level(name: str, level: IsmctsLevel) -> Callable[[Game, int], Agent]:
    return lambda game, seed: level(game, seed, name)


GENERIC: dict[str, Callable[[Game, int], Agent]] = {
    "random": RandomAgent,
    **{name: _level(name, level) for name, level in ISMCTS_LEVELS.items()},
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
