"""Aces versus Aces' reference: what each card and Ace coin scores, keyed by its text in the
views (a coin as ``coin:<name>``) for the page, and the same as one table for a reader."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.cards import CARDS
from aerodeck.core.text import plural
from aerodeck.games.aces_versus_aces.state import COIN_NAMES, COIN_POINTS, WON_POINTS

ACE_SCORES = "by its Ace coin"


def reference() -> JSON:
    cards: JSON = {}
    for card in CARDS:
        points = WON_POINTS[card.index]
        won = (
            f"an Ace scores {ACE_SCORES}" if card.is_ace else f"{plural(points, 'point')} when won"
        )
        cards[card.text] = {"points": points, "text": f"{card.text}: {won}"}
    coins = list(zip(COIN_NAMES[1:], COIN_POINTS[1:], strict=True))
    for name, points in coins:
        cards[f"coin:{name}"] = {"points": points, "text": f"Ace coin {name}: {points} points"}
    return {"cards": cards, "tables": [_scores(coins)]}


def _scores(coins: list[tuple[str, int]]) -> JSON:
    """One row per value a won card scores (the ranks that score it), then each Ace coin."""
    ranks: dict[int, list[str]] = {}
    for card in CARDS:
        if card.suit == CARDS[0].suit and not card.is_ace:
            ranks.setdefault(WON_POINTS[card.index], []).append(card.text[:-1])
    rows = [
        [", ".join(names), f"{plural(points, 'point')} each"] for points, names in ranks.items()
    ]
    rows.append(["A", ACE_SCORES])
    rows += [[f"Ace coin {name}", plural(points, "point")] for name, points in coins]
    return {"title": "What a won card scores", "columns": ["cards", "score"], "rows": rows}
