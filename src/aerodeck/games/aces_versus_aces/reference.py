"""Aces versus Aces' reference: what each card and Ace coin scores, keyed by its text in the
views (a coin as ``coin:<name>``) for the page, and the same as one table for a reader, in the
language in use."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.cards import CARDS
from aerodeck.core.i18n import _, n_
from aerodeck.games.aces_versus_aces.state import COIN_NAMES, COIN_POINTS, WON_POINTS
from aerodeck.games.aces_versus_aces.words import card as printed
from aerodeck.games.aces_versus_aces.words import coin


def reference() -> JSON:
    cards: JSON = {}
    for card in CARDS:
        points = WON_POINTS[card.index]
        if card.is_ace:
            text = _(
                "{card}: an Ace scores by the coin it takes (nickel 3, dime 5, quarter 8); "
                "still held at the end of the round it costs 5 points",
                card=printed(card.text),
            )
        else:
            text = n_(
                "{card}: {count} point when won or held at the end of the round",
                "{card}: {count} points when won or held at the end of the round",
                points,
                card=printed(card.text),
            )
        cards[card.text] = {"points": points, "text": text}
    coins = list(zip(COIN_NAMES[1:], COIN_POINTS[1:], strict=True))
    for name, points in coins:
        cards[f"coin:{name}"] = {
            "points": points,
            "name": coin(name),
            "text": n_(
                "Ace coin {coin}: {count} point",
                "Ace coin {coin}: {count} points",
                points,
                coin=coin(name),
            ),
        }
    return {"cards": cards, "tables": [_scores(coins)]}


def _scores(coins: list[tuple[str, int]]) -> JSON:
    """One row per value a won card scores (the ranks that score it), then each Ace coin."""
    ranks: dict[int, list[str]] = {}
    for card in CARDS:
        if card.suit == CARDS[0].suit and not card.is_ace:
            ranks.setdefault(WON_POINTS[card.index], []).append(card.text[:-1])
    rows = [
        [_(", ").join(names), n_("{count} point each", "{count} points each", points)]
        for points, names in ranks.items()
    ]
    rows.append(["A", _("by its Ace coin")])
    rows += [
        [_("Ace coin {coin}", coin=coin(name)), n_("{count} point", "{count} points", points)]
        for name, points in coins
    ]
    rows.append([_("A, still held at the round's end"), _("-5 points")])
    return {
        "title": _("What a won card scores"),
        "columns": [_("cards"), _("score")],
        "rows": rows,
    }
