"""High Card Tricks moves, their notation and their fixed integer encoding.

``bid 2`` says how many tricks the player will take; ``play 14`` plays the card numbered 14.
"""

from __future__ import annotations

from dataclasses import dataclass

from aerodeck.core.api import Action
from aerodeck.core.errors import NotationError, excerpt

CARDS = tuple(range(1, 19))
"""The deck: 18 cards numbered 1 to 18, the number is the card's rank and its name."""
MAX_HAND = 6
"""The largest hand the ``hand_size`` option allows (three players hold the whole deck)."""


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Say how many tricks this round the player will take."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` face up to the trick."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


# Interned: one object per move, in the order of the integer encoding (bids, then plays).
BIDS = tuple(Bid(n) for n in range(MAX_HAND + 1))
PLAYS = {card: Play(card) for card in CARDS}
ALL_ACTIONS: tuple[Action, ...] = (*BIDS, *PLAYS.values())


def parse(text: str) -> Action:
    """Read notation: ``bid N`` (or ``b N``), ``play N`` (or ``p N``)."""
    words = text.lower().split()
    if len(words) == 2 and words[1].isdigit():
        verb, number = words[0], int(words[1])
        if verb in ("bid", "b") and number <= MAX_HAND:
            return BIDS[number]
        if verb in ("play", "p") and number in PLAYS:
            return PLAYS[number]
    raise NotationError(
        f"cannot read {excerpt(text)}: write 'bid 0' to 'bid {MAX_HAND}' "
        f"or 'play 1' to 'play {CARDS[-1]}'"
    )
