"""Aces versus Aces moves, their notation and their fixed integer encoding.

``play KH`` commits a card in secret for this hand (a bare card ``KH`` is read the same way);
``discard 7C`` throws a card away after the draw and replaces it from the deck; ``keep`` declines.
"""

from __future__ import annotations

from dataclasses import dataclass

from aerodeck.core.api import Action
from aerodeck.core.cards import CARDS, Card, card
from aerodeck.core.errors import NotationError, excerpt
from aerodeck.core.i18n import _


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Commit ``card`` face down; all commitments are revealed together."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard ``card`` after the draw and take a replacement from the deck."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the hand as it is after the draw."""

    def __str__(self) -> str:
        return "keep"


# Interned: one object per move, in the order of the integer encoding (play, discard, keep).
PLAYS = tuple(Play(c) for c in CARDS)
DISCARDS = tuple(Discard(c) for c in CARDS)
KEEP = Keep()
ALL_ACTIONS: tuple[Action, ...] = (*PLAYS, *DISCARDS, KEEP)


def parse(text: str, bare_card_means_play: bool) -> Action:
    """Read notation; a bare card is a play or a discard depending on the step."""
    words = text.strip().lower().split()
    if words in (["keep"], ["pass"], ["k"]):
        return KEEP
    if len(words) == 2 and words[0] in ("play", "p"):
        return PLAYS[card(words[1]).index]
    if len(words) == 2 and words[0] in ("discard", "d"):
        return DISCARDS[card(words[1]).index]
    if len(words) == 1:
        try:
            chosen = card(words[0])
        except NotationError:
            pass
        else:
            return PLAYS[chosen.index] if bare_card_means_play else DISCARDS[chosen.index]
    raise NotationError(
        _(
            "cannot read {text}: write 'play KH', 'discard 7C' or 'keep' (or just a card)",
            text=excerpt(text.strip()),
        )
    )
