"""The table server's proof scripts (benchmarks/web_*.py), each run in its own process on a tiny
count against its own real server process: the same code as the figures in docs/server.md, with
the same verdicts."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.benchmark_runs import read_json as _summary
from tests.benchmark_runs import run_benchmark

pytestmark = pytest.mark.slow


def test_web_leaks_finds_no_leak_in_a_few_games(tmp_path: Path) -> None:
    out = tmp_path / "leaks.json"
    argv = ["--games", "3", "--concurrent", "3", "--json", str(out)]
    run_benchmark("web_leaks", *argv, "--game", "race_to_ace", "--game", "aces_versus_aces")
    summary = _summary(out)
    assert summary["games"] == 3 and summary["leaks"] == 0
    assert summary["frames"] > 0 and summary["determinizations"] > 0
    assert summary["page_looks"] > 0, "the people looked at their pages"


def test_web_fuzz_accepts_nothing_and_the_server_lives(tmp_path: Path) -> None:
    out = tmp_path / "fuzz.json"
    run_benchmark(
        "web_fuzz", "--frames", "300", "--workers", "3", "--pause", "0", "--json", str(out)
    )
    summary = _summary(out)
    assert summary["frames"] >= 300
    assert summary["accepted_illegal"] == 0 and summary["undocumented"] == 0
    assert summary["server_alive"] and summary["fresh_game_finished"]
    assert summary["store_problems"] == []


def test_web_crash_loses_no_acknowledged_move(tmp_path: Path) -> None:
    out = tmp_path / "crash.json"
    run_benchmark("web_crash", "--kills", "1", "--concurrent", "2", "--json", str(out))
    summary = _summary(out)
    assert summary["kills"] == 1 and summary["server_starts"] == 2
    assert summary["acked_moves_lost"] == 0
    assert summary["records_differing_from_no_crash_run"] == 0
    assert summary["games_finished"] >= 2


def test_web_load_reports_act_to_ack_percentiles(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    argv = ["--tables", "2", "--processes", "1", "--think", "0.1", "--warmup", "1"]
    run_benchmark("web_load", *argv, "--seconds", "4", "--json", str(out))
    summary = _summary(out)
    latency = summary["act_to_ack_ms"]
    assert isinstance(latency, dict) and set(latency) == {"p50", "p95", "p99"}
    assert summary["refused"] == 0
