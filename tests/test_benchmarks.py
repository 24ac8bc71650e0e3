"""The benchmark script runs (its numbers live in docs/performance.md, not in assertions)."""

from __future__ import annotations

import pytest
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


@pytest.mark.parametrize("game_id", ["race_to_ace", "down_in_flames"])
def test_the_instruction_count_plays_the_same_games_each_run(game_id: str) -> None:
    """The instruction counter's games (without valgrind): the same course every run, so two
    trees that print the same hash counted the same games."""
    from benchmarks.icount import main as icount
    from benchmarks.icount import play, play_bare

    first = play(game_id, 3, warm=2, games=3)
    assert first == play(game_id, 3, warm=2, games=3) and first[0] > 0
    assert play_bare(game_id, 3, warm=2, games=3) == first[0]
    icount(["--inner", "--game", game_id, "--players", "4", "--warm", "1", "--games", "1"])


def test_the_down_in_flames_fingerprint_is_the_same_each_time() -> None:
    """The fifth round's A/B aid (benchmarks/dif_fingerprint.py): a digest two trees compare."""
    from benchmarks.dif_fingerprint import OPTION_SETS, digest

    players, options = OPTION_SETS[7]  # three aircraft, teams
    assert digest(players, options, 1) == digest(players, options, 1)
    assert digest(2, {}, 1) != digest(players, options, 1)
