"""A heuristic Aces versus Aces bot: it decides from its seat's view and the legal moves only.

The winner of a hand keeps its own card as well, so playing a card only costs something when it
loses. For each card in hand the bot estimates, from the cards it has not seen, the chance that
every opponent plays lower (a win), the same rank (a tie) or higher (a loss), and plays the card
with the best expected points: the cards won (and the Ace coin) against the card's own value,
plus a command marker's price when a face card loses (dearer as markers run out). After the draw
it replaces a low numbered card, which almost never wins a hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import exp
from typing import Any

from aerodeck.core.api import Action, Observation
from aerodeck.core.cards import ACE, CARDS, Card, card
from aerodeck.core.decisions import GameBot
from aerodeck.games.aces_versus_aces.actions import DISCARDS, KEEP, PLAYS
from aerodeck.games.aces_versus_aces.state import (
    COIN_NAMES,
    COIN_POINTS,
    FOURTH_ACE_PENALTY,
    HELD_POINTS,
    WON_POINTS,
    card_points,
)

LOW_CARD = 5  # numbered cards up to this rank are worth replacing after the draw
AVERAGE_CARD = 1.3  # points of an unseen non-Ace card, roughly: 36 numbered (1) and 12 face (2)


class HeuristicBot(GameBot):
    def decide(self, observation: Observation) -> Action:
        view = observation.view
        legal = observation.legal_actions
        hand = [card(t) for t in view["hand"]]
        if view["phase"] == "discard":
            low = sorted((c for c in hand if not c.is_face and c.rank <= LOW_CARD), key=_rank)
            return DISCARDS[low[0].index] if low else KEEP
        ranks = unseen_ranks(view, hand)  # once a decision: it is the dear part
        best = max(hand, key=lambda c: (expected_points(view, hand, c, ranks), -c.rank))
        action = PLAYS[best.index]
        return action if action in legal else legal[0]


def _rank(c: Card) -> int:
    return c.rank


def unseen_ranks(view: dict[str, Any], hand: Sequence[Card]) -> Counter[int]:
    """Ranks of the cards this seat has not seen (other hands and the deck), by count."""
    seen = {c.index for c in hand}
    seen.update(card(t).index for t in view["discards"])
    for seat in view["seats"]:
        seen.update(card(t).index for t in seat["won"])
    return Counter(c.rank for c in CARDS if c.index not in seen)


def expected_points(
    view: dict[str, Any], hand: Sequence[Card], chosen: Card, ranks: Counter[int] | None = None
) -> float:
    """Expected points from playing ``chosen`` against opponents who play unseen cards
    (``ranks``: ``unseen_ranks(view, hand)``, when the caller already has it)."""
    me = view["seat"]
    opponents = sum(
        1 for s in view["seats"] if s["seat"] != me and s["in_game"] and s["hand_size"] > 0
    )
    if ranks is None:
        ranks = unseen_ranks(view, hand)
    total = sum(ranks.values()) or 1
    below = sum(n for r, n in ranks.items() if r < chosen.rank) / total
    at_most = below + ranks[chosen.rank] / total
    win = below**opponents
    lose = 1 - at_most**opponents
    tie = 1 - win - lose
    own = card_points(chosen)
    gain = opponents * AVERAGE_CARD
    if chosen.rank == ACE:
        coin = COIN_POINTS[min(view["aces_played"] + 1, 3)]
        # An Ace kept to the end costs 5: playing it spends that penalty in every outcome.
        return win * (gain + coin) + FOURTH_ACE_PENALTY
    mine = view["seats"][me]["markers"]
    marker = 2.0 + 12.0 / mine if chosen.is_face else 0.0
    return win * gain - (lose + tie) * own - lose * marker


# --- evaluation of a position, for truncated search playouts ------------------------------------

EVAL_SCALE = 6.0  # points of lead that make a position worth about 0.73
MARKER_DANGER = 4.0  # points a seat down to its last command marker is worth less


def evaluate(view: dict[str, Any]) -> float:
    """How good the position is for the seat whose view this is, in [0, 1]: each seat's score
    plus what it would score if the round ended now (won cards and coins are public; my own
    held cards I know, an opponent's count at the average unseen card's worth), less a danger
    for a seat about to lose its last command marker (out of the game, R5)."""
    me = view["seat"]
    if not view["seats"][me]["in_game"]:
        return 0.0

    def standing(seat: dict[str, Any], held: float) -> float:
        won = sum(WON_POINTS[card(t).index] for t in seat["won"])
        coins = sum(COIN_POINTS[COIN_NAMES.index(name)] for name in seat["coins"])
        danger = MARKER_DANGER if seat["markers"] == 1 else 0.0
        return float(seat["score"] + won + coins + held - danger)

    own = sum(HELD_POINTS[card(t).index] for t in view["hand"])
    mine = standing(view["seats"][me], own)
    rivals = [
        standing(s, AVERAGE_CARD * s["hand_size"])
        for s in view["seats"]
        if s["seat"] != me and s["in_game"]
    ]
    if not rivals:
        return 1.0
    return 1.0 / (1.0 + exp(-(mine - max(rivals)) / EVAL_SCALE))
