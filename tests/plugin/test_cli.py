"""The plug-in game at the terminal: listed by `aerodeck games`, its rules printed, played to
the end with scripted input, its reference shown by the `cards` command."""

from __future__ import annotations

import io
import json
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import aerodeck
from aerodeck.cli.app import main
from aerodeck.core.registry import game_class
from tests.plugin.toy import TOY, TOY_CLI, needs_toy

pytestmark = needs_toy


def run_cli(
    args: list[str], capsys: pytest.CaptureFixture[str], stdin: str = ""
) -> tuple[int, str]:
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(args)
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return code, " ".join((out + err).split())


def test_the_game_comes_from_its_own_distribution() -> None:
    (point,) = [p for p in entry_points(group="aerodeck.games") if p.name == TOY]
    assert point.dist is not None and point.dist.name == "aerodeck-toy"
    module = game_class(TOY).__module__
    assert module.startswith("aerodeck_toy.") and not module.startswith("aerodeck.")


def test_aerodeck_games_lists_it_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_cli(["games"], capsys)
    assert code == 0
    assert f"{TOY_CLI} High Card Tricks, 2 or 3 players (default 2)" in out
    assert "options: rounds=3, hand_size=5, hook=false" in out


def test_aerodeck_rules_prints_its_rules_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_cli(["rules", TOY_CLI], capsys)
    assert code == 0
    assert "Notation" in out and "bid 2" in out and "play 14" in out
    assert "hook" in out and "the last bid may not make the bids add up" in out


def test_a_whole_game_played_in_the_terminal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    script = "help\nview\nbid 9\nplay 19\nhistory\n" + "1\n" * 200
    args = ["play", TOY_CLI, "-p", "3", "--seed", "5", "--save", str(save), "--bots", "heuristic"]
    code, out = run_cli([*args, "--variant", "rounds=2", "--variant", "hook=true"], capsys, script)
    assert code == 0
    assert "your hand:" in out and "Round 2 of 2" in out
    assert "Not allowed: cannot read 'play 19'" in out
    assert "Final standings" in out and "By round" in out
    record = json.loads(save.read_text())
    state = aerodeck.replay(record)
    assert state.is_terminal and record["game"] == TOY
    assert record["options"] == {"rounds": 2, "hand_size": 5, "hook": True}
    assert state.move_number == state.game.max_game_length() == 2 * 3 * (1 + 5)


def test_the_cards_command_shows_the_games_reference(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The reference is the game's ``reference()`` data, which the terminal lays out itself."""
    args = ["play", TOY_CLI, "--seed", "1", "--bots", "random", "--variant", "rounds=1"]
    args += ["--save", str(tmp_path / "game.json")]
    code, out = run_cli(args, capsys, "cards\n" + "1\n" * 40)
    assert code == 0
    assert "Scoring a round" in out and "10 + the bid" in out
