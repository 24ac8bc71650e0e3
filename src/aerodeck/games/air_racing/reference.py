"""Air Racing's reference for the page: each card's title, kind (its colour band) and cost, keyed
by the card's name in the views."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.games.air_racing.cards import (
    ACTIONS,
    COSTS,
    DOLLAR,
    KINDS,
    NAMES,
    SPEED_MODS,
    TITLES,
)

_ROLES = {"money": "money", "attack": "speed mod", "special": "action"}


def _kind(card: int) -> str:
    if card == DOLLAR:
        return "money"
    if card in SPEED_MODS:
        return "attack"
    return "special" if card in ACTIONS else "plain"


def reference() -> JSON:
    cards: JSON = {}
    for k in KINDS:
        kind = _kind(k)
        role = _ROLES.get(kind, "card")
        cards[NAMES[k]] = {
            "title": TITLES[k],
            "kind": kind,
            "lines": [role, f"cost ${COSTS[k]}"],
            "text": f"{TITLES[k]}: {role}, costs ${COSTS[k]}",
        }
    return {"cards": cards, "tables": []}
