"""`aerodeck simulate` runs the plug-in game, and its report carries the game's own figure (the
bids made, from ``Game.figures()``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.plugin.test_cli import run_cli
from tests.plugin.toy import TOY_CLI, needs_toy

pytestmark = needs_toy

GAMES = 30
ROUNDS = 3  # the default
PLAYERS = 2


def simulate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    args = ["simulate", TOY_CLI, "-n", str(GAMES), "--bots", "heuristic,random", "--seed", "3"]
    code, out = run_cli([*args, "--out", str(tmp_path / "run"), "--json"], capsys)
    assert code == 0, out
    summary: dict[str, Any] = json.loads(out)
    return summary


def test_simulate_plays_and_reports_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = simulate(tmp_path, capsys)
    assert summary["games"] == GAMES and summary["players"] == PLAYERS
    assert set(summary["bots"]) == {"heuristic", "random"}
    lines = (tmp_path / "run" / "games.jsonl").read_text().splitlines()
    assert len(lines) == GAMES
    assert all(json.loads(line)["record"]["game"] == "high_card_tricks" for line in lines)


def test_the_report_holds_the_games_own_figure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = simulate(tmp_path, capsys)
    figures = {figure["key"]: figure for figure in summary["figures"]}
    bids = figures["bids"]
    assert bids["title"] == "Bids made"
    assert {row["choice"] for row in bids["rows"]} <= {f"bid {n}" for n in range(6)}
    assert sum(row["count"] for row in bids["rows"]) == GAMES * ROUNDS * PLAYERS
    assert "Bids made" in (tmp_path / "run" / "report.html").read_text()
