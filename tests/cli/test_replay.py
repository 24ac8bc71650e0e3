"""`aerodeck replay --seat N` shows only what that seat may know (issue 19)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import aerodeck
from tests.cli.test_app import run_cli


def _finished_record(tmp_path: Path) -> Path:
    game = aerodeck.make("aces_versus_aces", players=3, target=10)
    state = game.new_game(seed=3)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    return aerodeck.save_record(state.record(), tmp_path / "r.json")


def test_replay_as_a_seat_keeps_the_others_face_down_plays_secret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _finished_record(tmp_path)
    code, out, _ = run_cli(["replay", str(path), "--seat", "2"], capsys)
    assert code == 0
    record = aerodeck.load_record(path)
    # the first two moves are seats 0 and 1 playing face down: their cards are not named
    assert "1 seat 0 plays a card face down 2 seat 1 plays a card face down" in out
    assert "3 you play a card face down (" in out  # in words, as `history` tells it
    notation = [action for action in record["actions"] if " " in action]  # play 5H, not keep
    assert notation and not any(action in out for action in notation)
    assert "won by" in out and "[" not in out.split("Record is valid")[1]


def test_replay_without_a_seat_prints_every_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _finished_record(tmp_path)
    code, out, _ = run_cli(["replay", str(path)], capsys)
    record = aerodeck.load_record(path)
    assert code == 0 and f"seat 0: {record['actions'][0]}" in out


@pytest.mark.parametrize("seat", ["5", "-1"])
def test_replay_refuses_a_seat_the_game_does_not_have(seat: str, tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "aerodeck.cli.app", "replay", str(path), "--seat", seat],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "error: --seat must be 0 to 2"
    assert result.stdout == ""
