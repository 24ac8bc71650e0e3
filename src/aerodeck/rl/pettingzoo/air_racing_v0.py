"""air_racing as a PettingZoo environment module with ``env`` and ``raw_env``, as in
``pettingzoo.classic``."""

from __future__ import annotations

from typing import Any

from pettingzoo.utils.env import AECEnv

from aerodeck.rl import pettingzoo as _zoo
from aerodeck.rl.pettingzoo.aec import AerodeckAEC, Observation

GAME_ID = "air_racing"


def raw_env(players: int | None = None, **options: Any) -> AerodeckAEC:
    return _zoo.raw_env(GAME_ID, players=players, **options)


def env(players: int | None = None, **options: Any) -> AECEnv[str, Observation, int]:
    return _zoo.env(GAME_ID, players=players, **options)
