"""The rl benchmarks of docs/rl.md run on a tiny budget in their own process; the learning run is
reproducible from its seed. Their figures live in docs/rl.md, not in assertions."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.benchmark_runs import read_json, run_benchmark

pytestmark = pytest.mark.slow


def test_the_speed_benchmark_measures_every_game_and_the_pettingzoo_floor(tmp_path: Path) -> None:
    out = tmp_path / "speed.json"
    tiny = ["--seconds", "0.02", "--rounds", "1", "--batch", "2"]
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


def test_the_openspiel_benchmark_counts_searches_and_revisits(tmp_path: Path) -> None:
    out = tmp_path / "openspiel.json"
    tiny = ["--games", "2", "--simulations", "2", "--iterations", "1"]
    run_benchmark("rl_openspiel", *tiny, "--json", str(out))
    result = read_json(out)
    assert all(row["lookups"] >= row["infostates"] > 0 for row in result["mccfr"])
    assert result["ismcts_strength"]["low"] <= result["ismcts_strength"]["high"]


def test_a_short_training_run_is_the_same_from_the_same_seed_and_plots(tmp_path: Path) -> None:
    tiny = ["--episodes", "12", "--eval-every", "6", "--eval-games", "6", "--seed", "3"]
    curves = []
    for run in ("first", "again"):
        out = tmp_path / f"{run}.json"
        run_benchmark("rl_learn", *tiny, "--json", str(out), "--plot", str(tmp_path / "c.png"))
        curves.append(read_json(out)["curve"])
    assert [p["episodes"] for p in curves[0]] == [0, 6, 12]
    assert curves[0] == curves[1], "the same seed gave another run"
    assert (tmp_path / "c.png").read_bytes()[:4] == b"\x89PNG"
