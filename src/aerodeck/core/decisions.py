"""A bot's randomness, drawn afresh for every decision (``DecisionRandom``).

A bot that kept one generator running across a game would choose differently once rebuilt from
a record (``aerodeck play --resume``): its generator would start again at the top. Seeding each
decision from the bot's seed and the move number (``rng.decision_seed``) makes the same record
and the same bots give the same game however often it is interrupted.
"""

from __future__ import annotations

import random

from aerodeck.core.rng import decision_seed


class DecisionRandom(random.Random):
    """A ``random.Random`` reseeded for each decision: call ``decide(move_number)`` when a
    decision starts; the first draw of the decision then seeds it (lazily: a decision that
    draws nothing costs nothing)."""

    def __init__(self, seed: int) -> None:
        self.base = seed
        self._pending: int | None = None
        super().__init__(seed)

    def decide(self, move_number: int) -> None:
        """Start a decision at this move of the game."""
        self._pending = move_number

    def _sync(self) -> None:
        if self._pending is not None:
            move, self._pending = self._pending, None
            self.seed(decision_seed(self.base, move))

    def random(self) -> float:
        self._sync()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self._sync()
        return super().getrandbits(k)
