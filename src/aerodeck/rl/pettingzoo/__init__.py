"""aerodeck's games as PettingZoo AEC environments.

PettingZoo has no global registry: environments are modules with ``env`` and ``raw_env``, as in
``pettingzoo.classic``. So each game has one here (``aerodeck.rl.pettingzoo.aces_versus_aces_v0``)
and ``env(game_id, ...)`` builds any of them by name.
"""

from __future__ import annotations

from typing import Any

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


__all__ = ["ENVIRONMENTS", "AerodeckAEC", "env", "raw_env"]
