"""Small, exact statistics for win rates and game lengths (95% intervals)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
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


@dataclass(slots=True)
class Moments:
    """Running mean and variance (Welford): a mean's interval without keeping the values, so a
    run's summary stays the same size however many games it counts."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        delta = value - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (value - self.mean)

    def estimate(self, z: float = Z95) -> Estimate:
        """Mean with a normal-approximation interval (fine for the thousands of games we run)."""
        if self.n == 0:
            return Estimate(math.nan, math.nan, math.nan, 0)
        if self.n == 1:
            return Estimate(self.mean, self.mean, self.mean, 1)
        half = z * math.sqrt(self.m2 / (self.n - 1) / self.n)
        return Estimate(self.mean, self.mean - half, self.mean + half, self.n)


def mean_interval(values: Iterable[float], z: float = Z95) -> Estimate:
    """Mean of ``values`` with its 95% interval."""
    moments = Moments()
    for value in values:
        moments.add(value)
    return moments.estimate(z)


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
