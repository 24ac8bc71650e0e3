"""Race to Ace's reference for the page: each card's title, kind (its colour band) and count,
keyed by the card's word in the views."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.games.race_to_ace.cards import ATTACK, COUNTS, DEFENCE, KINDS, NAMES, WORDS


def _kind(card: int) -> str:
    return "attack" if card in ATTACK else "defense" if card in DEFENCE else "special"


def reference() -> JSON:
    cards: JSON = {}
    for k in KINDS:
        kind = _kind(k)
        cards[WORDS[k]] = {
            "title": NAMES[k].title(),
            "kind": kind,
            "lines": [kind, f"{COUNTS[k]} in the deck"],
            "text": f"{NAMES[k]}: {kind} card, {COUNTS[k]} in the deck",
        }
    return {"cards": cards, "tables": []}
