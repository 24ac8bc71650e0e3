"""What the history and the log say to each seat (docs/terminal.md, "history"): every public move in
words for every seat, a secret choice hidden from the others; sentences whose verb agrees with
"seat N" and "you" (``core.words.as_seen_by``); the end naming who shot down whose aircraft, once;
a notation error in the reader's language."""

from __future__ import annotations

import random
from typing import Any

import pytest

import aerodeck
from aerodeck.cli.history import move_sentences, moves_in_words
from aerodeck.core.api import State
from aerodeck.core.i18n import using
from aerodeck.core.words import as_seen_by
from aerodeck.games.down_in_flames.actions import is_secret

MAKES_A_MOVE = ("makes a move", "make a move")

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"skills": True, "vp_limit": 70, "year": 1990}),
    (2, {"missile_loads": True, "second_missile": True, "vp_limit": 80, "year": 2000}),
    (2, {"site": "SA-6"}),
    (3, {}),
    (2, {"campaign": "1973 Yom Kippur War", "mission": 2, "skills": True}),
]


def _random_game(players: int, options: dict[str, Any], seed: int, moves: int = 400) -> State:
    game = aerodeck.make("down_in_flames", players=players, **options)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _told(state: State, seat: int | None) -> list[list[str]]:
    """Each move's lines of the terminal's `history` as ``seat`` reads them."""
    describe = state.game.describe_event
    return [
        [as_seen_by(line, seat) for line in move_sentences(move, describe)]
        for move in moves_in_words(state, seat)
    ]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_seat_history_tells_public_moves_in_words_and_hides_secret_ones(
    players: int, options: dict[str, Any]
) -> None:
    """A public move (level, climb, dive, burner, no-burner, end, follow, ...) reads in words in
    every seat's history and a spectator's; "makes a move" is left for a choice the reader may not
    see, and another seat's secret choice shows its verb only (history_for) and no event telling
    more of it than a spectator learns."""
    for seed in range(3):
        state = _random_game(players, options, seed)
        parse = state.game.catalogue.parse  # type: ignore[attr-defined]
        actions = [parse(text) for text in state.history()]
        actors = state.actors()
        for seat in [*range(players), None]:
            seen = state.history_for(seat)
            told = _told(state, seat)
            spectator = moves_in_words(state, None)
            mine = moves_in_words(state, seat)
            for i, (action, actor) in enumerate(zip(actions, actors, strict=True)):
                hidden = is_secret(action) and actor != seat
                if not hidden:
                    assert seen[i].move == str(action)
                    if not is_secret(action):
                        assert not any(m in line for line in told[i] for m in MAKES_A_MOVE), (
                            seat,
                            str(action),
                            told[i],
                        )
                    continue
                assert seen[i].move == f"{str(action).split()[0]} (secret)"
                about_actor = [e for e in mine[i].events if e.get("seat") == actor]
                assert about_actor == [e for e in spectator[i].events if e.get("seat") == actor]


def test_an_altitude_change_and_the_afterburner_read_with_a_verb_in_both_persons() -> None:
    """ "seat 1 climb: now at Medium" and "you afterburner off" had no agreeing verb."""
    game = aerodeck.make("down_in_flames", players=3)
    cases = [
        ({"type": "altitude", "seat": 1, "to": "Medium", "why": "climb"}, "climb{s} to Medium"),
        ({"type": "altitude", "seat": 1, "to": "Low", "why": "dive"}, "dive{s} to Low"),
        ({"type": "altitude", "seat": 1, "to": "High", "why": "follow"}, "follow{s}, now at High"),
        ({"type": "altitude", "seat": 1, "to": "Medium", "why": "stall"}, "drop{s} to Medium"),
        ({"type": "level", "seat": 1, "at": "High"}, "stay{s} at High"),
        ({"type": "no-burner", "seat": 1}, "fl{ies} without afterburner"),
        ({"type": "pay", "seat": 1, "count": 1, "why": "climb"}, "choose{s} to climb: 1 card"),
        ({"type": "end", "seat": 1, "step": "speed"}, "make{s} no more Speed Maneuvers"),
        ({"type": "end", "seat": 1, "step": "play"}, "play{s} no more cards this turn"),
    ]
    for event, words in cases:
        text = game.describe_event(event)
        assert text.startswith("seat 1 " + words.format(s="s", ies="ies")), text
        yours = as_seen_by(text, 1)
        assert yours.startswith("you " + words.format(s="", ies="y")), yours
        assert as_seen_by(text, 2) == text
    out = game.describe_event({"type": "burner", "seat": 2, "on": False})
    assert out == "seat 2's afterburner goes out"
    assert as_seen_by(out, 2) == "your afterburner goes out"


def test_a_split_s_says_whose_turn_it_ends_from_the_readers_side() -> None:
    """ "seat 1's Split-S ends the enemy's turn" read wrong on the turn's own seat: the event names
    the aircraft whose turn ends, so each reader sees it from their side."""
    for seed in range(60):
        state = _random_game(2, {}, seed)
        events = [e for e in state.events_since(0, None) if e["type"] == "split-s"]
        if events:
            break
    else:
        raise AssertionError("no random duel of 60 has a Split-S")
    event = events[0]
    by, turn = event["seat"], event["turn"]
    assert {by, turn} == {0, 1}
    text = state.game.describe_event(event)
    assert text == f"seat {by}'s Split-S ends seat {turn}'s turn"
    assert as_seen_by(text, turn) == f"seat {by}'s Split-S ends your turn"
    assert as_seen_by(text, by) == f"your Split-S ends seat {turn}'s turn"


def _duel_won_by_a_kill() -> State:
    from aerodeck.games.down_in_flames.bot import HeuristicBot
    from aerodeck.sim.match import play as play_out

    game = aerodeck.make("down_in_flames")
    for seed in range(40):
        bots = [HeuristicBot(game, 100 * seed + s) for s in range(2)]
        state = play_out(game.new_game(seed), bots)
        if any(e["type"] == "destroyed" for e in state.events_since(0, None)):
            return state
    raise AssertionError("no duel of 40 ends with a kill")


def test_the_end_says_who_shot_down_whose_aircraft_once() -> None:
    """ "Game over: Kfir C2 shot down (seat 1)" read as if seat 1 flew the Kfir, and the Results
    said the kill twice."""
    state = _duel_won_by_a_kill()
    game = state.game
    events = state.events_since(0, None)
    down = next(e for e in events if e["type"] == "destroyed")
    loser, winner = down["seat"], down["by"]
    plane = state.view(None)["aircraft"][loser]["aircraft"]
    end = game.describe_event(events[-1])
    assert end == f"Game over: seat {winner} shot down seat {loser}'s {plane}; seat {winner} wins"
    assert as_seen_by(end, winner) == (f"Game over: you shot down seat {loser}'s {plane}; you win")
    assert as_seen_by(end, loser) == (
        f"Game over: seat {winner} shot down your {plane}; seat {winner} wins"
    )
    for seat in (0, 1):
        result = game.render_result(state.view(seat), state.events_since(0, seat))
        assert result.count(plane) == 1, result
        victim = "your" if seat == loser else f"seat {loser}'s"
        shooter = "you" if seat == winner else f"seat {winner}"
        assert f"{shooter} shot down {victim} {plane} (" in result, result
    assert state.view(loser)["end"] == f"seat {winner} shot down your {plane}"


def test_a_move_the_notation_cannot_read_is_refused_in_japanese() -> None:
    """The other games answer a bad notation in Japanese; Down In Flames answered in English."""
    game = aerodeck.make("down_in_flames")
    state = game.new_game(seed=42)
    with using("ja"), pytest.raises(aerodeck.core.errors.NotationError) as refused:
        game.parse_action(state, "foo")
    message = str(refused.value)
    assert "読めません" in message and "cannot" not in message
    assert "'foo'" in message and "aerodeck rules down-in-flames" in message
