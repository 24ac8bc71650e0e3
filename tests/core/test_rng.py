"""The seeded chance events draw exactly what ``random.Random(seed)`` would: records and golden
traces of every game depend on it."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from aerodeck.core.rng import SEED_BITS, roll, shuffle

seeds = st.integers(min_value=0, max_value=2**SEED_BITS - 1)


@given(seeds, st.integers(min_value=0, max_value=600))  # either side of _STEPS_MAX
def test_shuffle_matches_random_random(seed: int, size: int) -> None:
    ours = list(range(size))
    following = shuffle(seed, ours)
    reference = random.Random(seed)
    expected = list(range(size))
    reference.shuffle(expected)
    assert ours == expected
    assert following == reference.getrandbits(SEED_BITS)


@given(seeds, st.integers(min_value=1, max_value=1000))
def test_roll_matches_randint(seed: int, sides: int) -> None:
    reference = random.Random(seed)
    assert roll(seed, sides) == (reference.randint(1, sides), reference.getrandbits(SEED_BITS))


def test_a_shared_generator_leaves_no_trace_between_events() -> None:
    first = list(range(52))
    shuffle(7, first)
    roll(99, 6)  # another event in between reseeds the same generator
    again = list(range(52))
    shuffle(7, again)
    assert first == again
