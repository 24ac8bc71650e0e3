"""Seeded randomness. A state carries its generator as a plain integer seed, so clone is free.

Each chance event builds a ``random.Random`` from the current seed, uses it, and draws the next seed
from it. The same seed therefore always gives the same game, and a copy made by ``clone`` carries
the same future, while ``determinize`` hands the copy a fresh seed.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

SEED_BITS = 63


def fresh_seed() -> int:
    """A seed from the operating system, for games started without one (it goes in the record)."""
    return secrets.randbits(SEED_BITS)


def derive_seed(seed: int, *path: int | str) -> int:
    """A child seed for one game of a series, one seat's bot, and so on: stable across runs."""
    return random.Random(f"{seed}/{'/'.join(str(p) for p in path)}").getrandbits(SEED_BITS)


def shuffle(seed: int, items: MutableSequence[T]) -> int:
    """Shuffle ``items`` in place from ``seed``; return the seed for the next chance event."""
    rng = random.Random(seed)
    rng.shuffle(items)
    return rng.getrandbits(SEED_BITS)


def roll(seed: int, sides: int) -> tuple[int, int]:
    """A die roll 1..sides from ``seed``; return (result, next seed)."""
    rng = random.Random(seed)
    return rng.randint(1, sides), rng.getrandbits(SEED_BITS)
