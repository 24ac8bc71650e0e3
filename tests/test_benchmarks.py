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


def test_race_to_ace_instruction_count_plays_the_same_games_each_run() -> None:
    """The instruction counter's games (without valgrind): the same course every run, so two
    trees that print the same hash counted the same games."""
    from benchmarks.race_to_ace_icount import main as icount
    from benchmarks.race_to_ace_icount import play, play_bare

    first = play(3, warm=2, games=3)
    assert first == play(3, warm=2, games=3) and first[0] > 0
    assert play_bare(3, warm=2, games=3) == first[0]
    icount(["--inner", "--players", "4", "--warm", "1", "--games", "1"])


def test_down_in_flames_fingerprint_and_workload_run_the_same_each_time() -> None:
    """The fifth round's A/B aids (benchmarks/dif_fingerprint.py): a digest that two trees
    compare, and the seeded workload counted under valgrind."""
    from benchmarks.dif_fingerprint import OPTION_SETS, digest, workload

    players, options = OPTION_SETS[7]  # three aircraft, teams
    assert digest(players, options, 1) == digest(players, options, 1)
    assert digest(2, {}, 1) != digest(players, options, 1)
    assert workload(3, 1, 1) == workload(3, 1, 1) > 0
