"""The terminal's `history`: every move in words, as the person's seat may know it (issues 19,
30): the log's sentences numbered by move, never a card another seat played face down, and no
notation (that is only what a player types)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

import aerodeck
from aerodeck.cli.app import main
from aerodeck.cli.history import MoveInWords, attach_events, move_sentences, moves_in_words

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _play(args: list[str], typed: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The terminal's output, lines as printed, after ``typed`` at its prompts."""
    sys.stdin = io.StringIO(typed)
    try:
        assert main(args) == 0
    finally:
        sys.stdin = sys.__stdin__
    return capsys.readouterr().out


def test_history_never_prints_face_down_plays_of_other_seats(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # seats 0 and 1 are bots and play face down before seat 2 chooses
    args = ["play", "aces-versus-aces", "-p", "3", "--seat", "2", "--seed", "21"]
    args += ["--save", str(tmp_path / "g.json"), "--bots", "heuristic"]
    shown = _play(args, "history\nquit\n", capsys).split("> ")[1]  # what `history` printed
    assert shown.splitlines() == [
        "   1 seat 0 plays a card face down",
        "   2 seat 1 plays a card face down",
    ]
    state = aerodeck.replay(aerodeck.load_record(tmp_path / "g.json"))
    played = [move.split()[1] for move in state.history()]  # e.g. 5H, shown as 5♥
    assert len(played) == 2
    for card in played:
        assert card not in shown and card[:-1] + SUITS[card[-1]] not in shown


def test_history_tells_the_persons_own_moves_in_words_without_notation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["play", "aces-versus-aces", "-p", "3", "--seed", "5", "--bots", "random"]
    args += ["--save", str(tmp_path / "g.json")]
    out = _play(args, "1\n1\n1\nhistory\nquit\n", capsys)
    listed = out.split("> ")[-2]  # what `history` printed
    state = aerodeck.replay(aerodeck.load_record(tmp_path / "g.json"))
    numbers = [int(line.split()[0]) for line in listed.splitlines() if line[:4].strip()]
    assert numbers == list(range(1, state.move_number + 1))
    assert listed.startswith("   1 you play a card face down (")
    notation = [move for move in state.history() if " " in move]  # play 4C, discard JS
    assert notation and not any(move in listed for move in notation), listed


def test_a_move_nobody_can_read_still_says_who_moved() -> None:
    move = MoveInWords(number=4, seat=1, events=[])
    assert move_sentences(move, lambda event: "") == ["seat 1 makes a move"]


def test_remote_events_go_to_the_move_that_caused_them() -> None:
    moves = attach_events([(1, 0), (2, 1)], [(0, {"deal": 1}), (2, {"a": 1}), (2, {"b": 2})])
    assert moves == [MoveInWords(1, 0, []), MoveInWords(2, 1, [{"a": 1}, {"b": 2}])]


def test_each_move_gets_exactly_the_events_it_caused() -> None:
    state = aerodeck.make("ace_race", players=3).new_game(seed=4)
    counts = []
    for _ in range(12):
        before = state.event_count
        state.apply(state.legal_actions()[0])
        counts.append(state.event_count - before)
    moves = moves_in_words(state, 1)
    assert [len(move.events) for move in moves] == counts
    assert [move.seat for move in moves] == state.actors()
