"""The Aces versus Aces state's fields (every slot an immutable value, so ``clone`` shares
them), its phases, the card values and the public facts read off them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodeck.core.api import TurnState
from aerodeck.core.cards import CARDS, JACK, KING, Card

if TYPE_CHECKING:
    from aerodeck.games.aces_versus_aces.game import AcesVersusAces

HAND_SIZE = 4
COMMAND_MARKERS = 5
COIN_NAMES = ("", "nickel", "dime", "quarter")
COIN_POINTS = (0, 3, 5, 8)
FOURTH_ACE_PENALTY = 5
PLAY, DISCARD = "play", "discard"

Hand = tuple[Card, ...]

FACES = frozenset(c for c in CARDS if JACK <= c.rank <= KING)
"""The face cards, for a set test on the hot path instead of the ``Card.is_face`` property."""
SEAT_KEYS = tuple(str(s) for s in range(8))
"""Seat numbers as the strings event keys use, made once."""


def seat_order(lead: int, active: tuple[bool, ...]) -> tuple[int, ...]:
    """Seats still in the game from ``lead`` round the table (R10)."""
    n = len(active)
    return tuple(s for s in (*range(lead, n), *range(lead)) if active[s])


def card_points(c: Card) -> int:
    """End-of-round value of a non-Ace card: numbered 1, face 2."""
    return 2 if c.is_face else 1


WON_POINTS = tuple(0 if c.is_ace else card_points(c) for c in CARDS)
"""By card index: what a won card scores at the end of a round (Aces score by their coin)."""
HELD_POINTS = tuple(-FOURTH_ACE_PENALTY if c.is_ace else card_points(c) for c in CARDS)
"""By card index: what a card still in hand scores at the end of a round (R6)."""


class AvABase(TurnState):
    """The whole table. Every slot holds an immutable value, so ``clone`` shares them."""

    __slots__ = (
        "aces_played",
        "active",
        "coins",
        "commits",
        "deck",
        "discards",
        "hand_no",
        "hands",
        "last_plays",
        "lead",
        "n",
        "pennies",
        "rng_seed",
        "round",
        "scores",
        "seats",
        "won",
    )

    game: AcesVersusAces
    n: int
    rng_seed: int
    round: int
    lead: int
    hand_no: int
    active: tuple[bool, ...]
    seats: tuple[int, ...]  # order(), kept up to date
    pennies: tuple[int, ...]
    scores: tuple[int, ...]
    hands: tuple[Hand, ...]
    deck: Hand
    discards: Hand
    won: tuple[Hand, ...]
    coins: tuple[tuple[int, ...], ...]
    commits: tuple[Card | None, ...]
    last_plays: tuple[Card | None, ...]
    aces_played: int

    def order(self) -> tuple[int, ...]:
        """Seats still in the game, from this round's lead (R10)."""
        return self.seats

    def round_points(self, seat: int) -> int:
        """Points of ``seat`` if the round ended now: won cards, Ace coins, held cards (R6)."""
        won = sum([WON_POINTS[c.index] for c in self.won[seat]])
        coins = sum([COIN_POINTS[c] for c in self.coins[seat]])
        held = sum([HELD_POINTS[c.index] for c in self.hands[seat]])
        return won + coins + held

    def all_cards(self) -> list[Card]:
        """Every card wherever it is (for the conservation check): always the full deck."""
        out = list(self.deck) + list(self.discards)
        for s in range(self.n):
            out.extend(self.hands[s])
            out.extend(self.won[s])
            commit = self.commits[s]
            if commit is not None:
                out.append(commit)
        return out
