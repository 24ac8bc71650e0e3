"""The benchmark script runs (its numbers live in docs/performance.md, not in assertions)."""

from __future__ import annotations

from benchmarks.playouts import main


def test_playout_benchmark_runs_for_every_game() -> None:
    result = main(["--seconds", "0.05", "--states", "3"])
    assert result["rows"]
    for row in result["rows"]:
        assert row["games_per_s"] > 0 and row["decisions_per_s"] > 0
        assert row["clone_us"] > 0
