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
        "web_fuzz", "--frames", "120", "--workers", "2", "--pause", "0", "--json", str(out)
    )
    summary = _summary(out)
    assert summary["frames"] >= 120
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


def test_web_capacity_measures_each_rate_on_one_server(tmp_path: Path) -> None:
    out = tmp_path / "capacity.json"
    argv = ["--stores", "sqlite", "--rates", "10,20", "--tables", "2", "--processes", "1"]
    argv += ["--warmup", "3", "--seconds", "3", "--settle", "1"]
    run_benchmark("web_capacity", *argv, "--json", str(out))
    (store,) = _summary(out)["stores"]
    assert store["store"] == "sqlite" and store["healthy"] and store["refused"] == 0
    assert [row["offered_per_second"] for row in store["rates"]] == [10.0, 20.0]
    for row in store["rates"]:
        assert set(row["act_to_ack_ms"]) == {"p50", "p95", "p99"}
        assert row["server_cpu_seconds_per_1000_moves"] > 0


def test_web_profile_split_places_each_sample_by_its_work(tmp_path: Path) -> None:
    raw = tmp_path / "server.raw"
    session = "run_session (aerodeck/web/service/session.py:90);Hub.submit (hub.py:150)"
    raw.write_text(
        f"{session};Table.broadcast (tables.py:310);dumps (json/__init__.py:231) 3\n"
        f"{session};Store.append_move (db/store.py:470) 1\n"
        "Thread.run (threading.py:975);SqliteMoveWriter._commit (move_writes.py:99) 2\n"
        "Runner.run (asyncio/runners.py:118) 4\n"
    )
    shown = run_benchmark("web_profile_split", str(raw)).stdout
    assert "| frames: JSON | 30.0% |" in shown
    assert "| store: other calls | 10.0% |" in shown
    assert "| store: the moves' group commit | 20.0% |" in shown
    assert "| event loop and other | 40.0% |" in shown
