"""Race to Ace from the command line: the shipped example replays, a game against bots runs."""

from __future__ import annotations

import io
import sys
from importlib import resources
from pathlib import Path

import pytest

from aerodeck.cli.app import main


def _run(args: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "") -> tuple[int, str]:
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(args)
    finally:
        sys.stdin = sys.__stdin__
    out, _ = capsys.readouterr()
    return code, " ".join(out.split())


def test_aerodeck_replay_accepts_the_example_of_play(capsys: pytest.CaptureFixture[str]) -> None:
    path = resources.files("aerodeck.games.race_to_ace").joinpath("data/example_of_play.json")
    code, out = _run(["replay", str(path)], capsys)
    assert code == 0 and "valid" in out and "shot down" in out and "HOT STICK" in out


def test_play_against_bots_in_the_terminal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    moves = "\n".join(["1"] * 40 + ["quit"]) + "\n"
    code, out = _run(
        ["play", "race-to-ace", "--seed", "3", "--save", str(save)], capsys, stdin=moves
    )
    assert "Your move" in out and "DOGFIGHT" in out and save.exists()
    assert code in (0, 1)
