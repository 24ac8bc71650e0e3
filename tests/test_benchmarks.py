"""The benchmark script runs (its numbers live in docs/performance.md, not in assertions)."""

from __future__ import annotations

from benchmarks.playouts import main


def test_playout_benchmark_runs_for_every_game() -> None:
    result = main(["--seconds", "0.05", "--states", "3"])
    assert result["rows"]
    for row in result["rows"]:
        assert row["games_per_s"] > 0 and row["decisions_per_s"] > 0
        assert row["clone_us"] > 0


def test_fuzz_benchmark_runs_and_finds_nothing_undocumented() -> None:
    from benchmarks.fuzz import main as fuzz

    result = fuzz(["--inputs", "300", "race_to_ace", "air_racing"])
    assert [row["game"] for row in result["rows"]] == ["air_racing", "race_to_ace"]
    assert result["total_inputs"] == 600 and result["total_undocumented"] == 0
    assert all(sum(row["refused"].values()) > 0 for row in result["rows"])
    assert result["peak_rss_mb"] > 0
