"""Observation encoders: fixed shape, float32, and built from what the seat may know only."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

import aerodeck
from aerodeck.core.api import State
from aerodeck.core.errors import ConfigError
from aerodeck.core.features import Number
from aerodeck.games.aces_versus_aces.game import AcesVersusAces
from aerodeck.rl.encode import encoder_for
from tests.conftest import GAME_COUNTS, SHIPPED_GAMES

# Down In Flames also in the several-aircraft form its duel will share (R46).
CONFIGS = [(game_id, players, {}) for game_id, players in GAME_COUNTS] + [
    ("down_in_flames", 2, {"aircraft": 2}),
    ("down_in_flames", 4, {"skills": True}),
]


def _states(state: State, rng: random.Random, every: int) -> list[State]:
    seen = []
    step = 0
    while not state.is_terminal:
        if step % every == 0:
            seen.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    seen.append(state)
    return seen


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_the_tensor_is_the_same_in_every_determinization(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    """Redrawing what a seat cannot see never changes its tensor; others' tensors do change."""
    game = aerodeck.make(game_id, players=players, **options)
    encoder = encoder_for(game)
    rng = random.Random(11)
    others_changed = False
    for seed in range(2):
        for state in _states(game.new_game(seed=seed), random.Random(seed), every=9)[:25]:
            for seat in range(players):
                mine = encoder.encode(state.view(seat))
                assert mine.shape == (encoder.size,) and mine.dtype == np.float32
                assert np.isfinite(mine).all()
                for _ in range(2):
                    world = state.determinize(seat, rng)
                    assert np.array_equal(encoder.encode(world.view(seat)), mine)
                    others_changed |= any(
                        not np.array_equal(
                            encoder.encode(world.view(s)), encoder.encode(state.view(s))
                        )
                        for s in range(players)
                        if s != seat
                    )
    assert others_changed, "no determinization ever changed another seat's tensor"


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_the_layout_covers_the_vector_once(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    """The documented layout's top-level blocks tile the vector without gap or overlap."""
    encoder = encoder_for(aerodeck.make(game_id, players=players, **options))
    offset = 0
    for field in encoder.fields:
        offset += field.size
    assert offset == encoder.size
    table = encoder.describe()
    assert table.count("\n") + 1 >= len(encoder.fields) + 2


def test_seats_are_written_relative_to_the_observer() -> None:
    """Seat +0 is always the observer: two seats in mirrored positions see mirrored tensors."""
    game = aerodeck.make("aces_versus_aces", players=2)
    encoder = encoder_for(game)
    view = game.new_game(seed=3).view(0)
    fields = {f.name: f for f in encoder.fields}
    start = sum(f.size for f in encoder.fields[: encoder.fields.index(fields["to_act"])])
    as_zero = encoder.encode({**view, "seat": 0, "to_act": 1})
    as_one = encoder.encode({**view, "seat": 1, "to_act": 1})
    assert as_zero[start : start + 2].tolist() == [0.0, 1.0]
    assert as_one[start : start + 2].tolist() == [1.0, 0.0]


def test_a_spectator_view_is_refused() -> None:
    game = aerodeck.make("race_to_ace", players=3)
    with pytest.raises(ValueError, match="seat's view"):
        encoder_for(game).encode(game.new_game(seed=1).view(None))


def test_an_unknown_value_is_an_error_not_a_silent_zero() -> None:
    game = aerodeck.make("aces_versus_aces", players=2)
    view = game.new_game(seed=1).view(0)
    with pytest.raises(ValueError, match="phase"):
        encoder_for(game).encode({**view, "phase": "no such phase"})


def test_a_numbers_entries_are_its_scaled_values_in_range_and_beyond() -> None:
    """``Number.entries`` (the state writers' lookup) gives ``scaled`` for every value: the whole
    numbers of the range from its table, any other value (beyond the range, a fraction) asked."""
    number = Number("count", "a count", scale=4, low=-1, high=6)
    entries = number.entries()
    assert sorted(entries) == list(range(-1, 7))
    for value in (-3, -1, 0, 2, 2.5, 6, 7, 100):
        assert entries[value] == number.scaled(value)
    assert entries[-3] == -0.25 and entries[100] == 1.5


class _Unencoded(AcesVersusAces):
    """A game that brings no observation encoder (the hook's default)."""

    info = dataclasses.replace(AcesVersusAces.info, id="unencoded", title="Unencoded")

    def observation_encoder(self) -> None:
        return None


def test_a_game_without_an_encoder_is_one_clear_error() -> None:
    with pytest.raises(ConfigError, match="Unencoded brings no observation encoder"):
        encoder_for(_Unencoded(2))


@pytest.mark.parametrize("game_id", SHIPPED_GAMES)
def test_the_docs_page_shows_the_current_layout(game_id: str) -> None:
    """Every game this repository ships has its page in docs/games, its encoder's layout current
    (a plug-in game documents itself)."""
    from pathlib import Path

    from aerodeck.rl.docs import updated_page

    page = Path(__file__).resolve().parents[2] / "docs" / "games" / f"{game_id}.md"
    assert page.is_file(), f"docs/games/{game_id}.md is missing"
    text = page.read_text(encoding="utf-8")
    assert updated_page(text, game_id) == text, "run scripts/rl_docs.py"


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_the_compiled_encoder_writes_what_the_fields_write(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    game = aerodeck.make(game_id, players=players, **options)
    encoder = encoder_for(game)
    for state in _states(game.new_game(seed=8), random.Random(8), every=3):
        for seat in range(players):
            view = state.view(seat)
            assert np.array_equal(encoder.encode(view), encoder.encode_by_fields(view))
