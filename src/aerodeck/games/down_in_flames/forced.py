"""Why a pilot is offered one move only (``DownInFlames.forced_reason``): the rule that leaves
nothing else, in players' words, for the faces to show beside the one move (never on the hot path:
asked only when a person's turn shows a single move)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodeck.core.i18n import _
from aerodeck.games.down_in_flames.actions import Discard, Fly, Next, Word
from aerodeck.games.down_in_flames.flight import LOW
from aerodeck.games.down_in_flames.phases import (
    ALTITUDE,
    ANGLE,
    DISCARD,
    ORDER,
    PAY,
    PICK,
    PLAY,
    REACT,
    SPEED,
)

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.rules import DifState


def forced_reason(state: DifState) -> str | None:
    """The reason the one legal move is the only one, or None when there is a choice (or the
    game is over)."""
    if state.is_terminal:
        return None
    legal = state.legal_actions()
    if len(legal) != 1:
        return None
    move = legal[0]
    phase = state.phase
    verb = move.verb if isinstance(move, Word) else ""
    if phase == REACT and verb == "pass":
        source = state._source(state.reactor)[1]
        if source == "missile":
            return _("the missile hand holds no card that can react to the card just played")
        if source == "site":
            return _("the site's hand holds no card that can react to the card just played")
        return _(
            "nothing you hold can react to the card just played (its title is not on any of your "
            "cards' React To lists) and you have no countermeasure that answers it"
        )
    if phase == PLAY and verb == "end":
        return _("no card in your hand has a play now: your turn ends")
    if phase == SPEED and verb == "end":
        return _("no Speed Maneuver is open to you now")
    if phase == DISCARD and verb == "draw":
        return _("your hand is empty: nothing to discard before you draw")
    if phase == ALTITUDE and verb == "level":
        if state.flights[state.flyer].altitude == LOW:
            return _("you fly at Low altitude and hold no card to pay for a climb: you stay level")
        return _("you hold no card to pay for a climb and cannot dive lower: you stay level")
    if phase == PAY and isinstance(move, Discard):
        return _("every card you hold is the same: that is the card you discard")
    if phase == PICK and isinstance(move, Fly):
        return _("only this aircraft fits the agreed VP limit and year")
    if phase == ORDER and isinstance(move, Next):
        return _("only this aircraft of your side has still to fly this round")
    if phase == ANGLE:
        return _("only this enemy can be chosen for the starting band")
    return _("this is the only move the rules allow now")
