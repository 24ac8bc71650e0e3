"""``State.placings``: the winners first, then the others in the order the game's own results
show them (points, kills, race wins and distance, games won); the table's end screen and
my games list the seats in it."""

from __future__ import annotations

import random
from typing import Any

import pytest

import aerodeck
from aerodeck.core.api import State


def finished(game_id: str, players: int, seed: int, **options: Any) -> State:
    state = aerodeck.make(game_id, players=players, **options).new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def after_the_winners(state: State) -> list[list[int]]:
    placings = state.placings()
    assert placings[0] == state.winners
    return placings[1:]


@pytest.mark.parametrize("seed", range(4))
def test_ruling_places_after_the_winners_aces_versus_aces_by_points(seed: int) -> None:
    state = finished("aces_versus_aces", 4, seed)
    points = {seat["seat"]: seat["score"] for seat in state.view(None)["seats"]}
    rest = after_the_winners(state)
    shown = [[points[s] for s in tied] for tied in rest]
    assert all(len(set(group)) == 1 for group in shown)  # a shared place: the same points
    assert [group[0] for group in shown] == sorted((g[0] for g in shown), reverse=True)


@pytest.mark.parametrize("seed", range(4))
def test_ruling_places_after_the_winners_race_to_ace_by_kills_then_acquisitions(seed: int) -> None:
    state = finished("race_to_ace", 4, seed)
    end = next(e for e in state.events_since(0, None) if e["type"] == "game_end")
    key = [(k, a) for k, a in zip(end["kills"], end["acquisitions"], strict=True)]
    keys = [key[tied[0]] for tied in after_the_winners(state)]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)


def test_ruling_places_after_the_winners_air_racing_by_race_wins_then_distance() -> None:
    state = finished("air_racing", 4, 2, quick_play=True, laps=1)
    end = next(e for e in state.events_since(0, None) if e["type"] == "race_end")
    distance = [end["positions"][tied[0]] for tied in after_the_winners(state)]
    assert distance == sorted(distance, reverse=True)


def test_ruling_places_after_the_winners_ace_race_by_games_won() -> None:
    state = finished("ace_race", 4, 5, games=3)
    wins = state.view(None)["wins"]
    rest = after_the_winners(state)
    assert [wins[tied[0]] for tied in rest] == sorted((wins[t[0]] for t in rest), reverse=True)
    assert all(len({wins[s] for s in tied}) == 1 for tied in rest)


def test_ruling_places_after_the_winners_down_in_flames_the_losing_side_shares_one() -> None:
    state = finished("down_in_flames", 3, 3)  # two against one: the pair won
    assert state.placings() == [[0, 2], [1]]
    assert finished("down_in_flames", 3, 0).placings() == [[0, 1, 2]]  # a draw: one place
    assert aerodeck.make("down_in_flames", players=2).new_game(seed=1).placings() == []
