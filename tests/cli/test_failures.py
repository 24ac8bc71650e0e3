"""Bad output places, a narrow encoding and Ctrl-C: one clear line, nothing half-written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import aerodeck
from tests.cli.test_app import run_cli


def _cli(args: list[str], stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aerodeck.cli.app", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **env},
    )


def test_save_to_a_folder_is_refused_before_the_game_starts(tmp_path: Path) -> None:
    result = _cli(["play", "ace-race", "--seed", "1", "--save", str(tmp_path)], "1\n1\n")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"error: cannot save the record to {tmp_path}: it is a folder; give a file name such as"
        " game.json"
    )
    assert list(tmp_path.iterdir()) == []  # no .tmp left behind


def test_save_to_a_place_that_cannot_be_written_is_one_line() -> None:
    result = _cli(["play", "ace-race", "--save", "/proc/nope.json"], "1\n")
    assert result.returncode == 2
    assert result.stderr.startswith("error: cannot save the record to /proc/nope.json")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


@pytest.mark.parametrize("where", ["file", "inside-file", "proc"])
def test_simulate_out_that_is_no_writable_folder_is_one_line(where: str, tmp_path: Path) -> None:
    existing = tmp_path / "report.json"
    existing.write_text("keep me")
    out = {"file": existing, "inside-file": existing / "run", "proc": Path("/proc/nope")}[where]
    result = _cli(["simulate", "ace-race", "-n", "2", "--out", str(out)])
    assert result.returncode == 2
    assert result.stderr.startswith(("error: --out", "error: cannot write to --out"))
    assert result.stderr.count("\n") == 1
    assert existing.read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


def test_a_terminal_that_cannot_print_suits_gets_letters(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ["play", "aces-versus-aces", "--seed", "3", "--save", str(save)]
    result = _cli(args, "1\nquit\n", PYTHONIOENCODING="ascii")
    assert result.returncode == 0, result.stderr
    state = aerodeck.replay(json.loads(save.read_text()))
    assert "♠" not in result.stdout
    first = state.history()[0].split()[1]  # e.g. 5H: shown as 5H, not 5♥
    assert f"play {first}" in result.stdout
    assert "your hand:" in result.stdout and "Traceback" not in result.stderr


class _InterruptAfter:
    """A stdin whose reader presses Ctrl-C after the given lines."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def readline(self) -> str:
        if self.lines:
            return self.lines.pop(0) + "\n"
        raise KeyboardInterrupt

    def isatty(self) -> bool:
        return False


def test_ctrl_c_at_the_prompt_saves_and_prints_the_resume_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "g.json"
    monkeypatch.setattr(sys, "stdin", _InterruptAfter(["1"]))
    from aerodeck.cli.app import main

    args = ["play", "aces-versus-aces", "-p", "3", "--seat", "2", "--bots", "random,heuristic"]
    code = main([*args, "--seed", "4", "--save", str(save)])
    out = " ".join(capsys.readouterr().out.split())
    assert code == 0
    assert "Interrupted. Game saved to" in out
    assert f"aerodeck play aces-versus-aces --resume {save} --seat 2 --bots random,heuristic" in out
    record = json.loads(save.read_text())
    assert record["seating"]["human"] == 2 and len(record["actions"]) >= 3
    # and the printed command carries it on
    code, out, _ = run_cli(
        ["play", "aces-versus-aces", "--resume", str(save), "--seat", "2"], capsys, "quit\n"
    )
    assert code == 0 and "you are seat 2" in out


def test_play_with_stdin_closed_saves_the_record_and_says_so_in_one_line(tmp_path: Path) -> None:
    """`aerodeck play ... <&-`: nobody can type a move, so the game stops before it starts."""
    save = tmp_path / "g.json"
    command = [sys.executable, "-m", "aerodeck.cli.app", "play", "ace-race", "--seed", "5"]
    result = subprocess.run(
        ["sh", "-c", 'exec "$@" <&-', "sh", *command, "--save", str(save)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == (
        f"error: stdin is closed: no moves can be typed; the game is saved to {save}\n"
    )
    state = aerodeck.replay(json.loads(save.read_text()))
    assert state.seed == 5 and not state.is_terminal


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["replay"], ["replay", "--quiet"]])
def test_output_to_a_full_disk_is_one_line(args: list[str], tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    state = aerodeck.make("ace-race").new_game(seed=2)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    record.write_text(json.dumps(state.record()))
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "aerodeck.cli.app", *args, str(record)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert result.returncode == 2
    assert result.stderr == "error: cannot write the output: No space left on device\n"
