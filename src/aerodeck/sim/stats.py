"""Small, exact statistics for win rates and game lengths (95% intervals)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Estimate:
    """A proportion or mean with its 95% interval."""

    value: float
    low: float
    high: float
    n: int

    def as_dict(self) -> dict[str, float | int]:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}

    def __str__(self) -> str:
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"


def wilson(successes: float, n: int, z: float = Z95) -> Estimate:
    """Wilson score interval; shared wins count as fractions of a success."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def mean_interval(values: Sequence[float], z: float = Z95) -> Estimate:
    """Mean with a normal-approximation interval (fine for the thousands of games we run)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def paired_difference(first: Sequence[float], second: Sequence[float], z: float = Z95) -> Estimate:
    """Mean of ``first[i] - second[i]`` with its 95% interval: the A/B comparison on paired seeds,
    where each game's pair shares its deal, so the deal's own variance cancels out."""
    if len(first) != len(second):
        raise ValueError("paired samples must have the same length")
    return mean_interval([a - b for a, b in zip(first, second, strict=True)], z)


def difference_of_rates(first: Estimate, second: Estimate, z: float = Z95) -> Estimate:
    """``first - second`` for two independent proportions (normal approximation)."""
    p, q = first.value, second.value
    half = z * math.sqrt(p * (1 - p) / max(first.n, 1) + q * (1 - q) / max(second.n, 1))
    return Estimate(p - q, p - q - half, p - q + half, min(first.n, second.n))
