"""The command line, driven as a user would: scripted input, bad input of every kind."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import aerodeck
from aerodeck.cli.app import main


def run_cli(
    args: list[str], capsys: pytest.CaptureFixture[str], stdin: str = ""
) -> tuple[int, str, str]:
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(args)
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return code, " ".join(out.split()), err


def test_games_lists_every_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["games"], capsys)
    assert code == 0
    for info in aerodeck.list_games():
        assert info.cli_name in out


def test_rules_prints_the_summary_and_notation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["rules", "aces-versus-aces"], capsys)
    assert code == 0
    assert "Notation" in out and "discard 7C" in out and "target" in out


def test_a_whole_game_played_through_the_terminal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    script = "help\nview\nhistory\nnonsense\n99\n" + "1\n" * 3000
    args = ["play", "aces-versus-aces", "-p", "2", "--seed", "5", "--save", str(save)]
    args += ["--variant", "target=15", "--bots", "random"]
    code, out, _ = run_cli(args, capsys, script)
    assert code == 0
    assert "your hand:" in out
    assert "Not allowed: cannot read 'nonsense'" in out
    assert "There is no move 99" in out
    assert "Record saved" in out
    record = json.loads(save.read_text())
    assert aerodeck.replay(record).is_terminal
    assert record["options"]["target"] == 15


def test_quit_saves_and_resume_carries_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "g.json"
    args = ["play", "aces-versus-aces", "--seed", "8", "--save", str(save)]
    code, out, _ = run_cli(args, capsys, "1\n1\nquit\n")
    assert code == 0 and "Resume it with: aerodeck play aces-versus-aces --resume" in out
    partial = json.loads(save.read_text())
    assert not aerodeck.replay(partial).is_terminal
    moves = len(partial["actions"])
    code, out, _ = run_cli(["play", "aces-versus-aces", "--resume", str(save)], capsys, "1\nq\n")
    assert code == 0
    assert len(json.loads(save.read_text())["actions"]) > moves


def test_end_of_input_saves_the_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    code, _, _ = run_cli(["play", "aces-versus-aces", "--seed", "2", "--save", str(save)], capsys)
    assert code == 0 and save.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "aces-versus-aces", "-p", "9"], "is for 2, 3, 4 players, not 9"),
        (["play", "aces-versus-aces", "--variant", "target=x"], "takes a whole number"),
        (["play", "aces-versus-aces", "--variant", "nokey"], "not of the form key=value"),
        (["play", "aces-versus-aces", "--variant", "colour=red"], "unknown option 'colour'"),
        (["play", "aces-versus-aces", "--seat", "5"], "--seat must be 0 to 2"),
        (["play", "aces-versus-aces", "--bots", "genius"], "unknown bot 'genius'"),
        (["play", "aces-versus-aces", "--frobnicate"], "No such option"),
        (["simulate", "aces-versus-aces", "--games", "0"], "at least 1"),
        (["simulate", "aces-versus-aces", "--jobs", "0"], "--jobs must be at least 1"),
        (["replay", "/nonexistent/record.json"], "cannot read"),
    ],
)
def test_bad_input_gets_one_clear_line_and_a_nonzero_exit(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_cli(args, capsys)
    assert code == 2
    assert message in err
    assert err.strip().count("\n") == 0, err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "does not hold a record object"),
        ('{"game": "aces_versus_aces"}', "record has no 'players'"),
        (
            '{"game": "aces_versus_aces", "players": 3, "options": {}, "seed": 1,'
            ' "actions": ["play ZZ"]}',
            "action 1",
        ),
        (
            '{"game": "aces_versus_aces", "players": 3, "options": {}, "seed": 1,'
            ' "actions": [], "version": 99}',
            "version 99",
        ),
    ],
)
def test_a_corrupt_record_is_refused_in_one_line(
    content: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, _, err = run_cli(["replay", str(path)], capsys)
    assert code == 2 and message in err and err.strip().count("\n") == 0


def test_replay_prints_the_game_step_by_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = aerodeck.make("aces_versus_aces", players=2, target=10)
    state = game.new_game(seed=3)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    path = aerodeck.save_record(state.record(), tmp_path / "r.json")
    code, out, _ = run_cli(["replay", str(path)], capsys)
    assert code == 0
    assert "Reveal:" in out and "Record is valid" in out


def test_simulate_reports_win_rates_and_writes_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "aces-versus-aces", "-n", "40", "--bots", "heuristic,random"]
    code, out, _ = run_cli([*args, "--out", str(tmp_path / "run"), "--json"], capsys)
    assert code == 0
    summary = json.loads(out)
    assert summary["games"] == 40
    assert set(summary["bots"]) == {"heuristic", "random"}
    lines = (tmp_path / "run" / "games.jsonl").read_text().splitlines()
    assert len(lines) == 40
    code, _, err = run_cli([*args, "--out", str(tmp_path / "run")], capsys)
    assert code == 2 and "--resume" in err


def test_the_installed_command_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "aerodeck.cli.app", "play", "nope"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("error: unknown game")
