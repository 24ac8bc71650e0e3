"""The simulator: seeded, independent of the job count, streaming, resumable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aerodeck.core.errors import ConfigError
from aerodeck.sim.report import summarize
from aerodeck.sim.runner import GAMES_FILE, SimSpec, play_games, run
from aerodeck.sim.stats import Moments, mean_interval, wilson
from aerodeck.sim.tally import Tally

SPEC = SimSpec("aces_versus_aces", 3, ("heuristic", "random"), 30, seed=4)


def _games(folder: Path) -> list[dict]:
    """The finished games of a run folder, by index."""
    lines = (folder / GAMES_FILE).read_text().splitlines()
    return sorted((json.loads(x) for x in lines), key=lambda o: o["index"])


def test_same_seed_same_results_whatever_the_job_count(tmp_path: Path) -> None:
    one = run(SPEC, jobs=1, out=tmp_path / "one")
    two = run(SPEC, jobs=2, out=tmp_path / "two")
    assert one.report() == two.report()  # ratings included: fed in index order either way
    assert _games(tmp_path / "one") == _games(tmp_path / "two")
    streamed = sorted(
        (o for batch in play_games(SPEC, range(30), jobs=2) for o in batch),
        key=lambda o: o["index"],
    )
    assert streamed == _games(tmp_path / "one")


def test_the_tally_holds_counters_not_games() -> None:
    tally = run(SPEC, jobs=2)
    report = tally.report()
    assert report["games"] == 30
    assert sum(times for _, times in report["length_histogram"]) == 30
    assert not any(isinstance(v, (list, dict)) and len(v) >= 30 for v in vars(tally).values())


def test_every_bot_sits_in_every_seat() -> None:
    lineups = {tuple(SPEC.lineup(i)) for i in range(3)}
    assert {lineup[0] for lineup in lineups} == {"heuristic", "random"}
    assert SPEC.lineup(0) == ["heuristic", "random", "heuristic"]
    assert SPEC.lineup(1) == ["random", "heuristic", "heuristic"]


def test_more_bots_than_seats_all_play_in_every_seat_alike() -> None:
    """``--bots medium,easy,random -p 2`` once seated medium and easy only: the list was filled
    to the table and the rest never played."""
    from collections import Counter

    spec = SimSpec("aces_versus_aces", 2, ("medium", "easy", "random"), 30, 1)
    seated = Counter((seat, bot) for i in range(30) for seat, bot in enumerate(spec.lineup(i)))
    assert seated == {(seat, bot): 10 for seat in range(2) for bot in spec.bots}
    assert all(len(set(spec.lineup(i))) == 2 for i in range(30))  # no bot against itself


def test_resume_after_an_interrupted_run_loses_and_duplicates_nothing(tmp_path: Path) -> None:
    full = run(SPEC, jobs=1, out=tmp_path / "full")
    out = tmp_path / "run"
    run(SPEC, jobs=1, out=out)
    lines = (out / GAMES_FILE).read_text().splitlines()
    # Simulate a crash: keep 11 finished games (out of order) and a torn half line.
    kept = lines[5:11] + lines[:5]
    (out / GAMES_FILE).write_text("\n".join(kept) + "\n" + lines[11][:40])
    resumed = run(SPEC, jobs=2, out=out, resume=True)
    assert resumed.report() == full.report()
    assert _games(out) == _games(tmp_path / "full")
    indices = [json.loads(x)["index"] for x in (out / GAMES_FILE).read_text().splitlines()]
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


def test_running_moments_match_the_two_pass_formula() -> None:
    values = [3.0, 7.0, 1.0, 9.0, 4.0]
    moments = Moments()
    for value in values:
        moments.add(value)
    mean = sum(values) / 5
    variance = sum((v - mean) ** 2 for v in values) / 4
    estimate = moments.estimate()
    assert estimate.value == pytest.approx(mean)
    assert estimate.high - mean == pytest.approx(1.959964 * (variance / 5) ** 0.5, rel=1e-6)
    assert Tally("aces_versus_aces", 2).report()["games"] == 0


def test_mean_interval_of_a_constant_is_a_point() -> None:
    estimate = mean_interval([3.0, 3.0, 3.0])
    assert (estimate.value, estimate.low, estimate.high) == (3.0, 3.0, 3.0)


def test_chunks_of_dear_games_are_single_games_and_of_cheap_ones_large() -> None:
    """An interrupt loses the finished games of the chunks in flight: a search bot's games
    (seconds each) go out one at a time, cheap games in chunks of up to ``CHUNK``."""
    from aerodeck.sim.runner import CHUNK, _Chunks

    dear = _Chunks(range(400), jobs=2)
    first = dear.take(6)
    assert first == [[i] for i in range(6)]  # nothing measured yet: one game a chunk
    dear.started -= 60.0  # a minute in, two games done: 0.017 games a second a worker
    dear.done(2)
    then = dear.take(2)
    assert then == [[6], [7]]

    cheap = _Chunks(range(10_000), jobs=2)
    cheap.take(6)
    cheap.started -= 1.0
    cheap.done(4_000)  # 2,000 games a second a worker
    assert [len(c) for c in cheap.take(3)] == [CHUNK] * 3
    handed = [i for chunk in [first, then, dear.take(1_000)] for c in chunk for i in c]
    assert handed == list(range(400))  # every game once, in order
