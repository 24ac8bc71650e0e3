"""Who made each move is logged as the move is applied: ``actors`` and ``history_for`` read the
log and agree, at every step of every game, with the answer found by replaying the game from its
seed (what they did before); clones and determinizations carry the log with them."""

from __future__ import annotations

import random
import sys
from types import FrameType
from typing import Any

import pytest

import aerodeck
from aerodeck.core.api import Game, SeenMove, State
from tests.conftest import GAME_COUNTS


def replayed_actors(state: State) -> list[int]:
    """Who made each move of ``state``, learnt by replaying its moves from the seed."""
    again = state.game.new_game(seed=state.seed, setup=state.setup).mute_events()
    seats: list[int] = []
    for move in state.history():
        seat = again.current_player
        assert seat is not None
        seats.append(seat)
        again.apply(move)
    return seats


def replayed_history_for(state: State, seat: int | None) -> list[SeenMove]:
    """``history_for(seat)`` as a replay of the game computes it."""
    actions = [state.game.parse_action(state, text) for text in state.history()]
    seen = state.game.move_seen_by
    return [
        SeenMove(number, actor, str(action) if actor == seat else seen(action, actor, seat))
        for number, (actor, action) in enumerate(
            zip(replayed_actors(state), actions, strict=True), start=1
        )
    ]


def _seats(state: State) -> list[int | None]:
    return [None, *range(state.game.players)]


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_history_for_equals_the_replayed_answer_at_every_step(game_id: str, players: int) -> None:
    """The replay's answer after k moves is the first k entries of its answer at the end (who
    made a move and how a seat sees it never depend on later moves), so the game is replayed
    once at the end and the logged answers are compared with its prefixes at every step."""
    rng = random.Random(players)
    game = aerodeck.make(game_id, players=players)
    played = game.new_game(seed=11)
    while not played.is_terminal:
        played.apply(rng.choice(played.legal_actions()))
    replayed = {seat: replayed_history_for(played, seat) for seat in _seats(played)}
    assert played.actors() == replayed_actors(played)
    state = game.new_game(seed=11)
    for number, move in enumerate([*played.history(), None]):
        for seat in _seats(state):
            assert state.history_for(seat) == replayed[seat][:number]
        if move is not None:
            state.apply(move)
    assert state.move_number == played.move_number > 0


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_clones_and_determinizations_carry_the_log(game_id: str, players: int) -> None:
    """A clone shares the log until it moves on, then logs its own moves; the original keeps
    its own. A determinization has the history of the state it was drawn from."""
    rng = random.Random(5)
    state = aerodeck.make(game_id, players=players).new_game(seed=12)
    for _ in range(25):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    before = {seat: state.history_for(seat) for seat in _seats(state)}
    seat = state.current_player
    assert seat is not None
    world = state.determinize(seat, random.Random(3))
    assert world.actors() == state.actors()
    assert world.history_for(seat) == before[seat]
    copy = state.clone()
    for _ in range(30):
        if copy.is_terminal:
            break
        copy.apply(rng.choice(copy.legal_actions()))
    assert {seat: state.history_for(seat) for seat in _seats(state)} == before
    assert copy.actors() == replayed_actors(copy)
    for each in _seats(copy):
        assert copy.history_for(each) == replayed_history_for(copy, each)
    assert copy.actors()[: state.move_number] == state.actors()


def _calls_while(action: Any, watched: set[Any]) -> int:
    """How many times a function whose code is in ``watched`` is entered while ``action`` runs
    (Python's profiler hook counts them; nothing is replaced)."""
    count = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event == "call" and frame.f_code in watched:
            count += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(previous)
    return count


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_history_for_replays_nothing(game_id: str, players: int) -> None:
    rng = random.Random(2)
    state = aerodeck.make(game_id, players=players).new_game(seed=13)
    while not state.is_terminal and state.move_number < 60:
        state.apply(rng.choice(state.legal_actions()))
    game_class = type(state.game)
    watched = {
        Game.new_game.__code__,
        game_class._new_game.__code__,
        State.apply.__code__,
        State.apply_unchecked.__code__,
        type(state)._apply.__code__,
        type(state).__init__.__code__,
    }
    # the counter does count: a replay is seen
    assert _calls_while(lambda: replayed_actors(state), watched) > state.move_number
    for seat in _seats(state):
        assert _calls_while(lambda seat=seat: state.history_for(seat), watched) == 0
    assert _calls_while(state.actors, watched) == 0
    assert _calls_while(state.history, watched) == 0
