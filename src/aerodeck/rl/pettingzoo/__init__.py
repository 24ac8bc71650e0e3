"""aerodeck's games as PettingZoo AEC environments.

Three ways to build one, all the same environment:

- ``pettingzoo.make("aec", "aerodeck/aces_versus_aces-v0", players=2)``: PettingZoo 1.27's
  registry (importing this package registers every game; there is no plugin discovery);
- ``aerodeck.rl.pettingzoo.aces_versus_aces_v0.env(players=2)``: a module per game with ``env``
  and ``raw_env``, as ``pettingzoo.classic`` has;
- ``aerodeck.rl.pettingzoo.env("aces_versus_aces", players=2)``: any game by its id.
"""

from __future__ import annotations

from typing import Any

import pettingzoo
from pettingzoo.env_registry.registration import aec_registry
from pettingzoo.utils import wrappers
from pettingzoo.utils.env import AECEnv

from aerodeck.rl.pettingzoo.aec import AerodeckAEC, Observation

ENVIRONMENTS = {
    "ace_race": "ace_race_v0",
    "aces_versus_aces": "aces_versus_aces_v0",
    "air_racing": "air_racing_v0",
    "down_in_flames": "down_in_flames_v0",
    "race_to_ace": "race_to_ace_v0",
}


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


def register() -> None:
    """Register every game in PettingZoo's AEC registry (idempotent: importing does it)."""
    for game_id, module in ENVIRONMENTS.items():
        if registry_id(game_id) not in aec_registry:
            pettingzoo.register(
                "aec", registry_id(game_id), entry_point=f"aerodeck.rl.pettingzoo.{module}:env"
            )


register()

__all__ = ["ENVIRONMENTS", "AerodeckAEC", "env", "raw_env", "register", "registry_id"]
