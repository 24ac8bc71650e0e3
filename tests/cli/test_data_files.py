"""``--data-file key=FILE`` on play and simulate: read once, carried in records and spec.json."""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import pytest

import aerodeck
from aerodeck.cli.app import main

STRAIGHT = Path(__file__).parents[1] / "games" / "air_racing" / "straight.toml"


def test_simulate_carries_the_course_into_spec_and_every_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    course = tmp_path / "straight.toml"
    shutil.copy(STRAIGHT, course)
    out = tmp_path / "run"
    args = ["simulate", "air-racing", "-p", "2", "-n", "4", "--bots", "random", "--seed", "2"]
    args += ["-v", "quick_play=true", "--data-file", f"course={course}", "--out", str(out)]
    assert main([*args, "--json"]) == 0
    capsys.readouterr()
    spec = json.loads((out / "spec.json").read_text())
    assert spec["options"]["course"]["name"] == "Test straight"
    course.unlink()  # every game replays with no file
    for line in (out / "games.jsonl").read_text().splitlines():
        game = aerodeck.replay(json.loads(line)["record"])
        assert game.is_terminal and game.view(None)["course"]["name"] == "Test straight"
    shutil.copy(STRAIGHT, course)  # a resume is the same command: the same settings
    assert main([*args, "--resume", "--json"]) == 0
    course.write_text(STRAIGHT.read_text().replace("Test straight", "Edited"))
    assert main([*args, "--resume", "--json"]) == 2
    assert "other settings (options)" in capsys.readouterr().err


def test_resume_takes_the_options_from_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "g.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "air-racing", "-p", "2", "--save", str(save), "--seed", "1"]) == 0
    code = main(["play", "air-racing", "--resume", str(save), "-v", "laps=5"])
    assert code == 2 and "--resume takes the game's options from its record" in (
        capsys.readouterr().err
    )


def test_a_data_file_for_an_option_that_takes_none_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "aces-versus-aces", "--data-file", f"target={STRAIGHT}"]) == 2
    assert "not a data option of this game (none)" in capsys.readouterr().err
