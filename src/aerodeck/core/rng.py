"""Seeded randomness. A state carries its generator as a plain integer seed, so clone is free.

Each chance event seeds a ``random.Random`` with the current seed, uses it, and draws the next seed
from it. The same seed therefore always gives the same game, and a copy made by ``clone`` carries
the same future, while ``determinize`` hands the copy a fresh seed. The generator is one per thread,
reseeded at each event (building a new one per event cost a few per cent of every playout); the
draws are exactly those of ``random.Random(seed)``, which tests/core/test_rng.py checks.
"""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Callable, MutableSequence
from typing import TypeVar

from aerodeck.core.errors import ConfigError, excerpt

T = TypeVar("T")

SEED_BITS = 63


def fresh_seed() -> int:
    """A seed from the operating system, for games started without one (it goes in the record)."""
    return secrets.randbits(SEED_BITS)


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number 0..2**63-1, else ConfigError.

    Python's generator seeds with ``abs(seed)``, so seed -5 would play seed 5's game, and a
    5,000-digit seed would be hashed whole: neither is a seed a record can carry."""
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << SEED_BITS:
        return int(seed)
    raise ConfigError(f"a seed is a whole number from 0 to 2**{SEED_BITS}-1, not {excerpt(seed)}")


def derive_seed(seed: int, *path: int | str) -> int:
    """A child seed for one game of a series, one seat's bot, and so on: stable across runs."""
    return random.Random(f"{seed}/{'/'.join(str(p) for p in path)}").getrandbits(SEED_BITS)


_local = threading.local()


def _generator(seed: int) -> random.Random:
    """This thread's generator, seeded with ``seed``: the stream of ``random.Random(seed)``."""
    rng: random.Random | None = getattr(_local, "rng", None)
    if rng is None:
        rng = _local.rng = random.Random()
    rng.seed(seed)
    return rng


def _below(bits: Callable[[int], int], n: int) -> int:
    """``random.Random._randbelow`` for n >= 1: the same draws, without the method lookups."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


# The Fisher-Yates steps from the end, (i, bits to draw a number below i + 1), for lists of up
# to _STEPS_MAX items: a shuffle of ``size`` items takes the last ``size - 1`` of them, so the
# loop does no arithmetic and no ``bit_length`` call per card.
_STEPS_MAX = 512
_STEPS = tuple((i, (i + 1).bit_length()) for i in range(_STEPS_MAX - 1, 0, -1))


def shuffle(seed: int, items: MutableSequence[T]) -> int:
    """Shuffle ``items`` in place from ``seed``; return the seed for the next chance event.
    The same swaps as ``random.Random(seed).shuffle(items)`` (Fisher-Yates from the end)."""
    bits = _generator(seed).getrandbits
    size = len(items)
    if size <= _STEPS_MAX:
        steps = _STEPS[_STEPS_MAX - size :]
    else:
        steps = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    for i, k in steps:
        j = bits(k)  # _below inlined: this loop runs at every deal and reshuffle
        while j > i:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
    return bits(SEED_BITS)


def roll(seed: int, sides: int) -> tuple[int, int]:
    """A die roll 1..sides from ``seed`` (as ``randint(1, sides)``); return (result, next seed)."""
    bits = _generator(seed).getrandbits
    return 1 + _below(bits, sides), bits(SEED_BITS)


_MASK64 = (1 << 64) - 1


def decision_seed(seed: int, move_number: int) -> int:
    """The seed of one decision of a bot: a function of the bot's own seed (itself derived from
    the game's seed and the seat) and the move number only, so a bot rebuilt in the middle of a
    game (a record resumed, a run carried on) decides exactly as the uninterrupted one would.
    SplitMix64 of ``seed + (move_number + 1) * golden``: a few arithmetic steps, cheap enough
    for a random bot's every move."""
    z = (seed + (move_number + 1) * 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) >> (64 - SEED_BITS)
