"""Aces versus Aces' words for people, in the language in use: the Ace coins, the reasons a
round or the game ends, and a card as printed (rank and suit symbol), never its notation."""

from __future__ import annotations

from aerodeck.core.cards import SUIT_SYMBOLS
from aerodeck.core.i18n import _


def coin(name: str) -> str:
    """An Ace coin by its name in the views (``nickel``, ``dime``, ``quarter``)."""
    words = {"nickel": _("nickel"), "dime": _("dime"), "quarter": _("quarter")}
    return words.get(name, name)


def coins(names: list[str]) -> str:
    return _(", ").join(coin(name) for name in names)


def why(reason: str) -> str:
    """Why a round or the game ended, as the events give it."""
    words = {
        "cards ran out": _("cards ran out"),
        "third Ace played": _("third Ace played"),
        "last commander standing": _("last commander standing"),
        "target reached": _("target reached"),
        "round limit reached": _("round limit reached"),
    }
    return words.get(reason, reason)


def card(text: str) -> str:
    """``KH`` as printed on the card: ``K♥``."""
    return text[:-1] + SUIT_SYMBOLS.get(text[-1], text[-1])
