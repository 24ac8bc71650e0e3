"""The simulator: seeded, independent of the job count, streaming, resumable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aerodeck.core.errors import ConfigError
from aerodeck.sim.report import summarize
from aerodeck.sim.runner import GAMES_FILE, SimSpec, run
from aerodeck.sim.stats import mean_interval, wilson

SPEC = SimSpec("aces_versus_aces", 3, ("heuristic", "random"), 30, seed=4)


def test_same_seed_same_results_whatever_the_job_count() -> None:
    one = run(SPEC, jobs=1)
    two = run(SPEC, jobs=2)
    assert [o["returns"] for o in one] == [o["returns"] for o in two]
    assert [o["record"]["actions"] for o in one] == [o["record"]["actions"] for o in two]


def test_every_bot_sits_in_every_seat() -> None:
    lineups = {tuple(SPEC.lineup(i)) for i in range(3)}
    assert {lineup[0] for lineup in lineups} == {"heuristic", "random"}
    assert SPEC.lineup(0) == ["heuristic", "random", "heuristic"]
    assert SPEC.lineup(1) == ["random", "heuristic", "heuristic"]


def test_resume_after_an_interrupted_run_loses_and_duplicates_nothing(tmp_path: Path) -> None:
    full = run(SPEC, jobs=1)
    out = tmp_path / "run"
    run(SimSpec(**{**SPEC.__dict__, "games": 30}), jobs=1, out=out)
    lines = (out / GAMES_FILE).read_text().splitlines()
    # Simulate a crash: keep 11 finished games and a torn half line.
    (out / GAMES_FILE).write_text("\n".join(lines[:11]) + "\n" + lines[11][:40])
    resumed = run(SPEC, jobs=2, out=out, resume=True)
    assert [o["returns"] for o in resumed] == [o["returns"] for o in full]
    kept = [json.loads(x) for x in (out / GAMES_FILE).read_text().splitlines() if x.endswith("}")]
    indices = [o["index"] for o in kept]
    assert sorted(indices) == list(range(30)) and len(indices) == len(set(indices))


def test_resume_refuses_a_folder_of_another_run(tmp_path: Path) -> None:
    run(SPEC, out=tmp_path)
    other = SimSpec("aces_versus_aces", 3, ("random",), 30, seed=4)
    with pytest.raises(ConfigError, match="other settings"):
        run(other, out=tmp_path, resume=True)


def test_summary_counts_seat_games_and_shares() -> None:
    outcomes = [
        {"lineup": ["a", "b"], "returns": [1.0, 0.0], "decisions": 10},
        {"lineup": ["b", "a"], "returns": [0.5, 0.5], "decisions": 20},
    ]
    summary = summarize(outcomes, 2)
    assert summary["bots"]["a"]["value"] == pytest.approx(0.75)
    assert summary["bots"]["b"]["value"] == pytest.approx(0.25)
    assert summary["seats"][0]["value"] == pytest.approx(0.75)
    assert summary["length"]["value"] == pytest.approx(15)


def test_wilson_interval_matches_known_values() -> None:
    # Reference values (Wilson score interval, z = 1.96): 81 of 263 -> [0.2553, 0.3662].
    estimate = wilson(81, 263)
    assert estimate.low == pytest.approx(0.2553, abs=5e-4)
    assert estimate.high == pytest.approx(0.3662, abs=5e-4)
    assert wilson(0, 10).low == 0.0
    assert wilson(10, 10).high == pytest.approx(1.0)


def test_mean_interval_of_a_constant_is_a_point() -> None:
    estimate = mean_interval([3.0, 3.0, 3.0])
    assert (estimate.value, estimate.low, estimate.high) == (3.0, 3.0, 3.0)
