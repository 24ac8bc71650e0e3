"""Figures across training seeds: the mean of one figure per seed and its 95% interval.

A learning run is one draw from the distribution of runs its algorithm gives; what holds is what
holds across seeds. Each seed contributes one number (a win rate over its evaluation games), and
the interval is Student's t over those numbers (``n - 1`` degrees of freedom), the spread of the
runs, not of the games inside one run. Shared by ``rl_learn.py`` and ``rl_ppo.py``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from scipy.stats import t as student_t


def across_seeds(values: Sequence[float]) -> dict[str, Any]:
    """``{"mean", "low", "high", "sd", "seeds", "values"}``: the mean and its 95% t interval."""
    n = len(values)
    mean = sum(values) / n
    sd = half = math.nan  # one seed has no spread
    if n >= 2:
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
        half = float(student_t.ppf(0.975, n - 1)) * sd / math.sqrt(n)
    return {
        "mean": mean,
        "low": mean - half,
        "high": mean + half,
        "sd": sd,
        "seeds": n,
        "values": list(values),
    }


def describe(summary: dict[str, Any]) -> str:
    """``0.912 [0.880, 0.944]`` (mean and 95% interval across seeds)."""
    return f"{summary['mean']:.3f} [{summary['low']:.3f}, {summary['high']:.3f}]"
