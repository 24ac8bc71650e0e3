"""A heuristic High Card Tricks bot: it decides from its seat's view and the legal moves only.

It bids the tricks its hand should take: a card takes a trick about as often as every other
player holds a lower card, judged from the cards it has not seen. In play it takes a trick
while it still needs tricks (with the lowest card that beats the table, or its highest when
leading) and ducks once its bid is made (the highest card that loses, or its lowest when
leading).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp
from typing import Any

from aerodeck.core.api import Action, Observation
from aerodeck.core.decisions import GameBot
from aerodeck_toy.actions import CARDS, PLAYS, Bid
from aerodeck_toy.state import BID, MADE_BONUS


class HeuristicBot(GameBot):
    def decide(self, observation: Observation) -> Action:
        view = observation.view
        legal = observation.legal_actions
        hand = sorted(int(card) for card in view["hand"])
        if view["phase"] == BID:
            expected = expected_tricks(view, hand)
            bids = [action for action in legal if isinstance(action, Bid)]
            return min(bids, key=lambda bid: abs(bid.tricks - expected))  # the hook may bar one
        me = view["seats"][view["seat"]]
        on_table = [int(play["card"]) for play in view["trick"]]
        wants_tricks = me["tricks"] < me["bid"]
        return PLAYS[card_to_play(hand, max(on_table, default=None), wants_tricks)]


def expected_tricks(view: dict[str, Any], hand: Sequence[int]) -> float:
    """The tricks ``hand`` should take: per card, the chance that every other seat's card in
    that trick is lower, drawing them from the cards this seat has not seen."""
    unseen = [c for c in CARDS if c not in hand and str(c) not in view["played"]]
    others = len(view["seats"]) - 1
    return sum((sum(1 for c in unseen if c < card) / len(unseen)) ** others for card in hand)


def card_to_play(hand: Sequence[int], best: int | None, wants_tricks: bool) -> int:
    """The card to play from a sorted ``hand`` with ``best`` the highest card on the table
    (None: this seat leads)."""
    if best is None:
        return hand[-1] if wants_tricks else hand[0]
    winning = [card for card in hand if card > best]
    losing = [card for card in hand if card < best]
    if wants_tricks:
        return winning[0] if winning else hand[0]
    return losing[-1] if losing else hand[-1]


# --- evaluation of a position, for truncated search playouts ------------------------------------

EVAL_SCALE = 5.0  # points of lead that make a seat about e times likelier to win


def evaluate(view: dict[str, Any]) -> float:
    """The viewing seat's chance of winning, in [0, 1]: every seat's score if the round ended
    now (a bid made so far counts as made), through a softmax over the seats."""
    projected = [
        seat["score"]
        + (MADE_BONUS + seat["tricks"] if seat["bid"] == seat["tricks"] else seat["tricks"])
        for seat in view["seats"]
    ]
    top = max(projected)
    weights = [exp((points - top) / EVAL_SCALE) for points in projected]
    me: int = view["seat"]
    return weights[me] / sum(weights)
