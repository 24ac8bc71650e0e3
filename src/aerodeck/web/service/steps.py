"""A finished game step by step, for the replay page: after each move, the public view, every
seat's hand (a finished game's record is whole and public: nothing is hidden any more), the move
and the events in words. Built from the record with the engine, never from stored views."""

from __future__ import annotations

from aerodeck.core.api import JSON, State
from aerodeck.core.errors import RecordError
from aerodeck.core.records import replay

MAX_STEPS = 5000  # more than any game's safety limit


def _step(state: State, since: int, move: str | None, actor: int | None) -> JSON:
    game = state.game
    hands = []
    for seat in range(game.players):
        hand = state.view(seat).get("hand")
        hands.append(hand if isinstance(hand, list) else None)
    return {
        "version": state.move_number,
        "view": state.view(None),
        "hands": hands,
        "move": move,
        "seat": actor,
        "current_player": state.current_player,
        "events": [game.describe_event(e) for e in state.events_since(since, None)],
    }


def replay_steps(record: JSON) -> list[JSON]:
    """Every step of a finished game's record (RecordError if it is not whole or too long)."""
    actions = record.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_STEPS:
        raise RecordError("the record is not a whole game of at most 5000 moves")
    state = replay(record, upto=0)
    steps = [_step(state, 0, None, None)]
    for action in actions:
        actor = state.current_player
        since = state.event_count
        state.apply(str(action))
        steps.append(_step(state, since, str(action), actor))
    return steps
