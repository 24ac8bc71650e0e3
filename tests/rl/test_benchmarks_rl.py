"""The rl benchmarks of docs/rl.md run on a tiny budget in their own process; the learning run is
reproducible from its seed. Their figures live in docs/rl.md, not in assertions."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from tests.benchmark_runs import read_json, run_benchmark

pytestmark = pytest.mark.slow


def test_the_speed_benchmark_measures_every_game_and_the_pettingzoo_floor(tmp_path: Path) -> None:
    out = tmp_path / "speed.json"
    tiny = ["--seconds", "0.02", "--rounds", "1", "--batch", "2", "--decisions", "20"]
    run_benchmark("rl_speed", *tiny, "--json", str(out))
    result = read_json(out)
    sides = {row["side"] for row in result["rows"]}
    batched = {"aerodeck batch self-play", "aerodeck batch vector env"}
    assert {"aerodeck pettingzoo", "pettingzoo floor", *batched} <= sides
    assert all(row["steps_per_s"] > 0 for row in result["rows"] if row["side"] in batched)
    if importlib.util.find_spec("rlcard") is None:
        assert result["skipped"]
    else:
        assert {"rlcard env", "pettingzoo classic"} <= sides
    assert set(result["per_decision_us"]) == {"aces_versus_aces", "down_in_flames"}


def test_the_openspiel_benchmark_counts_searches_and_revisits(tmp_path: Path) -> None:
    out = tmp_path / "openspiel.json"
    tiny = ["--games", "2", "--simulations", "2", "--iterations", "1"]
    run_benchmark("rl_openspiel", *tiny, "--json", str(out))
    result = read_json(out)
    assert all(row["lookups"] >= row["infostates"] > 0 for row in result["mccfr"])
    assert result["ismcts_strength"]["low"] <= result["ismcts_strength"]["high"]


TINY_LEARNING = ["--episodes", "12", "--eval-every", "6", "--eval-games", "6", "--seeds", "3,4"]


def _learn(out: Path, *args: str) -> dict[str, Any]:
    run_benchmark("rl_learn", *args, "--json", str(out))
    return read_json(out)


@pytest.fixture(scope="module")
def short_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    """One tiny learning run (seeds 3 and 4, evaluated every 6 episodes) and its plot, which
    both tests below compare another run with."""
    folder = tmp_path_factory.mktemp("rl_learn")
    plot = folder / "c.png"
    return _learn(folder / "first.json", *TINY_LEARNING, "--plot", str(plot)), plot


def test_a_short_training_run_is_the_same_from_the_same_seed_and_plots(
    short_run: tuple[dict[str, Any], Path], tmp_path: Path
) -> None:
    first, plot = short_run
    again = _learn(tmp_path / "again.json", *TINY_LEARNING)
    assert [p["episodes"] for p in first["curve"]] == [0, 6, 12]
    assert [p["seeds"] for p in first["curve"]] == [2, 2, 2]
    assert first["runs"] == [
        {**run, "seconds": first["runs"][i]["seconds"]} for i, run in enumerate(again["runs"])
    ], "the same seed gave another run"
    assert plot.read_bytes()[:4] == b"\x89PNG"


def test_evaluating_does_not_change_the_training_run(
    short_run: tuple[dict[str, Any], Path], tmp_path: Path
) -> None:
    """The final weights are the same however often and however long the policy is evaluated:
    every 6 episodes on 6 games, or once on 2."""
    first, _ = short_run
    rarely = ["--episodes", "12", "--seeds", "3,4", "--eval-every", "12", "--eval-games", "2"]
    other = _learn(tmp_path / "rarely.json", *rarely)
    digests = [[run["weights_digest"] for run in result["runs"]] for result in (first, other)]
    assert digests[0] == digests[1]


def test_the_ppo_table_runs_on_a_tiny_budget(tmp_path: Path) -> None:
    if importlib.util.find_spec("sb3_contrib") is None:
        pytest.skip("rl_ppo: sb3-contrib absent (pip install -e '.[learn]')")
    out = tmp_path / "ppo.json"
    tiny = ["--games", "aces_versus_aces", "--seeds", "2", "--steps", "256", "--points", "1"]
    run_benchmark("rl_ppo", *tiny, "--eval-games", "2", "--jobs", "1", "--json", str(out),
                  "--plot", str(tmp_path / "c.png"), "--save-dir", str(tmp_path))  # fmt: skip
    (table,) = read_json(out)["games"]
    assert table["final"]["random"]["seeds"] == 2
    assert sorted(p.name for p in tmp_path.glob("*.zip")) == [
        "aces_versus_aces-seed1.zip",
        "aces_versus_aces-seed2.zip",
    ]
