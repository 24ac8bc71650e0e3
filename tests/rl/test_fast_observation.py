"""The observations written straight from the state (``Encoder.from_state``) are the view's.

The view-based encoder is the reference: over many seeded games at every player count, at many
positions and after hidden redraws, a game's state writer must give exactly its array for every
seat, so the fast path sees what the seat's view shows and nothing more.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import aerodeck
from aerodeck.core.api import Game, State
from aerodeck.rl.encode import Vector, VectorEncoder, encoder_for
from tests.conftest import GAME_COUNTS

FAST = ("aces_versus_aces", "down_in_flames")
CONFIGS = [(game_id, players, {}) for game_id, players in GAME_COUNTS if game_id in FAST] + [
    ("down_in_flames", 2, {"aircraft": 2}),
    ("down_in_flames", 4, {"skills": True}),
    # a ground site (its hand and cycles), defending either side, with skills
    ("down_in_flames", 2, {"site": "SA-6", "site_seat": 1}),
    ("down_in_flames", 2, {"site": "ZSU-23-4", "site_seat": 0, "skills": True, "vp_limit": 60}),
    ("down_in_flames", 4, {"missile_loads": True, "second_missile": True, "decks": 2}),
    ("down_in_flames", 3, {"mode": "ffa"}),
    ("down_in_flames", 2, {"campaign": "1973 Yom Kippur War", "mission": 2}),
    ("aces_versus_aces", 3, {"target": 20}),
]


def _positions(game: Game, seed: int) -> list[State]:
    """Every position of one random game (seeded), the last included."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed)
    seen = [state.clone()]
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        seen.append(state.clone())
    return seen


def _assert_same(encoder: VectorEncoder, state: State, seat: int) -> Vector:
    """The state writer's array for ``seat`` is the view-based encoder's; returns it."""
    by_view = encoder.encode(state.view(seat))
    fast = encoder.encode_state(state, seat)
    if not np.array_equal(fast, by_view):
        wrong = np.flatnonzero(fast != by_view)
        names = [
            name
            for offset, size, name, _ in encoder.layout()
            if size and any(offset <= i < offset + size for i in wrong)
        ]
        pytest.fail(f"seat {seat}, move {state.move_number}: differs at {wrong[:8]} ({names})")
    return fast


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_the_state_writer_gives_the_views_array(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    """Every seat at every position of several seeded games, and in redrawn worlds (where the
    seat's array must not change: the writer reads nothing the redraw moves)."""
    game = aerodeck.make(game_id, players=players, **options)
    encoder = encoder_for(game)
    assert encoder.from_state is not None
    rng = random.Random(5)
    for seed in range(4):
        for number, state in enumerate(_positions(game, seed)):
            for seat in range(players):
                fast = _assert_same(encoder, state, seat)
                if number % 7 == 0 and not state.is_terminal:
                    world = state.determinize(seat, rng)
                    assert np.array_equal(_assert_same(encoder, world, seat), fast)


def test_games_without_a_writer_are_encoded_from_their_view() -> None:
    """The path for every other game: ``encode_state`` is the view's encoding."""
    game = aerodeck.make("air_racing", players=2)
    encoder = encoder_for(game)
    assert encoder.from_state is None
    state = game.new_game(seed=3)
    assert np.array_equal(encoder.encode_state(state, 1), encoder.encode(state.view(1)))
