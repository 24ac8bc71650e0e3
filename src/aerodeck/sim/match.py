"""Play one game between agents: the loop every face and the simulator share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from aerodeck.core.api import JSON, Agent, Game, State
from aerodeck.core.errors import AerodeckError, IllegalActionError

MAX_DECISIONS = 100_000  # a game that long is a bug in its rules, not a long game


@dataclass(frozen=True)
class GameResult:
    """One finished game: its record, payoffs, length, and the seat that made each move."""

    record: JSON
    returns: list[float]
    decisions: int
    seats: list[int]


def play(state: State, agents: Sequence[Agent], seats: list[int] | None = None) -> State:
    """Let each seat's agent choose until the game ends; agents see only their observation.
    ``seats``, when given, receives the seat of every move (what reports count choices by)."""
    decisions = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seats is not None:
            seats.append(seat)
        observation = state.observation(seat)
        action = agents[seat].choose(observation)
        if action not in observation.legal_actions:  # a bot's bug, never replaced by another move
            raise IllegalActionError(
                f"{agents[seat].name} chose {action}: {state.why_illegal(action)}"
            )
        state.apply_unchecked(action)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise AerodeckError(f"{state.game.info.title} did not end within {MAX_DECISIONS} moves")
    return state


def play_game(
    game: Game, agents: Sequence[Agent], seed: int, setup: Any = None, events: bool = True
) -> GameResult:
    """Play one game; ``events=False`` mutes the event log, which the result does not need."""
    seats: list[int] = []
    state = game.new_game(seed=seed, setup=setup)
    if not events:
        state.mute_events()
    state = play(state, agents, seats)
    return GameResult(state.record(), state.returns(), state.move_number, seats)
