"""`aerodeck replay FILE --analyse`: every decision judged, marked, the better move, accuracies."""

from __future__ import annotations

from pathlib import Path

import pytest

import aerodeck
from aerodeck.agents.registry import make_agent
from aerodeck.cli.app import main
from aerodeck.sim.match import play_game
from tests.cli.test_app import run_cli


def _finished(tmp_path: Path) -> Path:
    game = aerodeck.make("ace_race", players=2)
    agents = [make_agent("easy", game, 1), make_agent("medium", game, 2)]  # 19 moves
    record = play_game(game, agents, seed=7).record
    return aerodeck.save_record(record, tmp_path / "r.json")


def test_replay_analyse_marks_moves_and_gives_each_players_accuracy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _finished(tmp_path)
    code, out, _ = run_cli(["replay", str(path), "--analyse", "--worlds", "8"], capsys)
    assert code == 0
    moves = len(aerodeck.load_record(path)["actions"])
    assert f" {moves} seat " in out  # every move listed
    assert "evaluation " in out and "better: " in out
    assert any(mark in out for mark in ("?! (inaccuracy)", "? (mistake)", "?? (blunder)"))
    assert "seat 0: accuracy " in out and "seat 1: accuracy " in out
    again = run_cli(["replay", str(path), "--analyse", "--worlds", "8"], capsys)[1]
    assert again == out  # deterministic


def test_replay_analyse_with_a_seat_judges_that_seats_decisions_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _finished(tmp_path)
    assert main(["replay", str(path), "--analyse", "--seat", "1", "--worlds", "8"]) == 0
    out = capsys.readouterr().out
    assert "you: accuracy " in out and "seat 0: accuracy" not in out
    lines = [line for line in out.splitlines() if " seat 0: " in line]
    assert lines and not any("evaluation" in line for line in lines)


def test_replay_analyse_refuses_an_unfinished_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = aerodeck.make("ace_race", players=2).new_game(seed=5)
    state.apply(state.legal_actions()[0])
    path = aerodeck.save_record(state.record(), tmp_path / "r.json")
    code, _, err = run_cli(["replay", str(path), "--analyse"], capsys)
    assert code == 2 and err.strip().endswith("--analyse needs a finished game")


def test_replay_analyse_refuses_a_seats_record_of_a_game_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``record_for(seat)`` before the end hides the seed and the others' moves: it cannot be
    replayed, so nobody's decisions are judged from it."""
    state = aerodeck.make("ace_race", players=2).new_game(seed=5)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    path = aerodeck.save_record(state.record_for(0), tmp_path / "r.json")
    code, out, err = run_cli(["replay", str(path), "--analyse", "--seat", "0"], capsys)
    assert code == 2 and not out and len(err.strip().splitlines()) == 1
