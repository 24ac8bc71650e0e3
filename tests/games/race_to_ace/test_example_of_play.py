"""The rulebook's example of play (Abbie, Benjamin, Carla, Derek), move by move, and as the
shipped record ``data/example_of_play.json`` that ``aerodeck replay`` accepts."""

from __future__ import annotations

import json
from importlib import resources

import aerodeck
from aerodeck.games.race_to_ace import cards as c
from tests.games.race_to_ace.helpers import (
    ABBIE,
    BENJAMIN,
    CARLA,
    DEREK,
    EXAMPLE_MOVES,
    EXAMPLE_SEED,
    EXAMPLE_SETUP,
    legal,
    play,
    stacked,
)


def _example_record() -> dict[str, object]:
    text = (
        resources.files("aerodeck.games.race_to_ace")
        .joinpath("data/example_of_play.json")
        .read_text(encoding="utf-8")
    )
    record: dict[str, object] = json.loads(text)
    return record


def test_example_of_play_move_by_move() -> None:
    s = stacked(EXAMPLE_SETUP, seed=EXAMPLE_SEED)
    # Abbie draws a FLAMEOUT and plays it on Benjamin: not an attack, so no dogfight.
    assert s.hands[ABBIE][c.FLAMEOUT] == 1  # just drawn
    play(s, "flameout 1")
    assert s.flamed(BENJAMIN) and s.df is None
    assert s.current_player == BENJAMIN and legal(s) == {"pass"}  # no GOLDEN BIRD to reveal
    play(s, "pass")
    # Benjamin draws a VISUAL but cannot play it; he relights.
    assert "visual 0" not in legal(s) and "relight" in legal(s)
    play(s, "relight")
    assert not s.flamed(BENJAMIN)
    # Carla acquires Derek; his MANEUVER slides the VISUAL back over to her.
    play(s, "visual 3")
    assert s.df == (CARLA, DEREK, c.VISUAL) and s.current_player == DEREK
    play(s, "maneuver V2>3")
    assert s.current_player == CARLA and legal(s) == {"pass"}  # no HOT STICK, MANEUVER, VISUAL
    play(s, "pass")
    assert s.phase == "fire" and s.current_player == DEREK and legal(s) == {"pass"}  # no GUNS
    play(s, "pass")
    assert sum(s.hands[DEREK]) == 8  # refilled to 7 at once, and his turn's draw
    # Derek draws, no GUNS; his RADAR on Benjamin meets a MALFUNCTION; both are discarded.
    assert "guns 2" not in legal(s)
    play(s, "radar 1", "malfunction R3>1", "pass")
    assert all(stack[0] != c.RADAR for stack in s.acqs)
    # Abbie: RADAR on Benjamin, his JAMMIT!, her ECCM JAMMIT!, and the MISSILE.
    play(s, "radar 1", "jammit R0>1")
    assert s.acqs[-1][3] == c.JAMMIT
    play(s, "jammit R0>1")
    assert s.current_player == BENJAMIN and legal(s) == {"pass"}
    play(s, "pass", "missile 1")
    assert s.kills == (1, 0, 0, 0) and s.downed[BENJAMIN]
    assert [str(stack[1]) for stack in s.acqs] == ["3"]  # only Carla's outmaneuvered VISUAL
    # Benjamin's lost turn: draw and discard only.
    assert s.phase == "lost turn" and all(a.startswith("discard") for a in legal(s))
    play(s, "discard relight")
    assert not s.downed[BENJAMIN]
    # Carla draws the HOT STICK and slides the VISUAL back to Derek: a new dogfight.
    play(s, "hotstick V2>3")
    assert s.hot_stick == CARLA and s.df == (CARLA, DEREK, c.VISUAL)
    play(s, "malfunction V2>3", "pass")
    assert s.acqs == () and sum(s.hands[DEREK]) == 8
    # Derek acquires Abbie; MANEUVER, countered by MALFUNCTION; she cannot answer; GUNS.
    play(s, "visual 0", "maneuver V3>0", "malfunction V3>0")
    assert s.acqs == ((c.VISUAL, ABBIE, DEREK, -1, -1),)
    play(s, "pass", "guns 0")
    assert s.kills == (1, 0, 0, 1) and s.downed[ABBIE]
    assert [sum(h) for h in s.hands] == [8, 7, 7, 7]  # Abbie has drawn for her lost turn
    # Abbie loses her turn.
    play(s, "discard relight")
    assert s.turn == BENJAMIN and s.phase == "turn" and s.hot_stick == CARLA


def test_example_of_play_record_replays_to_the_rulebook_outcome() -> None:
    record = _example_record()
    state = aerodeck.replay(record)
    assert state.history() == [move for _, moves in EXAMPLE_MOVES for move in moves]
    view = state.view(None)
    assert [p["kills"] for p in view["pilots"]] == [1, 0, 0, 1]
    assert view["pilots"][CARLA]["hot_stick"]
    assert view["acquisitions"] == [] and not state.is_terminal


def test_example_record_is_what_the_stacked_game_records() -> None:
    s = stacked(EXAMPLE_SETUP, seed=EXAMPLE_SEED)
    for _, moves in EXAMPLE_MOVES:
        play(s, *moves)
    assert json.loads(json.dumps(s.record())) == _example_record()
