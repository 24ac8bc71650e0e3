"""A heuristic Aces versus Aces bot: it decides from its seat's view and the legal moves only.

Plan: an Ace wins its coin and avoids the fourth-Ace penalty, so play it at once; a King is safe
once every other Ace is accounted for; otherwise spend the lowest numbered card (losing it costs
one point, while a beaten face card costs a command marker). After the draw, replace a low card.
"""

from __future__ import annotations

import random

from aerodeck.core.api import Action, Game, Observation
from aerodeck.core.cards import ACE, KING, Card, card
from aerodeck.games.aces_versus_aces.actions import DISCARDS, KEEP, PLAYS

LOW_CARD = 4  # numbered cards up to this rank are worth replacing after the draw


class HeuristicBot:
    name = "heuristic"

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        view = observation.view
        legal = set(observation.legal_actions)
        hand = sorted((card(t) for t in view["hand"]), key=lambda c: c.rank)
        if view["phase"] == "discard":
            low = [c for c in hand if c.rank <= LOW_CARD]
            return DISCARDS[low[0].index] if low and DISCARDS[low[0].index] in legal else KEEP
        choice = self._play(view, hand)
        action = PLAYS[choice.index]
        return action if action in legal else observation.legal_actions[0]

    def _play(self, view: dict[str, object], hand: list[Card]) -> Card:
        aces = [c for c in hand if c.rank == ACE]
        if aces:
            return aces[0]
        kings = [c for c in hand if c.rank == KING]
        if kings and _unseen_aces(view, hand) == 0:
            return kings[0]
        numbered = [c for c in hand if not c.is_face]
        if numbered:
            return numbered[0]
        return hand[-1] if _unseen_aces(view, hand) == 0 else hand[0]


def _unseen_aces(view: dict[str, object], hand: list[Card]) -> int:
    """Aces not in my hand, not played and not in the discard pile: they may still beat me."""
    seen = sum(1 for t in view["discards"] if t.startswith("A"))  # type: ignore[attr-defined]
    seen += sum(
        1
        for seat in view["seats"]  # type: ignore[attr-defined]
        for t in seat["won"]
        if t.startswith("A")
    )
    mine = sum(1 for c in hand if c.rank == ACE)
    return max(0, 4 - seen - mine)
