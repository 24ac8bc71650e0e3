"""What each seat may know (views), worlds consistent with it (determinization) and the
conservation check."""

from __future__ import annotations

from typing import cast

from aerodeck.core.api import JSON
from aerodeck.core.rng import shuffle
from aerodeck_toy.actions import CARDS
from aerodeck_toy.state import TricksBase


class Information(TricksBase):
    __slots__ = ()

    def _view(self, player: int | None) -> JSON:
        view: JSON = {
            "game": self.game.id,
            "seat": player,
            "round": self.round,
            "rounds": self.game.options["rounds"],
            "hand_size": self.game.hand_size,
            "phase": self.phase,
            "to_act": self.to_act,
            "leader": self.leader,
            "trick": [{"seat": seat, "card": str(card)} for seat, card in self.trick],
            "last_trick": [{"seat": seat, "card": str(card)} for seat, card in self.last_trick],
            "played": [str(card) for card in self.played],
            "seats": [
                {
                    "seat": seat,
                    "bid": self.bids[seat],
                    "tricks": self.tricks[seat],
                    "score": self.scores[seat],
                    "cards": len(self.hands[seat]),
                }
                for seat in range(self.n)
            ],
            "winners": self.winners,
        }
        if player is not None:
            view["hand"] = [str(card) for card in self.hands[player]]
        return view

    def _determinize(self, player: int, seed: int) -> Information:
        """Redeal what ``player`` cannot see: the other hands and the undealt cards."""
        new = cast(Information, self.clone())  # a clone is of this state's own class
        pool = list(self.deck)
        for seat in range(self.n):
            if seat != player:
                pool.extend(self.hands[seat])
        pool.sort()  # canonical order first: the redeal depends only on what the seat knows
        new.rng_seed = shuffle(seed, pool)
        hands = list(self.hands)
        for seat in range(self.n):
            if seat != player:
                size = len(hands[seat])
                hands[seat], pool = tuple(sorted(pool[:size])), pool[size:]
        new.hands = tuple(hands)
        new.deck = tuple(pool)
        return new

    def check_invariants(self) -> None:
        """Every card is in exactly one place; the hands shrink together, trick by trick."""
        everywhere = [*self.deck, *self.played, *(c for hand in self.hands for c in hand)]
        assert sorted(everywhere) == list(CARDS), "cards not conserved"
        on_table = [card for _, card in self.trick]
        assert on_table == list(self.played[len(self.played) - len(on_table) :]), "the trick"
        assert sum(self.tricks) * self.n + len(self.trick) == len(self.played), "tricks"
        played_now = {seat for seat, _ in self.trick}
        sizes = {len(hand) + (seat in played_now) for seat, hand in enumerate(self.hands)}
        assert len(sizes) == 1, "the hands are out of step"
