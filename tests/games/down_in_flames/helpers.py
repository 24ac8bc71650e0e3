"""Stacked Locked-On positions for the tests: two aircraft, hands, deck top, range, altitude."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import aerodeck
from aerodeck.games.down_in_flames.rules import DifState


def fight(
    a: str = "F-86F Sabre",
    b: str = "Gnat F.1",
    *,
    alt: Sequence[str] = ("Medium", "Medium"),
    rng: Sequence[str] = ("G", "G"),
    pos: str = "neutral",
    hands: Sequence[Sequence[str]] = ((), ()),
    deck: Sequence[str] = (),
    first: int = 0,
    step: str = "play",
    **extra: Any,
) -> DifState:
    """Seat 0 flies ``a``, seat 1 flies ``b``; ``pos`` is seat 0's position on seat 1."""
    setup = {
        "aircraft": [a, b],
        "altitude": list(alt),
        "range": list(rng),
        "position": pos,
        "hands": [list(h) for h in hands],
        "deck": list(deck),
        "first": first,
        "step": step,
        **extra,
    }
    state = aerodeck.make("down_in_flames").new_game(seed=1, setup=setup)
    assert isinstance(state, DifState)
    return state


def play(state: DifState, *moves: str) -> None:
    for move in moves:
        state.apply(move)
        state.check_invariants()


def legal(state: DifState) -> set[str]:
    return {str(m) for m in state.legal_actions()}


def position(state: DifState, seat: int = 0) -> str:
    """The seat's position on the other in the duel, as the view's pair of enemies shows it."""
    pair = state.view(seat)["pairs"][0]
    assert pair["aircraft"] == [seat, 1 - seat]
    text: str = pair["position"]
    return text


def titles(state: DifState, seat: int) -> list[str]:
    return [state.data.cards[c].title for c in state.hands[seat]]
