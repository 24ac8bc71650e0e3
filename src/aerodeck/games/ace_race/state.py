"""The Ace Race state's fields (every slot an immutable value, so ``clone`` shares them), its
phases and the public facts read off them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodeck.core.api import TurnState
from aerodeck.games.ace_race.cards import VALUE

if TYPE_CHECKING:
    from aerodeck.games.ace_race.game import AceRace
    from aerodeck.games.ace_race.legal import RuleState, Table

BID, RULE, GIVE, TURN, DRAWN = "bid", "rule", "give", "turn", "drawn"
GIVEAWAY_CARDS = 2
Hand = tuple[int, ...]


def hand_size(players: int) -> int:
    return 8 if players == 6 else 12


class AceRaceBase(TurnState):
    """The whole table. Every slot holds an immutable value, so ``clone`` shares them."""

    __slots__ = (
        "bid_high",
        "bid_leader",
        "bid_out",
        "bid_winner",
        "dealer",
        "draw",
        "drawn",
        "game_no",
        "gifts",
        "give_left",
        "givers",
        "hands",
        "idle",
        "n",
        "next_after_give",
        "pile",
        "prev_winners",
        "rng_seed",
        "rs",
        "tbl",
        "turns",
        "wins",
    )

    game: AceRace
    n: int
    rng_seed: int
    game_no: int
    dealer: int
    wins: tuple[int, ...]
    prev_winners: tuple[int, ...]
    hands: tuple[Hand, ...]
    draw: Hand
    pile: Hand
    rs: RuleState | None
    tbl: Table | None  # table(self.rs), kept beside it: read at every decision
    bid_high: int
    bid_leader: int
    bid_out: tuple[bool, ...]
    bid_winner: int
    givers: tuple[int, ...]
    give_left: int
    next_after_give: int
    gifts: tuple[tuple[int, int, int], ...]
    drawn: int
    idle: int
    turns: int

    def top_run(self) -> int:
        """R9: how many cards of one value lie together on top of the pile (a joker parts them)."""
        pile = self.pile
        if not pile or not VALUE[pile[-1]]:
            return 0
        value = VALUE[pile[-1]]
        count = 0
        for c in reversed(pile):
            if VALUE[c] != value:
                break
            count += 1
        return count
