"""The High Card Tricks state's fields (every slot an immutable value, so ``clone`` shares
them), its phases and the public facts read off them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodeck.core.api import TurnState

if TYPE_CHECKING:
    from aerodeck_toy.game import HighCardTricks

BID, PLAY = "bid", "play"
MADE_BONUS = 10
"""A bid made exactly scores this plus the bid; a missed bid scores 1 a trick taken."""

Hand = tuple[int, ...]
Trick = tuple[tuple[int, int], ...]
"""The cards played to a trick so far, as (seat, card) in the order they were played."""


class TricksBase(TurnState):
    """The whole table. Every slot holds an immutable value, so ``clone`` shares them."""

    __slots__ = (
        "bids",
        "deck",
        "hands",
        "last_trick",
        "leader",
        "n",
        "played",
        "rng_seed",
        "round",
        "scores",
        "trick",
        "tricks",
    )

    game: HighCardTricks
    n: int
    rng_seed: int
    round: int
    leader: int  # who bids first and leads the first trick this round
    hands: tuple[Hand, ...]
    deck: Hand  # the cards nobody was dealt this round (face down)
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]  # tricks taken this round
    scores: tuple[int, ...]
    trick: Trick
    last_trick: Trick
    played: Hand  # every card played this round, in order (public)

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.n

    def round_points(self, seat: int) -> int:
        """What ``seat`` scores if the round ends with the tricks taken so far."""
        bid, taken = self.bids[seat], self.tricks[seat]
        return MADE_BONUS + taken if bid == taken else taken

    def trick_winner(self) -> int:
        """The seat whose card is highest in the current trick."""
        return max(self.trick, key=lambda played: played[1])[0]
