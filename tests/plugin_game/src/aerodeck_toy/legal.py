"""Which moves are open (the legal list) and why a move is not."""

from __future__ import annotations

from aerodeck.core.api import OVER, Action
from aerodeck_toy.actions import BIDS, PLAYS, Bid, Play
from aerodeck_toy.state import BID, TricksBase


class LegalMoves(TricksBase):
    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        if self.phase == BID:
            hooked = self.hooked_bid()
            return [bid for bid in BIDS[: self.game.hand_size + 1] if bid.tricks != hooked]
        return [PLAYS[card] for card in self.hands[seat]]

    def hooked_bid(self) -> int | None:
        """The one bid the hook rule forbids now: the last bidder's bid that would make the bids
        add up to the tricks of the round (None: no bid is forbidden)."""
        if not self.game.options["hook"] or sum(b is None for b in self.bids) != 1:
            return None
        return self.game.hand_size - sum(b for b in self.bids if b is not None)

    def why_illegal(self, action: Action) -> str:
        if self.phase == OVER:
            return "the game is over"
        if isinstance(action, Bid):
            if self.phase != BID:
                return "the bids are in: now each player plays a card to the trick"
            if action.tricks > self.game.hand_size:
                return f"a bid is 0 to {self.game.hand_size}, the cards in a hand"
            return (
                f"hook rule: the last bid may not make the bids add up to "
                f"{self.game.hand_size} tricks"
            )
        if isinstance(action, Play):
            if self.phase == BID:
                return "every player bids before the first card is played"
            return f"you do not hold {action.card}"
        return f"{action} is not a move of this game"
