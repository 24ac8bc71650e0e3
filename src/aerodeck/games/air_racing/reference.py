"""Air Racing's reference for the page: each card's title, kind (its colour band), cost and what
it does, keyed by the card's name in the views, in the language in use; the board reads
``does`` for a move's help and ``role`` for its piles."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.i18n import _
from aerodeck.games.air_racing.cards import (
    ACTIONS,
    BOOST,
    COSTS,
    DOLLAR,
    FAST,
    KINDS,
    MICROKNOT,
    NAMES,
    NIGHT_SHIFT,
    SPEED_MODS,
    SPONSORSHIP,
    TEAM_EFFORT,
    TITLES,
    WIND_TUNNEL,
)


def _kind(card: int) -> str:
    if card == DOLLAR:
        return "money"
    if card in SPEED_MODS:
        return "attack"
    return "special" if card in ACTIONS else "plain"


def _role(kind: str) -> str:
    roles = {"money": _("money"), "attack": _("speed mod"), "special": _("action")}
    return roles.get(kind, _("card"))


def does(card: int) -> str:
    """What a card does, in the rulebook's words."""
    words = {
        DOLLAR: _("$1 to spend in the buy phase"),
        MICROKNOT: _("+½ tile of speed in the race, for good"),
        FAST: _("+1 on every skill check in the race (pylon cuts, Boost backfires)"),
        BOOST: _(
            "+3 speed for one race turn, then a backfire check; used once, then returned to the box"
        ),
        NIGHT_SHIFT: _("draw 3 cards"),
        SPONSORSHIP: _("one more buy this turn and $2 more to spend"),
        TEAM_EFFORT: _(
            "draw 1 card and play 2 more action cards; one of them may instead be a redraw: "
            "discard any cards from your hand and draw as many"
        ),
        WIND_TUNNEL: _(
            "play another action card from your hand twice for one action, or take $2 to spend"
        ),
    }
    return words[card]


def reference() -> JSON:
    cards: JSON = {}
    for k in KINDS:
        kind = _kind(k)
        role = _role(kind)
        cards[NAMES[k]] = {
            "title": TITLES[k],
            "kind": kind,
            "role": role,
            "cost": COSTS[k],
            "does": does(k),
            "lines": [role, _("cost ${cost}", cost=COSTS[k])],
            "text": _(
                "{card}: {role}, costs ${cost}. {does}",
                card=TITLES[k],
                role=role,
                cost=COSTS[k],
                does=does(k),
            ),
        }
    return {"cards": cards, "tables": []}


def card_table() -> JSON:
    """The cards as one table for the terminal: title, price and what each does."""
    return {
        "title": _("The cards"),
        "columns": [_("card"), _("price"), _("what it does")],
        "rows": [[TITLES[k], f"${COSTS[k]}", does(k)] for k in KINDS],
    }
