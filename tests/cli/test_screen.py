"""What a person reads at the terminal: plain English for their seat, no Python reprs, a summary
at the end of every game, and move menus that fit an 80-column screen (issue 19)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

import aerodeck
from aerodeck.cli.screen import move_menu
from aerodeck.core.words import as_seen_by
from tests.cli.test_app import run_cli

GAMES = [
    ("aces-versus-aces", ["-p", "3", "--variant", "target=20"]),
    ("ace-race", ["-p", "3"]),
    ("race-to-ace", ["-p", "3"]),
    ("air-racing", ["-p", "3", "--variant", "quick_play=true"]),
    ("down-in-flames", []),
]
REPR = re.compile(r"\[-?\d+(\.\d+)?(, -?\d+(\.\d+)?)*\]|\{'|\[\]|\w\(s\)|\bNone\b|\bTrue\b")
SECOND_PERSON = re.compile(
    r"\byou (\w+ (?:(?!seat \d)[^;:.\n])*?and )?"  # a second verb of the same clause
    r"(attacks|plays|wins|passes|draws|discards|keeps|is|has|sets|flies|takes|chooses)\b"
)


@pytest.mark.parametrize(("game", "extra"), GAMES)
def test_a_whole_game_reads_as_english_and_ends_with_a_summary(
    game: str, extra: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "g.json"
    args = ["play", game, "--seed", "11", "--bots", "random", "--save", str(save), *extra]
    code, out, _ = run_cli(args, capsys, "1\n" * 4000)
    assert code == 0
    assert aerodeck.replay(aerodeck.load_record(save)).is_terminal
    assert not REPR.search(out), REPR.search(out)
    assert not SECOND_PERSON.search(out), SECOND_PERSON.search(out)
    assert "Game over" in out
    assert "Results" in out or "Final standings" in out
    assert "Record saved" in out


@pytest.mark.parametrize(
    ("line", "seen"),
    [
        ("seat 2 attacks seat 1", "you attack seat 1"),
        ("suppressed by seat 2's JAMMIT!", "suppressed by your JAMMIT!"),
        ("seat 2 keeps their hand", "you keep your hand"),
        ("seat 2 passes", "you pass"),
        ("seat 2 is shot down by seat 1", "you are shot down by seat 1"),
        ("seat 2 flies with speed 4", "you fly with speed 4"),
        (
            "seat 2 wins the bidding (highest bid) and takes 1 card (JK); 5 left",
            "you win the bidding (highest bid) and take 1 card (JK); 5 left",
        ),
        (
            "seat 2 has lost all command markers and is out",
            "you have lost all command markers and are out",
        ),
        ("seat 1 discards 7H and draws; seat 2 passes", "seat 1 discards 7H and draws; you pass"),
        (
            "seat 2 keeps their hand, seat 1 discards and draws",
            "you keep your hand, seat 1 discards and draws",
        ),
        ("Reveal: seat 0 5♥, seat 2 J♠", "Reveal: seat 0 5♥, you J♠"),
        ("seat 1 wins the hand", "seat 1 wins the hand"),
        ("seat 12 plays", "seat 12 plays"),
    ],
)
def test_the_persons_seat_is_you_in_plain_grammar(line: str, seen: str) -> None:
    assert as_seen_by(line, 2) == seen


def test_ace_race_bid_winner_reads_in_the_second_person() -> None:
    game = aerodeck.make("ace_race", players=3)
    view = {"seat": 1}
    text = game.render_view(
        {
            **game.new_game(seed=1).view(1),
            "bid": {"high": 2, "leader": 1, "passed": [True, False, True], "winner": 1},
            **view,
        }
    )
    assert "you won the bidding and set the first rule" in text


def test_a_long_move_menu_fits_an_80_column_screen() -> None:
    game = aerodeck.make("down_in_flames")
    state = game.new_game(seed=3)
    longest: list[aerodeck.Action] = []
    while not state.is_terminal and state.move_number < 300:
        legal = state.legal_actions()
        if len(legal) > len(longest):
            longest = legal
        state.apply(legal[-1] if len(legal) < 5 else legal[len(legal) // 2])
    assert len(longest) > 15
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(move_menu([str(action) for action in longest], 80))
    lines = console.export_text().splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert len(lines) <= 14
    # every move keeps its number and whole notation on one line
    text = "\n".join(lines)
    for number, action in enumerate(longest, 1):
        assert re.search(rf"(^|\s){number} {re.escape(str(action))}(\s|$)", text, re.M)


def test_rules_print_the_notation_table_as_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    from aerodeck.cli.app import main

    assert main(["rules", "down-in-flames"]) == 0
    out = capsys.readouterr().out
    assert "| skills" not in out and " | " not in out  # no paragraph of pipes
    assert "site=name (default none)" in out and "=number" not in out


def test_games_lists_every_option_within_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    from aerodeck.cli.app import main

    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert all(len(line.rstrip()) <= 80 for line in out.splitlines())
    assert "…" not in out
    flat = " ".join(out.split())
    for info in aerodeck.list_games():
        for option in info.options:
            assert f"{option.name}=" in flat


def test_version_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    from aerodeck.cli.app import main

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("aerodeck ")


def _first_view(game_id: str, players: int, wanted: str) -> str:
    game = aerodeck.make(game_id, players=players)
    state = game.new_game(seed=3)
    bots = [game.bots()["heuristic"](game, seat) for seat in range(players)]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == 0 and any(wanted in str(a) for a in state.legal_actions()):
            return game.render_view(state.view(0))
        state.apply(bots[seat].choose(state.observation(seat)))
    raise AssertionError(f"no {wanted} move came up")


def test_air_racing_shows_prices_groups_cards_and_explains_the_map() -> None:
    shop = _first_view("air_racing", 3, "buy")
    assert "Microknot $6" in shop and "Dollar $1" in shop
    assert "your hand:[/bold] Dollar x4" in shop
    race = _first_view("air_racing", 3, "fly")
    assert "= its tail" in race
    assert "left to fly this turn" in race and "(speed less penalties" in race


def test_aces_versus_aces_marks_the_hidden_part_of_the_discard_pile() -> None:
    game = aerodeck.make("aces_versus_aces", players=3)
    view = game.new_game(seed=1).view(0)
    view["discards"] = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    assert "(+2 below)" in game.render_view(view)


def test_down_in_flames_shows_ratings_before_the_choice_and_a_card_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["play", "down-in-flames", "--seed", "3", "--save", str(tmp_path / "g.json")]
    code, out, _ = run_cli(args, capsys, "cards\nhelp\nquit\n")
    assert code == 0
    table = out[: out.index("> ")]  # the table before the first prompt: the aircraft choice
    assert "F-8E Crusader 30 1962 4 6 2(3)/1(2)" in table
    reference = out[out.index("> ") :]
    assert "Action cards" in reference
    assert "Scissors 5 1 1 Disadv. to Adv." in reference
    assert "cards the card reference" in out  # help lists the command


def test_a_games_reference_data_is_its_card_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Aces versus Aces' ``cards`` lays out the table of its ``reference()``: what a won card
    scores, by rank, and each Ace coin (not the 52 per-card lines the page hovers)."""
    args = ["play", "aces-versus-aces", "--seed", "3", "--save", str(tmp_path / "g.json")]
    code, out, _ = run_cli(args, capsys, "cards\nhelp\nquit\n")
    assert code == 0 and "cards the card reference" in out
    assert "What a won card scores" in out
    assert "2, 3, 4, 5, 6, 7, 8, 9, 10 1 point each" in out and "J, Q, K 2 points each" in out
    assert "Ace coin quarter 8 points" in out and "(s)" not in out and "2S:" not in out


def test_games_without_a_card_reference_say_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["play", "ace-race", "--seed", "3", "--save", str(tmp_path / "g.json")]
    code, out, _ = run_cli(args, capsys, "cards\nhelp\nquit\n")
    assert code == 0 and "no card reference" in out and "cards the card" not in out
    assert "history every move so far, in words" in out
