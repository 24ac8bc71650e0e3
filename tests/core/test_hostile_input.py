"""The engine holds against anything a stranger sends (issue 13): move text, actions of other games,
seats, records, options and setups, through the library and the command line.

The seeded generators of ``aerodeck.testing.hostile`` run for every game and player count (a few
thousand inputs each; ``benchmarks/fuzz.py`` runs the same ones for millions); the named tests
below pin down each defect the issue reported.
"""

from __future__ import annotations

import io
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aerodeck
from aerodeck.cli.app import main
from aerodeck.core.api import Game, State
from aerodeck.core.errors import (
    ConfigError,
    IllegalActionError,
    NotationError,
    RecordError,
    SeatError,
)
from aerodeck.core.notation import MOVE_TEXT_LIMIT
from aerodeck.core.records import RECORD_BYTES, load_record, parse_record
from aerodeck.testing.hostile import DOCUMENTED, Fuzzer
from tests.conftest import GAME_COUNTS, GAME_IDS

INPUTS_PER_CONFIGURATION = 1_000  # benchmarks/fuzz.py sends many more


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_seeded_hostile_input_finds_no_breach(game_id: str, players: int) -> None:
    """Only documented errors escape, no illegal move is accepted, a refused move changes nothing
    (slots every time, views, events, legal list and history every fourth time)."""
    fuzzer = Fuzzer(game_id, players, seed=13, view_every=4)
    tally = fuzzer.run(INPUTS_PER_CONFIGURATION)
    assert tally.breaches == 0, tally.examples
    assert tally.total == INPUTS_PER_CONFIGURATION
    for kind in ("move_text", "foreign_action", "junk_object", "bad_seat", "record", "setup"):
        assert tally.inputs[kind] > 0, kind
    for error in ("NotationError", "SeatError", "RecordError", "ConfigError"):
        assert tally.refused[error] > 0, error
    assert tally.accepted["move_text"] > 0  # near misses such as a change of case still play


def _state(game_id: str, players: int | None = None, seed: int = 5) -> State:
    return aerodeck.make(game_id, players=players).new_game(seed=seed)


def _seen(state: State) -> Any:
    seats = (None, *range(state.game.players))
    return (
        [state.view(s) for s in seats],
        [state.events_since(0, s) for s in seats],
        state.legal_actions(),
        state.history(),
    )


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=60)
@given(text=st.text(max_size=60) | st.binary(max_size=30).map(lambda b: b.decode("latin-1")))
def test_any_text_is_a_move_or_a_notation_error(game_id: str, text: str) -> None:
    state = _state(game_id)
    before = _seen(state)
    try:
        state.apply(text)
    except NotationError:
        assert _seen(state) == before
    except IllegalActionError as error:
        assert _seen(state) == before
        assert "\n" not in str(error)
    else:
        assert state.history()[-1] in {str(a) for a in before[2]}


@pytest.mark.parametrize(
    ("game_id", "text"),
    [
        ("race_to_ace", "guns \u00b2"),
        ("race_to_ace", "visual \u0663"),
        ("ace_race", "bid \u00b2"),
        ("ace_race", "give 7H to \uff13"),
        ("air_racing", "fly \u0663"),
        ("ace_race", "bid " + "9" * 5000),
        ("race_to_ace", "guns " + "9" * 4301),
        ("air_racing", "fly " + "9" * 5000),
        ("aces_versus_aces", "play\x00 AS"),
        ("down_in_flames", "pass\ud800"),
    ],
)
def test_odd_digits_nul_and_surrogates_are_notation_errors(game_id: str, text: str) -> None:
    state = _state(game_id)
    before = _seen(state)
    with pytest.raises(NotationError) as caught:
        state.apply(text)
    assert _seen(state) == before
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_megabyte_move_gets_a_short_message(game_id: str) -> None:
    with pytest.raises(NotationError) as caught:
        _state(game_id).apply("x" * 1_000_000)
    assert len(str(caught.value)) < 160 and "..." in str(caught.value)


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_every_notation_fits_the_core_move_text_check(game_id: str, players: int) -> None:
    """Core refuses non-ASCII and over-long move text, which no game's notation may need."""
    game = aerodeck.make(game_id, players=players)
    for action in game.action_table.actions:
        text = str(action)
        assert text.isascii() and text.isprintable() and len(text) <= MOVE_TEXT_LIMIT, text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_objects_that_are_no_action_are_notation_errors(game_id: str) -> None:
    state = _state(game_id)
    before = _seen(state)
    for junk in (None, 5, 1.5, b"pass", ["pass"], {"a": 1}, object(), aerodeck.Action()):
        with pytest.raises(NotationError):
            state.apply(junk)  # type: ignore[arg-type]
    assert _seen(state) == before


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_actions_of_other_games_are_refused_and_change_nothing(game_id: str, players: int) -> None:
    state = _state(game_id, players)
    legal = state.legal_actions()
    before = _seen(state)
    for other, count in GAME_COUNTS:
        if (other, count) == (game_id, players):
            continue
        for action in aerodeck.make(other, players=count).action_table.actions[::25]:
            if action in legal:  # the same move by value (Down In Flames configurations)
                continue
            with pytest.raises(IllegalActionError):
                state.apply(action)
    assert _seen(state) == before


def test_parse_action_refuses_a_state_of_another_game() -> None:
    game = aerodeck.make("aces_versus_aces")
    with pytest.raises(ConfigError, match="Aces versus Aces state"):
        game.parse_action(_state("race_to_ace"), "keep")


# --- the terminal ----------------------------------------------------------------------------


def _run_cli(args: list[str], stdin: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(args)
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return code, out + err


@pytest.mark.parametrize("line", ["\u00b2", "\u0663", "9" * 5000, "\x00", "x" * 100_000])
def test_the_terminal_prompt_reads_odd_digits_as_notation(
    line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`printf '²\\n' | aerodeck play aces-versus-aces` ended in a traceback."""
    args = ["play", "aces-versus-aces", "--seed", "1", "--save", str(tmp_path / "g.json")]
    code, out = _run_cli(args, line + "\nquit\n", capsys)
    assert code == 0 and "Traceback" not in out
    assert "Not allowed" in out or "There is no move" in out
    assert max(len(row) for row in out.splitlines()) < 400


# --- records -----------------------------------------------------------------------------------


def _finished_record(game_id: str = "aces_versus_aces") -> dict[str, Any]:

    state = _state(game_id, seed=8)
    rng = random.Random(8)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    record: dict[str, Any] = json.loads(json.dumps(state.record()))
    return record


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        ({"players": None}, "players"),
        ({"players": "3"}, "players"),
        ({"version": 999}, "version"),
        ({"version": "x"}, "version"),
        ({"version": None}, "version"),
        ({"version": True}, "version"),
        ({"game_version": 999}, "game_version"),
        ({"game_version": None}, "game_version"),
        ({"game_version": True}, "game_version"),
        ({"seed": -5}, "seed"),
        ({"seed": 2**63}, "seed"),
        ({"seed": "5"}, "seed"),
        ({"setup": "x"}, "setup"),
        ({"setup": {"hands": 5}}, "setup"),
        ({"result": "x"}, "result"),
        ({"result": []}, "result"),
        ({"result": {"returns": None}}, "result"),
        ({"result": {"returns": None, "winners": None}}, "result"),
        ({"options": {"players": 3}}, "unknown option"),
        ({"options": {"target": 1.5}}, "whole number"),
        ({"actions": ["keep", 5]}, "actions"),
        ({"format": "other"}, "format"),
    ],
)
def test_a_tampered_record_field_is_one_record_error(edit: dict[str, Any], message: str) -> None:
    record = {**_finished_record(), **edit}
    with pytest.raises(RecordError, match=message) as caught:
        aerodeck.replay(record)
    assert "\n" not in str(caught.value)


def test_seed_minus_five_does_not_play_seed_fives_game() -> None:
    with pytest.raises(ConfigError, match="seed"):
        aerodeck.make("race_to_ace").new_game(seed=-5)


def test_edited_winners_and_returns_are_refused() -> None:
    record = _finished_record()
    winners = record["result"]["winners"]
    record["result"]["winners"] = [s for s in range(3) if s not in winners][:1]
    with pytest.raises(RecordError, match="result winners"):
        aerodeck.replay(record)
    record = _finished_record()
    record["result"]["returns"] = [*reversed(record["result"]["returns"]), 0.0]
    with pytest.raises(RecordError, match="result returns"):
        aerodeck.replay(record)
    record = _finished_record()
    record["result"]["note"] = "mine"
    with pytest.raises(RecordError, match="exactly"):
        aerodeck.replay(record)


def test_a_result_on_an_unfinished_game_is_refused() -> None:
    record = _finished_record()
    record["actions"] = record["actions"][:5]
    with pytest.raises(RecordError, match="not over"):
        aerodeck.replay(record)


def test_an_untampered_record_still_replays() -> None:
    record = _finished_record()
    assert aerodeck.replay(record).winners == record["result"]["winners"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 5000 + "]" * 5000, "nests"),
        ('{"a": ' * 5000 + "1" + "}" * 5000, "nests"),
        ('{"seed": ' + "7" * 5000 + "}", "digits"),
        ('{"seed": 1, "seed": 2}', "twice"),
        ('{"seed": NaN}', "NaN"),
        ('{"seed": 1e999}', "too large"),
        ('{"game": "x"', "not valid JSON"),
        ('"a record"', "record object"),
    ],
)
def test_hostile_record_text_is_one_record_error(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as caught:
        parse_record(text)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


def test_record_files_that_are_not_utf8_too_big_or_not_regular(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(b'{"game": "\xff\xfe"}')
    with pytest.raises(RecordError, match="not UTF-8"):
        load_record(path)
    path.write_bytes(b" " * (RECORD_BYTES + 1))
    with pytest.raises(RecordError, match="larger than"):
        load_record(path)
    with pytest.raises(RecordError, match="not a regular file"):
        load_record(Path("/dev/zero"))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="not a regular file"):  # and no hang
        load_record(fifo)


def test_a_record_with_too_many_actions_is_refused() -> None:
    record = {**_finished_record(), "actions": ["keep"] * 200_001}
    with pytest.raises(RecordError, match="200001 actions"):
        aerodeck.replay(record)


# --- options and setups --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value", ["1.5", 1.5, "1_0", "\uff11\uff10", "\u0663", "0x10", "1e3", 10.0, None, [], True]
)
def test_integer_options_take_ints_or_ascii_digits_only(value: object) -> None:
    with pytest.raises(ConfigError, match="whole number"):
        aerodeck.make("aces_versus_aces", target=value)


def test_integer_options_still_take_ints_and_signed_ascii_text() -> None:
    assert aerodeck.make("aces_versus_aces", target=" +40 ").options["target"] == 40
    assert aerodeck.make("aces_versus_aces", target=40).options["target"] == 40


@pytest.mark.parametrize("value", [1, 0, None, "maybe", "\uff54rue", 1.0])
def test_yes_no_options_take_bools_or_the_listed_words(value: object) -> None:
    with pytest.raises(ConfigError, match="true or false"):
        aerodeck.make("aces_versus_aces", discard_replace=value)
    assert (
        aerodeck.make("aces_versus_aces", discard_replace=" Off ").options["discard_replace"]
        is False
    )


@pytest.mark.parametrize("value", [5, None, "x" * 257, "a\x00b", "\u202e"])
def test_text_options_are_bounded_printable_text(value: object) -> None:
    with pytest.raises(ConfigError):
        aerodeck.make("aces_versus_aces", winner_keeps=value)


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_malformed_setups_are_config_errors(game_id: str, players: int) -> None:
    """Core refuses what is no plain JSON object for every game; a game that shows setup
    examples accepts them, and refuses each with a field given a wrong shape or a field added."""
    game: Game = aerodeck.make(game_id, players=players)
    nested: list[Any] = []
    for _ in range(40):
        nested = [nested]
    for setup in ("x", 5, [], {1: 2}, {"hands": nested}, {"x": float("nan")}):
        with pytest.raises(ConfigError):
            game.new_game(seed=1, setup=setup)  # type: ignore[arg-type]
    for example in game.setup_examples():
        game.new_game(seed=1, setup=example).check_invariants()
        with pytest.raises(ConfigError):
            game.new_game(seed=1, setup={**example, "no such field": 1})
        for key in example:
            for wrong in ("x", -1, [["x"]], {"a": 1}):
                if wrong != example[key]:
                    with pytest.raises(ConfigError):
                        game.new_game(seed=1, setup={**example, key: wrong})


def test_a_bad_seat_is_a_seat_error_documented_as_a_config_error() -> None:
    state = _state("race_to_ace", 4)
    with pytest.raises(SeatError):
        state.view(-1)
    assert issubclass(SeatError, ConfigError)
    assert all(issubclass(e, (ConfigError, IllegalActionError, RecordError)) for e in DOCUMENTED)


@pytest.mark.parametrize("setup", [{"pile": []}, {"pile": ["JK"], "rule": "high"}])
def test_ace_race_cards_stacked_in_the_setup_pile_are_never_lost(setup: dict[str, Any]) -> None:
    """Found by the long fuzz run: the first rule emptied a pile a setup had filled."""
    for seed in range(20):
        state = aerodeck.make("ace_race", players=3).new_game(seed=seed, setup=setup)
        rng = random.Random(seed)
        for _ in range(60):
            state.check_invariants()
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))


def test_a_refused_move_that_edits_a_list_in_place_is_a_breach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Race to Ace keeps its hands and discard pile as lists edited in place, so the fuzzer's
    before/after comparison must copy them: a refusal that leaves a card in the discard pile is
    caught by the slots alone (a planted defect; without it no breach is found, test above)."""
    from aerodeck.games.race_to_ace.state import Table

    original = Table.apply

    def leaky_apply(self: Table, action: Any) -> None:
        try:
            original(self, action)
        except DOCUMENTED:
            self.discard_pile.append(self.discard_pile[-1] if self.discard_pile else 0)
            raise

    monkeypatch.setattr(Table, "apply", leaky_apply)
    # views never compared: the slots alone must show the change
    tally = Fuzzer("race_to_ace", 3, seed=13, view_every=10**9).run(200)
    refused_moves = tally.refused["IllegalActionError"] + tally.refused["NotationError"]
    assert refused_moves > 100
    assert tally.breaches == refused_moves  # every one, not only those whose views were compared
    assert all("the state changed" in example for example in tally.examples)
