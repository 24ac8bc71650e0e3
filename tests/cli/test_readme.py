"""The README's command line and library example run as written: each ``aerodeck`` line of its
"The command line" block is run through the installed ``aerodeck`` command (a game with scripted
input, the simulator on a few games), and its Python example is executed."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import aerodeck
from aerodeck.testing.server import child_environment

README = Path(__file__).resolve().parents[2] / "README.md"
AERODECK = Path(sys.executable).with_name("aerodeck")
SRC = Path(aerodeck.__file__).resolve().parents[1]


def _block(heading: str, language: str) -> str:
    text = README.read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1]
    found = re.search(rf"```{language}\n(.*?)```", section, re.DOTALL)
    assert found, f"README: no {language} block under {heading!r}"
    return found.group(1)


def _commands() -> dict[str, list[str]]:
    """The README's commands by subcommand (the first of each), without comments."""
    commands: dict[str, list[str]] = {}
    for line in _block("The command line", "sh").splitlines():
        words = shlex.split(line.split("#", 1)[0])
        if words and words[0].endswith("/aerodeck"):
            key = words[1] if len(words) > 1 else ""
            commands.setdefault(key, words[1:])
    return commands


def _run(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    if not AERODECK.exists():
        pytest.skip(f"no aerodeck command beside {sys.executable}")
    environ = child_environment()
    return subprocess.run(
        [str(AERODECK), *args],
        cwd=cwd,
        env=environ,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_version_games_and_rules_commands_answer(tmp_path: Path) -> None:
    commands = _commands()
    version = _run(commands["--version"], tmp_path)
    assert version.returncode == 0 and aerodeck.__version__ in version.stdout
    games = _run(commands["games"], tmp_path)
    assert games.returncode == 0
    assert all(info.cli_name in games.stdout for info in aerodeck.list_games())
    rules = _run(commands["rules"], tmp_path)
    assert rules.returncode == 0 and "Notation" in rules.stdout


def test_the_play_command_plays_to_the_end_and_its_record_replays(tmp_path: Path) -> None:
    """The README's first ``play`` line with a shorter target, answered by a script that always
    takes the first legal move; then ``replay`` of the record it saved."""
    play = [*_commands()["play"], "--variant", "target=15"]
    done = _run(play, tmp_path, stdin="1\n" * 3000)
    assert done.returncode == 0, done.stderr
    records = list((tmp_path / "aerodeck-records").glob("*.json"))
    assert len(records) == 1 and "Record saved" in done.stdout
    replayed = _run(["replay", str(records[0]), "--quiet"], tmp_path)
    assert replayed.returncode == 0, replayed.stderr


def test_the_simulate_command_writes_its_report(tmp_path: Path) -> None:
    """The README's ``simulate`` line on ten games instead of ten thousand."""
    simulate = _commands()["simulate"]
    simulate[simulate.index("--games") + 1] = "10"
    done = _run(simulate, tmp_path)
    assert done.returncode == 0, done.stderr
    out = tmp_path / simulate[simulate.index("--out") + 1]
    assert len((out / "games.jsonl").read_text(encoding="utf-8").splitlines()) == 10
    assert (out / "summary.json").exists() and (out / "report.html").exists()


def test_the_library_example_plays_and_replays(capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {}
    exec(_block("As a library", "python"), namespace)
    state, again = namespace["state"], namespace["again"]
    assert state.is_terminal and again.record() == state.record()  # type: ignore[attr-defined]
    assert capsys.readouterr().out.strip()
