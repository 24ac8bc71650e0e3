"""Aces versus Aces' reference for the page: what each card and Ace coin scores, keyed by its
text in the views (a coin as ``coin:<name>``)."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.cards import CARDS
from aerodeck.games.aces_versus_aces.state import COIN_NAMES, COIN_POINTS, WON_POINTS


def reference() -> JSON:
    cards: JSON = {}
    for card in CARDS:
        points = WON_POINTS[card.index]
        won = "an Ace scores by its coin" if card.is_ace else f"{points} point(s) when won"
        cards[card.text] = {"points": points, "text": f"{card.text}: {won}"}
    for name, points in zip(COIN_NAMES[1:], COIN_POINTS[1:], strict=True):
        cards[f"coin:{name}"] = {"points": points, "text": f"Ace coin {name}: {points} points"}
    return {"cards": cards, "tables": []}
