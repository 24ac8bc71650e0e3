"""benchmarks/rl_learn.py runs: a few episodes train, evaluate and plot, reproducibly."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from benchmarks.rl_learn import LinearPolicy, plot, train


def test_a_short_training_run_learns_evaluates_and_plots(tmp_path: Path) -> None:
    first = train("aces_versus_aces", episodes=12, eval_every=6, eval_games=6, seed=3)
    assert [p["episodes"] for p in first["curve"]] == [0, 6, 12]
    assert all(0.0 <= p["low"] <= p["value"] <= p["high"] <= 1.0 for p in first["curve"])
    again = train("aces_versus_aces", episodes=12, eval_every=6, eval_games=6, seed=3)
    assert again["curve"] == first["curve"], "the same seed gave another run"
    plot(first, str(tmp_path / "curve.png"))
    assert (tmp_path / "curve.png").read_bytes()[:4] == b"\x89PNG"


def test_reinforce_moves_probability_towards_a_rewarded_action() -> None:
    policy = LinearPolicy.zeros(3, 2, seed=0)
    x, mask = np.array([1.0, 0.5]), np.array([1, 1, 0], dtype=np.int8)
    before = policy.probabilities(x, mask)
    policy.trace.append((x, before, 1))
    policy.learn(1.0)
    after = policy.probabilities(x, mask)
    assert after[1] > before[1] and after[2] == 0.0
