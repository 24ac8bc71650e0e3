"""A seat is an int 0..players-1 (or None for a spectator where one may look); anything else is a
SeatError, never another seat's hand through Python's negative indexing."""

from __future__ import annotations

import random

import pytest

import aerodeck
from aerodeck.core.errors import ConfigError, SeatError
from tests.conftest import GAME_COUNTS

BAD_SEATS: list[object] = [-1, -2, True, False, 1.0, "0", 2**70, 10**5000, [0], object()]


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_view_of_a_bad_seat_is_a_seat_error(game_id: str, players: int) -> None:
    state = aerodeck.make(game_id, players=players).new_game(seed=3)
    for bad in [*BAD_SEATS, players, players + 1]:
        with pytest.raises(SeatError) as caught:
            state.view(bad)  # type: ignore[arg-type]
        assert "\n" not in str(caught.value) and len(str(caught.value)) < 160
    assert state.view(None) == state.view(None)
    for seat in range(players):
        state.view(seat)


def test_view_minus_one_no_longer_reads_the_last_seats_hand() -> None:
    state = aerodeck.make("race_to_ace", players=4).new_game(seed=1)
    with pytest.raises(SeatError, match="-1 is not a seat"):
        state.view(-1)


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_events_determinize_observation_check_the_seat(game_id: str, players: int) -> None:
    state = aerodeck.make(game_id, players=players).new_game(seed=4)
    for bad in [*BAD_SEATS, players]:
        with pytest.raises(SeatError):
            state.events_since(0, bad)  # type: ignore[arg-type]
        with pytest.raises(SeatError):
            state.determinize(bad, random.Random(1))  # type: ignore[arg-type]
        with pytest.raises(SeatError):
            state.observation(bad)  # type: ignore[arg-type]
    with pytest.raises(SeatError):
        state.determinize(None, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(SeatError):
        state.observation(None)  # type: ignore[arg-type]
    for n in [-1, 1.5, None, True, "0"]:
        with pytest.raises(ConfigError):
            state.events_since(n, None)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        state.determinize(0, 7)  # type: ignore[arg-type]
    assert state.events_since(10**6, None) == []


def test_a_seat_error_is_a_config_error() -> None:
    """Callers that already catch ConfigError (the faces) catch a bad seat too."""
    assert issubclass(SeatError, ConfigError)
