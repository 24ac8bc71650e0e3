"""Placeholder replaced below."""

from __future__ import annotations

import random

from aerodeck.core.api import Action, Game, Observation


class HeuristicBot:
    name = "heuristic"

    def __init__(self, game: Game, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal_actions)
