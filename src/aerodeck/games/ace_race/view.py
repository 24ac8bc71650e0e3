"""What each seat may know (views), worlds consistent with it (determinization) and the
conservation check."""

from __future__ import annotations

from typing import cast

from aerodeck.core.api import JSON, OVER
from aerodeck.core.rng import shuffle
from aerodeck.games.ace_race.actions import SUIT_OF_RULE
from aerodeck.games.ace_race.cards import NUM_CARDS, TEXT, hand_texts, texts
from aerodeck.games.ace_race.legal import MULTIPLE, ON_JOKER, RULE_NAMES, need_text
from aerodeck.games.ace_race.state import DRAWN, GIVE, TURN, AceRaceBase


class Information(AceRaceBase):
    __slots__ = ()

    def _view(self, player: int | None) -> JSON:
        rs = self.rs
        out: JSON = {
            "game": self.game.id,
            "seat": player,
            "phase": self.phase,
            "to_act": self.to_act,
            "game_number": self.game_no,
            "games": self.game.options["games"],
            "wins": list(self.wins),
            "dealer": self.dealer,
            "previous_winners": list(self.prev_winners),
            "hand_sizes": [len(h) for h in self.hands],
            "draw_size": len(self.draw),
            "pile": texts(self.pile),
            "top_run": self.top_run(),
            "bid": {
                "high": self.bid_high,
                "leader": self.bid_leader,
                "passed": list(self.bid_out),
                "winner": self.bid_winner,
            },
            "rule": None,
            "turn": self.turns,
            "max_turns": self.game.options["max_turns"],
            "idle": self.idle,
            "giver": self.to_act if self.phase == GIVE else None,
            "give_left": self.give_left if self.phase == GIVE else 0,
            "winners": self.winners,
        }
        if rs is not None:
            out["rule"] = {
                "rule": rs.rule,
                "name": RULE_NAMES[rs.rule],
                "suit": rs.suit,
                "ace": SUIT_OF_RULE[rs.rule],
                "last": texts(rs.last),
                "last_kind": rs.kind,
                "direction": {1: "higher", -1: "lower"}.get(rs.direction),
                "need": need_text(rs),
            }
        if player is not None:
            out["hand"] = hand_texts(self.hands[player])
            if self.phase == DRAWN and self.to_act == player:
                out["drawn"] = TEXT[self.drawn]
        return out

    def _determinize(self, player: int, seed: int) -> Information:
        """Redeal what ``player`` cannot see: other hands and the draw pile.

        Cards ``player`` gave away and that are still in the receiver's hand stay there.
        """
        new = cast(Information, self.clone())  # a clone is of this state's own class
        known: dict[int, list[int]] = {s: [] for s in range(self.n)}
        for giver, receiver, c in self.gifts:
            if giver == player and c in self.hands[receiver] and c not in known[receiver]:
                known[receiver].append(c)
        pool = list(self.draw)
        for s in range(self.n):
            if s != player:
                pool.extend(c for c in self.hands[s] if c not in known[s])
        pool.sort()  # a canonical order: the result may depend only on what the seat knows
        new.rng_seed = shuffle(seed, pool)
        hands = list(self.hands)
        for s in range(self.n):
            if s != player:
                size = len(hands[s]) - len(known[s])
                hands[s], pool = (*known[s], *pool[:size]), pool[size:]
        new.hands = tuple(hands)
        new.draw = tuple(pool)
        if self.phase == DRAWN and self.to_act != player:
            new.drawn = hands[self.to_act][-1] if self.to_act is not None else -1
        return new

    def check_invariants(self) -> None:
        """All 54 cards are somewhere exactly once; the drawn card is in the drawer's hand."""
        every = [*self.draw, *self.pile, *(c for h in self.hands for c in h)]
        assert len(every) == NUM_CARDS and set(every) == set(range(NUM_CARDS)), (
            "cards not conserved"
        )
        if self.phase == DRAWN:
            assert self.to_act is not None and self.drawn in self.hands[self.to_act]
        if self.phase in (TURN, DRAWN, GIVE):
            assert self.rs is not None
            assert all(h for h in self.hands), "a game goes on only while every hand holds cards"
        assert self.rs is None or self.rs.kind != ON_JOKER or len(self.rs.last) == 1
        assert self.rs is None or self.rs.kind != MULTIPLE or len(self.rs.last) >= 2
        assert sum(self.wins) >= self.game_no - (0 if self.phase == OVER else 1)
