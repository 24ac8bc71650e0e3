"""A bot's randomness, drawn afresh for every decision (``DecisionRandom``), and the base of the
games' own bots (``GameBot``).

A bot that kept one generator running across a game would choose differently once rebuilt from
a record (``aerodeck play --resume``): its generator would start again at the top. Seeding each
decision from the bot's seed and the move number (``rng.decision_seed``) makes the same record
and the same bots give the same game however often it is interrupted.
"""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from aerodeck.core.rng import decision_seed

if TYPE_CHECKING:
    from aerodeck.core.api import Action, Game, Observation

_GOLDEN = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


class DecisionRandom(random.Random):
    """A ``random.Random`` (``choice``, ``shuffle``, ``random``...) whose stream restarts at
    each decision: ``decide(move_number)`` seeds it from the bot's seed and the move number.

    The stream is SplitMix64, not the Mersenne Twister: reseeding the Twister costs a few
    microseconds (624 words), a sixth of a heuristic bot's whole decision, while a SplitMix64
    seed is one integer; its draws are a little dearer, and a bot draws a few per decision."""

    def __init__(self, seed: int = 0) -> None:  # a default: copy and pickle call it bare
        self.base = seed
        self._state = 0
        super().__init__(seed)

    def decide(self, move_number: int) -> None:
        """Start a decision at this move of the game."""
        self._state = decision_seed(self.base, move_number)
        self.gauss_next = None

    def seed(self, a: Any = None, version: int = 2) -> None:
        if a is None:
            a = secrets.randbits(64)
        elif not isinstance(a, int):
            a = random.Random(a).getrandbits(64)
        self._state = a & _MASK
        self.gauss_next = None

    def _next(self) -> int:
        self._state = z = (self._state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        return (self._next() >> 11) * (1.0 / (1 << 53))

    def getrandbits(self, k: int, /) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k <= 64:
            return self._next() >> (64 - k)
        bits, got = 0, 0
        while got < k:
            bits |= self._next() << got
            got += 64
        return bits & ((1 << k) - 1)

    def getstate(self) -> tuple[Any, ...]:
        return (self.base, self._state, self.gauss_next)

    def setstate(self, state: tuple[Any, ...]) -> None:
        self.base, self._state, self.gauss_next = state


class GameBot(ABC):
    """A game's own bot (``Game.bots()``): one ``DecisionRandom`` reseeded at every decision,
    so that a bot rebuilt from a record decides as before. Subclasses write ``decide``."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.rng = DecisionRandom(seed)

    def choose(self, observation: Observation) -> Action:
        self.rng.decide(observation.move_number)  # seeded per decision (resume)
        return self.decide(observation)

    @abstractmethod
    def decide(self, observation: Observation) -> Action:
        """The move from ``observation`` (``self.rng`` is seeded for this decision)."""
