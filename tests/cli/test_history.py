"""The terminal's `history` shows the moves as the human's seat may know them (issue 19)."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

import aerodeck
from aerodeck.cli.app import main


def test_history_never_prints_face_down_plays_of_other_seats(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # seats 0 and 1 are bots and play face down before seat 2 chooses
    args = ["play", "aces-versus-aces", "-p", "3", "--seat", "2", "--seed", "21"]
    args += ["--save", str(tmp_path / "g.json"), "--bots", "heuristic"]
    sys.stdin = io.StringIO("history\nquit\n")
    try:
        assert main(args) == 0
    finally:
        sys.stdin = sys.__stdin__
    out = capsys.readouterr().out
    shown = out.split("> ")[1]  # what `history` printed
    assert "seat 0: play (face down)" in shown and "seat 1: play (face down)" in shown
    state = aerodeck.replay(aerodeck.load_record(tmp_path / "g.json"))
    hidden = [m for m in state.history() if m.startswith("play")]
    assert len(hidden) == 2
    assert not any(re.search(rf"\b{m}\b", shown) for m in hidden)
