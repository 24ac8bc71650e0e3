"""The rl benchmarks run (their numbers live in docs/rl.md, not in assertions)."""

from __future__ import annotations

import importlib.util

from benchmarks.rl_openspiel import ismcts_speed, mccfr_reuse
from benchmarks.rl_speed import goals, measure


def test_the_speed_benchmark_measures_every_game_and_the_pettingzoo_floor() -> None:
    result = measure(seconds=0.02, rounds=1)
    sides = {row["side"] for row in result["rows"]}
    assert {"aerodeck pettingzoo", "pettingzoo floor"} <= sides
    assert all(row["steps_per_s"] > 0 for row in result["rows"])
    if importlib.util.find_spec("rlcard") is None:
        assert result["skipped"]
    else:
        assert {"rlcard env", "pettingzoo classic"} <= sides
        assert all(g["vs_rlcard_uno"] and g["vs_classic"] for g in goals(result["rows"]))


def test_the_openspiel_benchmark_counts_searches_and_revisits() -> None:
    assert ismcts_speed("aces_versus_aces", simulations=2, positions=1)["simulations_per_s"] > 0
    row = mccfr_reuse("aces_versus_aces", iterations=1)
    assert row["lookups"] >= row["infostates"] > 0 and 0 <= row["revisited"] <= 1
