"""High Card Tricks as a pure state machine (no I/O): the set-up, then each move carried out.

A round: deal, everyone bids from the leader round the table, then tricks until the hands are
empty (the highest card takes a trick and leads the next); score; after the last round the
highest total wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import Action
from aerodeck.core.errors import ConfigError
from aerodeck.core.rng import shuffle
from aerodeck.core.setups import check_setup_keys
from aerodeck.core.tuples import replace_at, without
from aerodeck_toy.actions import CARDS, Bid, Play
from aerodeck_toy.legal import LegalMoves
from aerodeck_toy.state import BID, PLAY, Hand
from aerodeck_toy.view import Information

if TYPE_CHECKING:
    from aerodeck_toy.game import HighCardTricks


class TricksState(LegalMoves, Information):
    """One game of High Card Tricks in progress: set-up and the moves carried out."""

    __slots__ = ()

    def __init__(
        self, game: HighCardTricks, seed: int | None, setup: Mapping[str, Any] | None
    ) -> None:
        super().__init__(game, seed, setup)
        self.n = game.players
        self.rng_seed = self.seed
        self.round = 0
        self.scores = (0,) * self.n
        self.result = None
        self.last_trick = ()
        self._start_round(self._stacked_hands(setup) if setup else None)

    def _stacked_hands(self, setup: Mapping[str, Any]) -> tuple[Hand, ...]:
        """A scenario's first-round hands: ``{"hands": [[card, ...], ...]}``, one list a seat."""
        check_setup_keys(setup, ("hands",))
        hands = setup.get("hands")
        size = self.game.hand_size
        if (
            not isinstance(hands, list)
            or len(hands) != self.n
            or not all(isinstance(h, list) and len(h) == size for h in hands)
        ):
            raise ConfigError(f"setup hands: one list of {size} cards per seat ({self.n})")
        cards = [c for h in hands for c in h]
        if not all(type(c) is int and c in CARDS for c in cards) or len(set(cards)) != len(cards):
            raise ConfigError(f"setup hands: different cards from {CARDS[0]} to {CARDS[-1]}")
        return tuple(tuple(h) for h in hands)

    # --- a round ----------------------------------------------------------------------------

    def _start_round(self, stacked: tuple[Hand, ...] | None = None) -> None:
        """Shuffle, deal ``hand_size`` cards a seat, and ask the leader for the first bid."""
        self.round += 1
        self.leader = (self.round - 1) % self.n
        size = self.game.hand_size
        given = [c for h in stacked for c in h] if stacked else []
        rest = [c for c in CARDS if c not in given]
        self.rng_seed = shuffle(self.rng_seed, rest)
        if stacked:
            hands = stacked
        else:
            hands = tuple(tuple(rest[s * size : (s + 1) * size]) for s in range(self.n))
            rest = rest[self.n * size :]
        self.hands = tuple(tuple(sorted(hand)) for hand in hands)
        self.deck = tuple(rest)
        self.bids = (None,) * self.n
        self.tricks = (0,) * self.n
        self.trick = ()
        self.played = ()
        self.phase, self.to_act = BID, self.leader
        self._emit(
            {"type": "deal", "round": self.round, "leader": self.leader},
            {seat: {"hand": [str(c) for c in self.hands[seat]]} for seat in range(self.n)},
        )

    def _apply(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        if isinstance(action, Bid):
            self._bid(seat, action.tricks)
        else:
            assert isinstance(action, Play)
            self._play(seat, action.card)

    def _bid(self, seat: int, tricks: int) -> None:
        self.bids = replace_at(self.bids, seat, tricks)
        self._emit({"type": "bid", "seat": seat, "tricks": tricks})
        following = self.next_seat(seat)
        if following == self.leader:  # everyone has bid: the leader leads the first trick
            self.phase = PLAY
        self.to_act = following

    def _play(self, seat: int, card: int) -> None:
        self.hands = replace_at(self.hands, seat, without(self.hands[seat], card))
        self.trick += ((seat, card),)
        self.played += (card,)
        self._emit({"type": "play", "seat": seat, "card": str(card)})
        if len(self.trick) < self.n:
            self.to_act = self.next_seat(seat)
            return
        winner = self.trick_winner()
        self.tricks = replace_at(self.tricks, winner, self.tricks[winner] + 1)
        self._emit({"type": "trick", "seat": winner, "card": str(max(c for _, c in self.trick))})
        self.last_trick, self.trick = self.trick, ()
        if self.hands[winner]:
            self.to_act = winner
        else:
            self._end_round()

    def _end_round(self) -> None:
        points = [self.round_points(seat) for seat in range(self.n)]
        self.scores = tuple(s + p for s, p in zip(self.scores, points, strict=True))
        self._emit(
            {
                "type": "round_end",
                "round": self.round,
                "bids": list(self.bids),
                "tricks": list(self.tricks),
                "points": points,
                "scores": list(self.scores),
            }
        )
        if self.round < self.game.options["rounds"]:
            self._start_round()
            return
        best = max(self.scores)
        winners = [seat for seat in range(self.n) if self.scores[seat] == best]
        self._end(winners)
        self._emit({"type": "game_end", "winners": winners, "scores": list(self.scores)})
