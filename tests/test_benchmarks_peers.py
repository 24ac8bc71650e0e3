"""The peer benchmark runs in its fast mode, and skips cleanly the peers that are not installed
(the project's own environment never has them: `make bench-peers` builds one that does)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from benchmarks.peers import main


def test_peer_benchmark_runs_and_skips_missing_peers(tmp_path: Path) -> None:
    out = tmp_path / "peers.json"
    result = main(["--fast", "--json", str(out)])
    assert json.loads(out.read_text(encoding="utf-8"))["targets"] == result["targets"]
    games = {row["name"] for row in result["ours"]}
    assert {row["name"] for row in result["ismcts"]} == games
    assert all(row["decisions_per_s"] > 0 for row in result["ours"] + result["ismcts"])
    assert [row["jobs"] for row in result["simulator"]][:1] == [1]
    memory = {row["side"] for row in result["memory"]}
    assert memory == {"memory-engine", "memory-runner", "memory-runner-j2"}
    sides = {row["side"] for row in result["peers"]}
    if importlib.util.find_spec("pyspiel") is None:
        assert result["openspiel_ismcts"] is None
        assert "openspiel-py-loop" not in sides
        assert any("OpenSpiel" in line for line in result["skipped"])
        assert all(t["met"] is None for t in result["targets"] if "crazy_eights" in t["target"])
    if importlib.util.find_spec("rlcard") is None:
        assert "rlcard-bare" not in sides
        assert any("RLCard" in line for line in result["skipped"])


def test_simulator_scaling_runs_one_two_four_and_all_cores() -> None:
    from benchmarks.peers import job_counts

    assert job_counts(1) == [1]
    assert job_counts(2) == [1, 2]
    assert job_counts(6) == [1, 2, 4, 6]
    assert job_counts(64, limit=2) == [1, 2]


def test_uno_same_run_benchmark_runs_or_names_the_missing_peer(tmp_path: Path) -> None:
    from benchmarks import uno_same_run

    if importlib.util.find_spec("rlcard") is None:
        with pytest.raises(SystemExit, match="RLCard is not installed"):
            uno_same_run.main(["0.01"])
        return
    out = tmp_path / "rates.json"
    rates = uno_same_run.measure(0.01, rounds=1)
    assert set(rates) == {f"{g}-{n}" for g, n in uno_same_run.CASES}
    assert all(len(v) == 1 and v[0] > 0 for v in rates.values())
    uno_same_run.main(["0.01", str(out)])
    assert set(json.loads(out.read_text(encoding="utf-8"))) == set(rates)
