"""The uniform random agent: the baseline every other bot must beat."""

from __future__ import annotations

from aerodeck.core.api import Action, Game, Observation
from aerodeck.core.rng import decision_seed


class RandomAgent:
    """Uniform over the legal actions; each choice is a function of its seed and the move
    number only (``decision_seed``), so a game resumed from its record goes on identically."""

    name = "random"

    def __init__(self, game: Game, seed: int) -> None:
        self.seed = seed

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        return legal[decision_seed(self.seed, observation.move_number) % len(legal)]
