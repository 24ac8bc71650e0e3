"""`aerodeck play air-racing` takes a player from October to the chequered flag."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

import aerodeck
from aerodeck.cli.app import main
from aerodeck.core.records import load_record
from tests.games.air_racing.helpers import STRAIGHT_FILE


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str], stdin: str) -> tuple[int, str]:
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(args)
    finally:
        sys.stdin = sys.__stdin__
    out, _ = capsys.readouterr()
    return code, " ".join(out.split())


def test_a_season_and_a_race_played_through_the_terminal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "race.json"
    script = "start BBF\nplay wind-tunnel\nbuy microknot\n" + "1\n" * 3000
    args = ["play", "air-racing", "-p", "2", "--seed", "3", "--save", str(save)]
    code, out = run_cli(args, capsys, script)
    assert code == 0
    assert "Speed Mod Season: October" in out and "Speed Mod Season: August" in out
    assert "Race Week" in out and "Chequered flag" in out and "Record saved" in out
    assert "Not allowed" in out  # no Wind Tunnel in the opening hand
    record = json.loads(save.read_text())
    assert record["actions"][0] == "start BBF"
    assert aerodeck.replay(record).is_terminal


def test_a_user_course_from_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    course = tmp_path / "My Straight.toml"
    course.write_text(STRAIGHT_FILE.read_text())
    args = ["play", "air-racing", "-p", "2", "--seed", "1", "--save", str(tmp_path / "r.json")]
    args += ["--data-file", f"course={course}", "-v", "quick_play=true", "--bots", "random"]
    code, out = run_cli(args, capsys, "1\n" * 2000)
    assert code == 0
    assert "Race Week: Test straight" in out and "Chequered flag" in out
    course.unlink()  # the record carries the course: it replays anywhere, with no file
    record = load_record(tmp_path / "r.json")
    assert record["options"]["course"]["name"] == "Test straight"
    assert aerodeck.replay(record).is_terminal
