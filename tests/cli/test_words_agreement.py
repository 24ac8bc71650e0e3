"""The terminal's words agree (the reviewer's game transcripts): a verb agrees with its subject,
not with a "you" that is its object; a count agrees with its noun; a card drawn is said once, and
only to the seat that drew it; suits are symbols. Each bad line is quoted (a comment ``was``) from
a fixed-seed game (seat 0 typing ``1`` at every prompt against random bots, as the reviewer
played) or from the event's line, read through ``as_seen_by`` as the terminal reads it."""

from __future__ import annotations

from pathlib import Path

import pytest

import aerodeck
from aerodeck.agents.registry import make_agent
from aerodeck.core.cards import markup, suit_markup
from aerodeck.core.words import as_seen_by
from aerodeck.games.ace_race.legal import RuleState
from tests.cli.test_app import run_cli


def _transcript(
    game: str, players: int, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> str:
    args = ["play", game, "-p", str(players), "--seed", str(seed), "--bots", "random"]
    code, out, _ = run_cli([*args, "--save", str(tmp_path / "g.json")], capsys, "1\n" * 3000)
    assert code == 0
    return out


# --- a seat after a preposition is an object: its verb keeps the subject's person -------------


@pytest.mark.parametrize(
    ("line", "seen"),
    [
        (
            "seat 2's RADAR on seat 0 stands: a successful acquisition",
            "seat 2's RADAR on you stands: a successful acquisition",
        ),
        (
            "seat 0 plays MANEUVER: seat 1's VISUAL on seat 0 slides back",
            "you play MANEUVER: seat 1's VISUAL on you slides back",
        ),
        ("a card from seat 0 goes to seat 1", "a card from you goes to seat 1"),
        ("suppressed by seat 0's JAMMIT!", "suppressed by your JAMMIT!"),
        ("seat 0 is shot down by seat 1", "you are shot down by seat 1"),
    ],
)
def test_a_seat_after_a_preposition_is_no_subject(line: str, seen: str) -> None:
    assert as_seen_by(line, 0) == seen


@pytest.mark.parametrize(
    ("players", "seed", "acquisition"), [(3, 8, "seat 2's RADAR"), (4, 25, "seat 1's VISUAL")]
)
def test_race_to_ace_an_acquisition_on_you_stands(
    players: int, seed: int, acquisition: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _transcript("race-to-ace", players, seed, tmp_path, capsys)
    assert "on you stand:" not in out  # was "seat 2's RADAR on you stand: a successful ..."
    assert f"{acquisition} on you stands: a successful acquisition" in out


# --- Air Racing: a Boost and a pylon read in both persons -------------------------------------


def _air_racing_line(event: dict[str, object], seat: int | None) -> str:
    game = aerodeck.make("air_racing", players=3)
    return as_seen_by(game.describe_event(event), seat)


BOOST = {"type": "boost", "seat": 0, "roll": 4, "fast": 2, "modifier": 0, "passed": True}
PYLON = {"type": "pylon_check", "seat": 0, "pylon": "Pylon 1", "roll": 2, "fast": 2}


def test_air_racing_a_boost_reads_in_both_persons() -> None:
    # was "you Boosts: rolls 4 + FAST 2: +3 speed"
    assert _air_racing_line(BOOST, 0) == "you play a Boost and roll 4 + FAST 2: +3 speed"
    assert _air_racing_line(BOOST, 1) == "seat 0 plays a Boost and rolls 4 + FAST 2: +3 speed"
    backfire = {**BOOST, "modifier": -1, "passed": False}
    assert _air_racing_line(backfire, 0) == "you play a Boost and roll 4 + FAST 2 -1: BACKFIRE"


def test_air_racing_a_pylon_reads_in_both_persons() -> None:
    # was "you round Pylon 1 tight: rolls 2 + FAST 2: CUT! -2 next turn"
    cut = {**PYLON, "passed": False}
    assert (
        _air_racing_line(cut, 0) == "you round Pylon 1 tight and roll 2 + FAST 2: CUT! -2 next turn"
    )
    clean = {**PYLON, "passed": True}
    assert _air_racing_line(clean, 2) == "seat 0 rounds Pylon 1 tight and rolls 2 + FAST 2: clean"


def test_air_racing_a_whole_game_has_no_third_person_roll_after_you(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _transcript("air-racing", 3, 5, tmp_path, capsys)
    assert "you round Pylon 1 tight and roll " in out
    assert ": rolls" not in out and "you Boosts" not in out and " Boosts: " not in out


# --- counts agree with their nouns ------------------------------------------------------------


def test_ace_race_a_reshuffle_of_one_card_and_your_emptied_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _transcript("ace-race", 6, 31, tmp_path, capsys)
    assert "(1 cards)" not in out
    assert "The discard pile is shuffled into the draw pile (1 card)" in out
    # was "Game 1: you (emptied their hand)" and "Game 1 over (emptied their hand): you win"
    assert "emptied their hand" not in out
    assert "Game 1: you (emptied your hand); left holding:" in out
    assert "Game 1 over: you empty your hand and win" in out


def test_ace_race_another_seats_emptied_hand_stays_theirs() -> None:
    game = aerodeck.make("ace_race", players=3)
    event = {"type": "game_end", "game": 2, "why": "emptied their hand", "winners": [1]}
    line = game.describe_event(event)
    assert line == "Game 2 over: seat 1 empties their hand and wins"
    assert as_seen_by(line, 0) == line
    view = game.new_game(seed=1).view(0)
    ended = {**event, "hands": [["2H"], [], ["3C", "4C"]]}
    result = game.render_result({**view, "games": 1}, [ended])
    assert "Game 2: seat 1 (emptied their hand); left holding: you 1 card, seat 2 2 cards" in result


def test_air_racing_one_tile_is_a_tile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _transcript("air-racing", 4, 23, tmp_path, capsys)
    assert " 1 tiles" not in out  # was "seat 2 flies 1 tiles in lane 2"
    assert "seat 2 flies 1 tile in lane 2" in out
    game = aerodeck.make("air_racing", players=3)
    fly = {"type": "fly", "seat": 1, "from": 10, "lane": 0, "unused": 0}
    assert game.describe_event({**fly, "to": 11}) == "seat 1 flies ½ tile in lane 0"
    assert game.describe_event({**fly, "to": 13}) == "seat 1 flies 1½ tiles in lane 0"


def test_air_racing_counts_of_speed_mods_agree() -> None:
    game = aerodeck.make("air_racing", players=3)
    pick = {"type": "pick", "seat": 1, "boost": 3, "fast": 0}
    # was "seat 1 starts with 7 Dollars, 3 Boost and 0 FAST"
    assert (
        game.describe_event(pick) == "seat 1 starts with 7 Dollars, 3 Boost cards and 0 FAST cards"
    )
    one = game.describe_event({**pick, "boost": 1, "fast": 2})
    assert one == "seat 1 starts with 7 Dollars, 1 Boost card and 2 FAST cards"
    mods = [
        {"microknot": 0, "fast": 2, "boost": 1},
        {"microknot": 3, "fast": 1, "boost": 0},
    ]
    line = as_seen_by(game.describe_event({"type": "season_end", "mods": mods}), 0)
    # was "you: 0 Microknot, 2 FAST, 1 Boost; seat 1: 3 Microknot, ..."
    assert line == (
        "Race Week! Speed mods: you: 0 Microknot cards, 2 FAST cards, 1 Boost card; "
        "seat 1: 3 Microknot cards, 1 FAST card, 0 Boost cards"
    )


# --- Aces versus Aces: a replacement is drawn once, and seen only by its drawer ---------------


def test_aces_versus_aces_a_replacement_is_drawn_once_and_stays_hidden() -> None:
    game = aerodeck.make("aces_versus_aces", players=3)
    state = game.new_game(seed=3)
    bots = [make_agent("random", game, seat) for seat in range(3)]
    while not state.is_terminal:
        seen = state.event_count
        actor = state.current_player
        assert actor is not None
        state.apply(bots[actor].choose(state.observation(actor)))
        kinds = [event["type"] for event in state.events_since(seen, None)]
        if "discard" in kinds:
            break
    else:
        raise AssertionError("nobody discarded")
    start = seen + kinds.index("discard")
    drawn = state.events_since(start, actor)[1]["card"]
    for reader in [*range(3), None]:
        lines = [
            as_seen_by(game.describe_event(e), reader) for e in state.events_since(start, reader)
        ]
        discard, draw = lines[0], lines[1]
        assert "replacement" not in discard and "draw" not in discard
        if reader == actor:
            assert discard.startswith("you discard ") and draw.startswith("you draw ")
            assert draw == f"you draw {markup(drawn)}"
        else:
            assert draw == f"seat {actor} draws a card"  # no card: it is the drawer's secret


# --- Ace Race: suits as symbols ---------------------------------------------------------------


def test_ace_race_the_suits_rule_names_its_suit_by_symbol(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from aerodeck.games.ace_race.words import need  # what the screen's "next play:" says

    assert need(RuleState("suits", "D")) == f"one {suit_markup('D')} card"
    out = _transcript("ace-race", 3, 3, tmp_path, capsys)
    assert "of suit " not in out  # was "next play: one card of suit D; or an Ace, ..."
    assert "next play: one ♦ card; or an Ace" in out


def test_seat_columns_line_up_in_japanese_where_a_character_takes_two_columns() -> None:
    from aerodeck.core.i18n import using
    from aerodeck.core.text import padded

    assert padded("あなた", 8) == "あなた  " and padded("seat 1", 8) == "seat 1  "
    assert padded("[bold]you[/bold]", 8) == "[bold]you[/bold]     "  # a style tag takes no room
    game = aerodeck.make("aces_versus_aces", players=3)
    view = game.new_game(seed=41).view(0)
    with using("ja"):
        rows = [line for line in game.render_view(view).splitlines() if "得点" in line]
    columns = {_width(row.split("得点")[0]) for row in rows}
    assert len(rows) == 3 and len(columns) == 1, rows


def _width(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def test_a_move_s_events_read_as_sentences_in_analysis_and_hints() -> None:
    from aerodeck.core.i18n import using
    from aerodeck.core.words import in_sentences

    lines = ["seat 0 plays 9♣", "the rule is now Medium", "", "The discard pile is shuffled"]
    assert in_sentences(lines, 0) == (
        "You play 9♣. The rule is now Medium. The discard pile is shuffled"
    )
    assert in_sentences(lines[:2], None) == "Seat 0 plays 9♣. The rule is now Medium"
    with using("ja"):
        assert (
            in_sentences(["席0が9♣を出す", "ルールはMedium"], 1) == "席0が9♣を出す。ルールはMedium"
        )
