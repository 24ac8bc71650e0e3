"""`--resume` keeps the seating: the person's seat and each bot come back from the record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import aerodeck
from aerodeck.core.errors import RecordError
from aerodeck.core.records import Seating, validate_seating
from tests.cli.test_app import run_cli

README_GAME = ["play", "aces-versus-aces", "-p", "4", "--seat", "1"]
README_GAME += ["--bots", "heuristic,random", "--seed", "7"]


def _quit_after_one_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    save = tmp_path / "g.json"
    code, out, _ = run_cli([*README_GAME, "--save", str(save)], capsys, "1\nquit\n")
    assert code == 0
    command = f"aerodeck play aces-versus-aces --resume {save} --seat 1"
    assert f"{command} --bots heuristic,random,random" in out
    return save


def test_the_record_keeps_who_sits_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = _quit_after_one_move(tmp_path, capsys)
    record = json.loads(save.read_text())
    assert record["seating"] == {
        "human": 1,
        "bots": {"0": "heuristic", "2": "random", "3": "random"},
    }
    assert aerodeck.replay(record).game.players == 4


def test_resume_puts_the_person_back_in_their_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = _quit_after_one_move(tmp_path, capsys)
    before = aerodeck.replay(json.loads(save.read_text()))
    assert before.current_player == 1  # the person decides: keep or discard
    code, out, _ = run_cli(["play", "aces-versus-aces", "--resume", str(save)], capsys, "quit\n")
    assert code == 0
    assert "you are seat 1" in out
    # the menu offers seat 1's own cards, not seat 0's
    assert all(f"discard {card}" in out for card in before.view(1)["hand"])
    assert not all(f"discard {card}" in out for card in before.view(0)["hand"])
    after = aerodeck.replay(json.loads(save.read_text()))
    # no bot played the person's move
    assert after.history() == before.history()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--seat", "0"], "the seating comes from the record: you sit in seat 1, not seat 0"),
        (["--bots", "random"], "its bots are heuristic,random,random; drop --bots"),
        (["-p", "3"], "is a 4-player game"),
    ],
)
def test_resume_refuses_a_flag_that_contradicts_the_record(
    extra: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = _quit_after_one_move(tmp_path, capsys)
    code, _, err = run_cli(["play", "aces-versus-aces", "--resume", str(save), *extra], capsys)
    assert code == 2 and message in err and err.strip().count("\n") == 0


def test_resume_accepts_the_printed_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = _quit_after_one_move(tmp_path, capsys)
    args = ["play", "aces-versus-aces", "--resume", str(save), "--seat", "1"]
    args += ["--bots", "heuristic,random,random"]
    code, out, _ = run_cli(args, capsys, "quit\n")
    assert code == 0 and "you are seat 1" in out


def test_resume_refuses_a_record_of_another_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = _quit_after_one_move(tmp_path, capsys)
    code, _, err = run_cli(["play", "race-to-ace", "--resume", str(save)], capsys)
    assert code == 2
    assert "is a game of Aces versus Aces, not Race to Ace" in err
    assert err.strip().count("\n") == 0


@pytest.mark.parametrize(
    ("seating", "message"),
    [
        ([1], "must be an object"),
        ({"human": 4, "bots": {}}, "seat 0 to 3 or null"),
        ({"human": 1, "bots": {"0": "random"}}, "every seat but the person's"),
        ({"human": 1, "bots": {"0": "", "2": "a", "3": "b"}}, "seat 0 must name a bot"),
        ({"human": 1, "bots": {"x": "a"}}, "has no seat 'x'"),
        ({"human": 1, "bots": {"0": "a", "2": "a", "3": "a"}, "who": 1}, "unknown field"),
    ],
)
def test_a_bad_seating_is_refused_by_replay(seating: object, message: str) -> None:
    record = aerodeck.make("aces_versus_aces", players=4).new_game(seed=1).record()
    record["seating"] = seating
    with pytest.raises(RecordError, match=message):
        aerodeck.replay(record)


def test_seating_round_trips_through_json() -> None:
    seating = Seating(2, {0: "heuristic", 1: "ismcts-easy"})
    assert validate_seating(json.loads(json.dumps(seating.to_json())), 3) == seating


def test_a_new_game_never_overwrites_a_saved_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The default name of a seed already saved goes to the next free name, said in one line;
    a --save file that holds a record is refused, so an unfinished game is never lost."""
    monkeypatch.chdir(tmp_path)
    code, _, _ = run_cli(["play", "ace-race", "--seed", "77"], capsys, "1\nquit\n")
    assert code == 0
    saved = tmp_path / "aerodeck-records" / "ace_race-77.json"
    before = saved.read_text()
    code, out, _ = run_cli(["play", "ace-race", "--seed", "77"], capsys, "quit\n")
    assert code == 0 and saved.read_text() == before  # the first game, untouched
    assert "this one is saved to aerodeck-records/ace_race-77-2.json" in out
    assert (tmp_path / "aerodeck-records" / "ace_race-77-2.json").is_file()
    code, _, err = run_cli(["play", "ace-race", "--save", str(saved)], capsys, "quit\n")
    assert code == 2 and "already holds a saved record" in err
    assert saved.read_text() == before


def test_more_bots_than_seats_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["play", "aces-versus-aces", "--bots", "random,random,random"], capsys)
    assert code == 2 and "--bots names 3 bots for 2 other seats" in err
