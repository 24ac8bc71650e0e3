"""aerodeck's games as PettingZoo AEC environments.

Three ways to build one, all the same environment:

- ``pettingzoo.make("aec", "aerodeck/aces_versus_aces-v0", players=2)``: PettingZoo 1.27's
  registry (importing this package registers every game with an observation encoder; there is
  no plugin discovery);
- ``aerodeck.rl.pettingzoo.aces_versus_aces_v0.env(players=2)``: a module per game with ``env``
  and ``raw_env``, as ``pettingzoo.classic`` has (made by ``register`` for every such game);
- ``aerodeck.rl.pettingzoo.env("aces_versus_aces", players=2)``: any game by its id.
"""

from __future__ import annotations

import sys
from functools import partial
from types import ModuleType
from typing import Any

import pettingzoo
from pettingzoo.env_registry.registration import aec_registry
from pettingzoo.utils import wrappers
from pettingzoo.utils.env import AECEnv

from aerodeck.rl.encode import encoded_games
from aerodeck.rl.pettingzoo.aec import AerodeckAEC, Observation

ENVIRONMENTS: dict[str, str] = {}
"""The environment module's name of every registered game by id (``aces_versus_aces_v0``)."""


def raw_env(game_id: str, players: int | None = None, **options: Any) -> AerodeckAEC:
    """The environment without wrappers: an illegal action raises IllegalActionError."""
    return AerodeckAEC(game_id.replace("-", "_"), players=players, **options)


def env(game_id: str, players: int | None = None, **options: Any) -> AECEnv[str, Observation, int]:
    """The environment with PettingZoo classic's wrappers: an illegal action ends the game with
    -1 for the seat that made it, and actions out of bounds and calls out of order are refused."""
    wrapped: AECEnv[str, Observation, int] = raw_env(game_id, players=players, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def registry_id(game_id: str) -> str:
    """The id ``pettingzoo.make("aec", ...)`` knows the game by."""
    return f"aerodeck/{game_id}-v0"


def environment_module(game_id: str) -> ModuleType:
    """``aerodeck.rl.pettingzoo.<game>_v0``: the game's ``env`` and ``raw_env``, importable."""
    name = f"{__name__}.{game_id}_v0"
    module = ModuleType(name, f"{game_id} as a PettingZoo environment module (env, raw_env).")
    module.env = partial(env, game_id)  # type: ignore[attr-defined]
    module.raw_env = partial(raw_env, game_id)  # type: ignore[attr-defined]
    return module


def register() -> None:
    """Register every game that brings an observation encoder in PettingZoo's AEC registry and
    as a module of this package (idempotent: importing does it)."""
    this = sys.modules[__name__]
    for game_id in encoded_games():
        module = ENVIRONMENTS[game_id] = f"{game_id}_v0"
        if not hasattr(this, module):
            made = environment_module(game_id)
            sys.modules[made.__name__] = made
            setattr(this, module, made)
        if registry_id(game_id) not in aec_registry:
            pettingzoo.register("aec", registry_id(game_id), entry_point=f"{__name__}.{module}:env")


register()

__all__ = [
    "ENVIRONMENTS",
    "AerodeckAEC",
    "env",
    "environment_module",
    "raw_env",
    "register",
    "registry_id",
]
