"""Stacked Ace Race positions for the tests."""

from __future__ import annotations

from typing import Any

import aerodeck
from aerodeck.core.api import JSON
from aerodeck.games.ace_race.rules import AceRaceState

FILLER = ["KS", "KH", "QS", "QH"]  # extra cards for hands that only need to exist


def stacked(players: int = 2, games: int = 1, **setup: Any) -> AceRaceState:
    """A state from a setup scenario (see AceRaceState._start_from_setup)."""
    game = aerodeck.make("ace_race", players=players, games=games)
    state = game.new_game(seed=1, setup=setup)
    assert isinstance(state, AceRaceState)
    return state


def legal(state: AceRaceState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def singles(state: AceRaceState) -> set[str]:
    """The cards the seat to act may play alone (notation without 'play ')."""
    return {s[5:] for s in legal(state) if s.startswith("play ") and len(s.split()) == 2}


def events(state: AceRaceState, kind: str) -> list[JSON]:
    return [e for e in state.events_since(0, None) if e["type"] == kind]
