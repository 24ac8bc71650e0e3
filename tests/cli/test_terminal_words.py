"""The terminal says what the page says, in the reader's language (issue 30): `help` lists the
commands with what each does, a lone move comes with the game's reason, the resume command runs
as printed, and in Japanese none of the terminal's own English is left."""

from __future__ import annotations

import io
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from rich.console import Console

import aerodeck
from aerodeck.agents.registry import make_agent
from aerodeck.cli.app import main
from aerodeck.cli.invocation import invoked_as
from aerodeck.cli.local_table import LocalTable
from aerodeck.cli.screen import Screen
from aerodeck.core.api import State
from aerodeck.core.i18n import set_language
from aerodeck.core.records import Seating

CLI = Path(aerodeck.__file__).parent / "cli"
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def japanese(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The terminal started with LANG=ja_JP.UTF-8 (and English again afterwards)."""
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    yield
    set_language("en")


def _play(args: list[str], typed: str, capsys: pytest.CaptureFixture[str]) -> str:
    sys.stdin = io.StringIO(typed)
    try:
        assert main(args) == 0
    finally:
        sys.stdin = sys.__stdin__
    return capsys.readouterr().out


def test_help_lists_every_command_with_what_it_does_and_the_banner_does_not(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["play", "ace-race", "--seed", "2", "--save", str(tmp_path / "g.json")]
    out = _play(args, "help\nquit\n", capsys)
    banner, listed = out.split("> ")[0], out.split("> ")[1]
    assert "help lists the commands" in banner and "history" not in banner
    rows = [line.split(None, 1) for line in listed.splitlines()[1:] if line[2] != " "]
    assert [name for name, _ in rows] == ["help", "view", "rules", "history", "quit"]
    assert all(len(does) > 8 for _, does in rows)  # each says what it does


REASON = "seat 0 holds no card the rule allows, so seat 0 must draw"


def _forced_position() -> State:
    """Seat 0 with one move, in Ace Race whose Game gives a reason for it."""
    ace_race = type(aerodeck.make("ace_race"))

    class ToldAceRace(ace_race):  # type: ignore[misc, valid-type]
        def forced_reason(self, state: State) -> str | None:
            return REASON

    state: State = ToldAceRace(players=2).new_game(seed=1)
    for number in range(200):  # the same fixed walk to a lone move of seat 0
        legal = state.legal_actions()
        if state.current_player == 0 and len(legal) == 1 and number:
            return state
        state.apply(legal[(7 + number) % len(legal)])
    raise AssertionError("no position with one move for seat 0")


def test_a_lone_move_comes_with_the_games_reason(tmp_path: Path) -> None:
    state = _forced_position()
    agents = [None, make_agent("random", state.game, 1)]
    table = LocalTable(state, Seating(0, {1: "random"}), agents, tmp_path / "g.json")
    console = Console(file=io.StringIO(), width=100, record=True)
    assert not Screen(table, console, lambda prompt: "quit").run()
    shown = " ".join(console.export_text().split())
    assert "Your move: 1 draw" in shown
    assert "Your only move: you hold no card the rule allows, so you must draw" in shown


def test_a_move_among_several_has_no_reason_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["play", "ace-race", "--seed", "2", "--save", str(tmp_path / "g.json")]
    out = _play(args, "quit\n", capsys)
    assert "Your move:" in out and "Your only move" not in out


@pytest.mark.parametrize(
    ("argv0", "cwd", "path", "command"),
    [
        (".venv/bin/aerodeck", "/repo", "/usr/bin", ".venv/bin/aerodeck"),  # make play-terminal
        ("/repo/.venv/bin/aerodeck", "/repo", "/usr/bin", ".venv/bin/aerodeck"),
        ("/repo/.venv/bin/aerodeck", "/home", "/usr/bin", "/repo/.venv/bin/aerodeck"),
        ("/my games/bin/aerodeck", "/home", "/usr/bin", "'/my games/bin/aerodeck'"),
        ("/usr/lib/python3/site-packages/_pytest/__main__.py", "/home", "/usr/bin", "aerodeck"),
    ],
)
def test_the_program_is_named_as_it_was_started(
    argv0: str, cwd: str, path: str, command: str
) -> None:
    assert invoked_as(argv0, Path(cwd), path) == command


def test_a_program_on_the_path_is_named_by_its_name(tmp_path: Path) -> None:
    program = tmp_path / "bin" / "aerodeck"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    assert invoked_as(str(program), Path("/"), str(program.parent)) == "aerodeck"


def test_python_dash_m_is_named_with_its_interpreter() -> None:
    app = str(CLI / "app.py")
    started = invoked_as(app, Path("/nowhere"), "/nowhere")
    assert started.endswith(" -m aerodeck.cli.app")
    assert Path(shlex.split(started)[0]).resolve() == Path(sys.executable).resolve()


def test_the_resume_command_printed_at_quit_runs_as_printed(tmp_path: Path) -> None:
    """As after `make play-terminal`: the program started by its path, not on the PATH."""
    program = Path(sys.executable).parent / "aerodeck"
    if not program.exists():
        pytest.skip("no aerodeck console script beside this Python")
    venv = program.parent.parent
    where = venv.parent
    env = {**os.environ, "PATH": "/usr/bin:/bin", "COLUMNS": "200"}
    started = [str(program.relative_to(where)), "play", "aces-versus-aces", "-p", "3"]
    started += ["--seat", "1", "--seed", "4", "--save", str(tmp_path / "g.json")]
    first = subprocess.run(
        started,
        input="1\nquit\n",
        capture_output=True,
        text=True,
        cwd=where,
        env=env,
        timeout=60,
        check=False,
    )
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    command = lines[lines.index(next(line for line in lines if "Resume it with:" in line)) + 1]
    assert command.strip().startswith(f"{venv.name}/bin/aerodeck play aces-versus-aces --resume")
    again = subprocess.run(
        shlex.split(command),
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=where,
        env=env,
        timeout=60,
        check=False,
    )
    assert again.returncode == 0, again.stderr
    assert "Aces versus Aces, you are seat 1." in again.stdout


def _english_of_the_terminal() -> list[str]:
    """Every run of two or more English words in the terminal's own messages."""
    with (CLI / "locale" / "ja" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalog = read_po(po)
    runs = []
    for message in catalog:
        for msgid in message.id if isinstance(message.id, tuple) else (message.id,):
            for part in re.split(r"\{\w+\}", msgid):
                words = re.findall(r"[A-Za-z']+(?: [A-Za-z']+)+", part)
                runs += [w for w in words if len(w) >= 8]
    return runs


def test_the_screen_speaks_japanese_with_lang_ja(
    japanese: None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["play", "aces-versus-aces", "--seed", "3", "--save", str(tmp_path / "g.json")]
    out = _play(args, "help\n1\nhistory\n99\nquit\n", capsys)
    for words in (
        "あなたは席0です",
        "あなたの番:",
        "このコマンドの一覧",
        "これまでの手をすべて文章で",
    ):
        assert words in out
    assert "99 番の手はありません: 1 から 5 までを選んでください。" in out
    assert "保存しました。続きは次のコマンドで:" in out
    english = [words for words in _english_of_the_terminal() if words in out]
    assert not english, english


def test_help_of_a_command_is_in_japanese_with_lang_ja(
    japanese: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--help"]) == 0
    out = capsys.readouterr().out
    for words in (
        "ターミナルでボットと対戦します",
        "プレイヤー数",
        "オプション",
        "このヘルプを表示",
    ):
        assert words in out
    assert "number of players" not in out and "Show this message" not in out


def test_help_of_a_command_stays_english_without(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["play", "--help"]) == 0
    out = capsys.readouterr().out
    assert "Play in the terminal against bots" in out and "number of players" in out
