"""What each seat may know (views), worlds consistent with it (determinization) and the
conservation check."""

from __future__ import annotations

from typing import cast

from aerodeck.core.api import JSON
from aerodeck.core.cards import CARDS, Card
from aerodeck.core.rng import shuffle
from aerodeck.games.aces_versus_aces.state import COIN_NAMES, COMMAND_MARKERS, AvABase


class Information(AvABase):
    __slots__ = ()

    def _view(self, player: int | None) -> JSON:
        seats = []
        for s in range(self.n):
            seats.append(
                {
                    "seat": s,
                    "in_game": self.active[s],
                    "markers": self.pennies[s],
                    "score": self.scores[s],
                    "hand_size": len(self.hands[s]),
                    "committed": self.commits[s] is not None,
                    "won": [str(c) for c in self.won[s]],
                    "coins": [COIN_NAMES[c] for c in self.coins[s]],
                }
            )
        out: JSON = {
            "game": self.game.id,
            "seat": player,
            "round": self.round,
            "hand_number": self.hand_no,
            "phase": self.phase,
            "to_act": self.to_act,
            "target": self.game.options["target"],
            "deck": len(self.deck),
            "discards": [str(c) for c in self.discards],
            "aces_played": self.aces_played,
            "last_plays": [None if c is None else str(c) for c in self.last_plays],
            "seats": seats,
            "winners": self.winners,
        }
        if player is not None:
            out["hand"] = [str(c) for c in self.hands[player]]
            commit = self.commits[player]
            out["my_play"] = None if commit is None else str(commit)
        return out

    def _determinize(self, player: int, seed: int) -> Information:
        """Redeal what ``player`` cannot see: other hands, others' face-down plays, the deck."""
        new = cast(Information, self.clone())  # a clone is of this state's own class
        pool = list(self.deck)
        for s in range(self.n):
            if s != player:
                pool.extend(self.hands[s])
                commit = self.commits[s]
                if commit is not None:
                    pool.append(commit)
        # Canonical order first: the redeal must depend only on what the seat knows.
        pool.sort(key=_card_index)
        new.rng_seed = shuffle(seed, pool)
        hands = list(self.hands)
        commits = list(self.commits)
        for s in range(self.n):
            if s != player:
                size = len(hands[s])
                hands[s], pool = tuple(pool[:size]), pool[size:]
                if commits[s] is not None:
                    commits[s] = pool.pop()
        new.hands = tuple(hands)
        new.commits = tuple(commits)
        new.deck = tuple(pool)
        return new

    def check_invariants(self) -> None:
        """All 52 cards are somewhere exactly once; coins and markers stay in range."""
        every = self.all_cards()
        assert len(every) == len(CARDS) and set(every) == set(CARDS), "cards not conserved"
        coins = [c for seat in self.coins for c in seat]
        assert len(coins) == len(set(coins)) and all(1 <= c <= 3 for c in coins), "coins"
        assert sum(1 for c in every if c.is_ace) == 4
        assert all(0 <= p <= COMMAND_MARKERS for p in self.pennies), "markers"
        assert all(p > 0 for p, a in zip(self.pennies, self.active, strict=True) if a)


def _card_index(c: Card) -> int:
    return c.index
