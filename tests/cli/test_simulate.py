"""`aerodeck simulate`: one clear line for bad input, A/B, reports on disk, determinism, resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aerodeck.cli.app import main
from aerodeck.sim.runner import GAMES_FILE


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backend", "slurm"], "--backend must be one of local, ray"),
        (["--resume"], "--resume needs --out"),
        (["--compare", "target=50"], "--compare changes nothing"),
        (["--compare", "colour=red"], "colour"),
        (["--bots", "heuristic,oracle"], "unknown bot 'oracle'"),
        (["--bots", ","], "--bots needs at least one bot name"),
        (["--players", "9"], "not 9"),
    ],
)
def test_bad_arguments_get_one_clear_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_cli(["simulate", "aces-versus-aces", "-n", "4", *args], capsys)
    assert code == 2
    assert message in err
    assert err.strip().count("\n") == 0, err
    assert "Traceback" not in err


def test_ab_comparison_on_paired_seeds_writes_both_runs_and_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ab"
    args = ["simulate", "aces-versus-aces", "-p", "2", "-n", "12", "--bots", "heuristic,random"]
    code, printed, _ = run_cli(
        [*args, "--compare", "target=30", "--out", str(out), "--json"], capsys
    )
    assert code == 0
    report = json.loads(printed)
    comparison = report["comparison"]
    assert comparison["games"] == 12
    assert comparison["variants"]["B"]["target"] == 30
    assert "game length" in comparison["differences"]
    seeds_a = [json.loads(x)["seed"] for x in (out / "A" / GAMES_FILE).read_text().splitlines()]
    seeds_b = [json.loads(x)["seed"] for x in (out / "B" / GAMES_FILE).read_text().splitlines()]
    assert sorted(seeds_a) == sorted(seeds_b)
    assert {"summary.json", "report.csv", "report.html"} <= {p.name for p in out.iterdir()}
    # the terminal says what B changes, and where the games are
    code, printed, _ = run_cli(
        [*args, "--compare", "target=30", "--out", str(out), "--resume"], capsys
    )
    words = " ".join(printed.split())
    assert "B sets target=30 (A: 50); the tables above are A's" in words
    assert "each variant's games in A/ and B/" in words


def test_the_report_is_the_same_whatever_the_job_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "race-to-ace", "-n", "16", "--bots", "heuristic,random", "--seed", "5"]
    for jobs in ("1", "2"):
        assert run_cli([*args, "-j", jobs, "--out", str(tmp_path / jobs)], capsys)[0] == 0
    one = (tmp_path / "1" / "summary.json").read_text()
    assert one == (tmp_path / "2" / "summary.json").read_text()
    text = run_cli([*args, "-j", "2", "--out", str(tmp_path / "2"), "--resume"], capsys)[1]
    assert "held: random < heuristic (heuristic" in " ".join(text.split())


def _once_it_has_played(process: subprocess.Popen[bytes], games: Path, count: int) -> Path:
    """``games`` once the run has written ``count`` games (or ended, or a minute passed)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if games.exists() and games.read_text().count("\n") >= count:
            break
        time.sleep(0.02)
    return games


def test_a_killed_run_resumes_without_losing_or_repeating_a_game(tmp_path: Path) -> None:
    """SIGKILL the command mid-run (no clean-up at all), then --resume it."""
    out = tmp_path / "run"
    command = [sys.executable, "-m", "aerodeck.cli.app", "simulate", "aces-versus-aces"]
    command += ["-n", "300", "--bots", "heuristic,random", "--seed", "9", "--out", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    games = _once_it_has_played(process, out / GAMES_FILE, 50)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    kept = games.read_text().count("\n")
    assert 0 < kept < 300, "the run should have been killed part-way"
    finished = subprocess.run([*command, "--resume", "-j", "2"], capture_output=True, check=False)
    assert finished.returncode == 0, finished.stderr
    indices = [json.loads(line)["index"] for line in games.read_text().splitlines()]
    assert sorted(indices) == list(range(300))
    fresh = tmp_path / "fresh"
    whole = [*command[:-1], str(fresh)]
    assert subprocess.run(whole, capture_output=True, check=False).returncode == 0
    resumed = json.loads((out / "summary.json").read_text())
    assert resumed == json.loads((fresh / "summary.json").read_text())


def test_an_interrupted_run_says_its_games_are_kept_and_how_to_go_on(tmp_path: Path) -> None:
    out = tmp_path / "run"
    command = [sys.executable, "-m", "aerodeck.cli.app", "simulate", "aces-versus-aces"]
    command += ["-n", "3000", "--bots", "heuristic,random", "-j", "1", "--out", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _once_it_has_played(process, out / GAMES_FILE, 20)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    said = " ".join(err.decode().split())
    assert f"the finished games are kept in {out}: the same command with --resume goes on" in said
    assert "Traceback" not in said


def test_simulate_says_where_the_report_is_and_rates_over_all_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    args = ["simulate", "aces-versus-aces", "-p", "2", "-n", "30", "--bots", "heuristic,random"]
    code, text, _ = run_cli([*args, "--out", str(out)], capsys)
    assert code == 0
    flat = " ".join(text.split())
    assert f"Report written to {out / 'report.html'}" in flat
    assert "strength (Elo scale)" in flat and "openskill" in flat
    summary = json.loads((out / "summary.json").read_text())
    assert summary["strengths"]["heuristic"]["elo"] > summary["strengths"]["random"]["elo"]
    assert "held" in summary["ladder"]["note"]


def test_simulate_help_names_the_files_it_writes(capsys: pytest.CaptureFixture[str]) -> None:
    code, text, _ = run_cli(["simulate", "--help"], capsys)
    flat = " ".join(text.split())
    assert code == 0 and "summary.json" in flat and "report.json" not in flat
