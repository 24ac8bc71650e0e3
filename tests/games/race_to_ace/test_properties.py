"""The shared contract's properties for every variant (the shared suite runs the defaults):
games end, cards are conserved, views leak nothing, notation round-trips, records replay."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import aerodeck
from aerodeck.games.race_to_ace.rules import RaceState

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (2, {"wingmen": True}),
    (3, {"acquisition_tokens": True}),
    (4, {"weapon_counters": True, "specials_lost": True}),
    (5, {"must_answer": True, "visual_counters_maneuver": False}),
    (3, {"games": 2, "kills_to_win": 2}),
]


def _playout(state: RaceState, rng: random.Random) -> list[RaceState]:
    samples = []
    for step in range(20_000):
        if state.is_terminal:
            return samples
        state.check_invariants()
        if step % 11 == 0:
            copy = state.clone()
            assert isinstance(copy, RaceState)
            samples.append(copy)
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no end")


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_variant_games_end_conserve_and_replay(players: int, options: dict[str, Any]) -> None:
    game = aerodeck.make("race_to_ace", players=players, **options)
    for seed in range(12):
        state = game.new_game(seed=seed)
        assert isinstance(state, RaceState)
        _playout(state, random.Random(seed))
        assert sum(state.returns()) == pytest.approx(1.0)
        again = aerodeck.replay(json.loads(json.dumps(state.record())))
        assert again.view(None) == state.view(None)


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_variant_views_never_depend_on_hidden_cards(players: int, options: dict[str, Any]) -> None:
    game = aerodeck.make("race_to_ace", players=players, **options)
    rng = random.Random(7)
    for seed in range(4):
        state = game.new_game(seed=seed)
        assert isinstance(state, RaceState)
        for sample in _playout(state, random.Random(seed))[:8]:
            for action in sample.legal_actions():
                assert game.parse_action(sample, str(action)) == action
                assert game.action_from_index(game.action_index(action)) == action
            for seat in range(players):
                world = sample.determinize(seat, rng)
                world.check_invariants()
                assert world.view(seat) == sample.view(seat)
                assert world.events_since(0, seat) == sample.events_since(0, seat)
                assert world.current_player == sample.current_player
                if not world.is_terminal:
                    world.apply(rng.choice(world.legal_actions()))


def test_a_hand_never_shows_in_another_seats_view_or_events() -> None:
    game = aerodeck.make("race_to_ace", players=3)
    state = game.new_game(seed=11)
    rng = random.Random(11)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(3):
        view = state.view(seat)
        assert set(view) - {"hand"} == set(state.view(None)) and "hand" not in state.view(None)
        for event in state.events_since(0, (seat + 1) % 3):
            if event["type"] in ("turn", "refill") and event["seat"] == seat:
                assert "card" not in event and "cards" not in event
