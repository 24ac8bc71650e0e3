"""The uniform random agent: the baseline every other bot must beat."""

from __future__ import annotations

import random

from aerodeck.core.api import Action, Game, Observation


class RandomAgent:
    name = "random"

    def __init__(self, game: Game, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal_actions)
