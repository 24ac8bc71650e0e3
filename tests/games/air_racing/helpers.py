"""Stacked positions for Air Racing tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aerodeck
from aerodeck.core.userdata import read_toml
from aerodeck.games.air_racing.rules import AirRacingState

NOBODY = {"microknot": 0, "fast": 0, "boost": 0}
STRAIGHT_FILE = Path(__file__).with_name("straight.toml")
STRAIGHT = read_toml(STRAIGHT_FILE)  # the test course, as the course option's table


def mods(microknot: int = 0, fast: int = 0, boost: int = 0) -> dict[str, int]:
    return {"microknot": microknot, "fast": fast, "boost": boost}


def race(
    players: int = 2,
    dice: list[int] | None = None,
    options: dict[str, Any] | None = None,
    **race: Any,
) -> AirRacingState:
    """A race set up directly on the test straight (unless ``options`` names another course):
    ``mods`` per seat (default none), positions, lanes, altitudes, tokens; forced ``dice``."""
    race.setdefault("mods", [dict(NOBODY) for _ in range(players)])
    options = {"course": STRAIGHT, **(options or {})}
    game = aerodeck.make("air_racing", players=players, **options)
    state = game.new_game(seed=1, setup={"race": race, "dice": dice or []})
    assert isinstance(state, AirRacingState)
    return state


def season(decks: list[list[str]], month: int = 0, dice: list[int] | None = None) -> AirRacingState:
    """A season set up from stacked decks (top first; the first five are the hand)."""
    game = aerodeck.make("air_racing", players=len(decks))
    setup = {"season": {"decks": decks, "month": month}, "dice": dice or []}
    state = game.new_game(seed=1, setup=setup)
    assert isinstance(state, AirRacingState)
    return state


def events(state: AirRacingState, kind: str, since: int = 0) -> list[dict[str, Any]]:
    return [e for e in state.events_since(since, None) if e["type"] == kind]


def legal(state: AirRacingState) -> list[str]:
    return [str(a) for a in state.legal_actions()]
