"""Race to Ace's reference for the page: each card's title (as printed), kind (its colour band),
count and what it does, keyed by the card's word in the views, in the reader's language."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.i18n import _, n_
from aerodeck.games.race_to_ace import cards as c


def _kind(card: int) -> str:
    return "attack" if card in c.ATTACK else "defense" if card in c.DEFENCE else "special"


def _kind_words(kind: str) -> str:
    if kind == "attack":
        return _("Attack card")
    if kind == "defense":
        return _("Defense card")
    return _("Special card")


def _does(card: int) -> str:
    """What a card does, as the Rules of Engagement say it."""
    if card == c.RADAR:
        return _(
            "Played on another pilot: starts a dogfight. A MISSILE may then shoot them down "
            "unless they answer with JAMMIT!, MALFUNCTION or FLAMEOUT."
        )
    if card == c.VISUAL:
        return _(
            "Played on another pilot: starts a dogfight. GUNS may then shoot them down unless "
            "they answer with MANEUVER, MALFUNCTION or FLAMEOUT."
        )
    if card == c.MISSILE:
        return _("Shoots down a pilot with an active, unsuppressed RADAR ACQUISITION on them.")
    if card == c.GUNS:
        return _("Shoots down a pilot with an active VISUAL ACQUISITION on them.")
    if card == c.MALFUNCTION:
        return _("Breaks an acquisition, or cancels a JAMMIT!: both cards are discarded.")
    if card == c.MANEUVER:
        return _(
            "Outmaneuvers a VISUAL ACQUISITION: it slides back onto its attacker. Countered by "
            "another MANEUVER or a FLAMEOUT."
        )
    if card == c.JAMMIT:
        return _(
            "Suppresses a RADAR ACQUISITION; a second JAMMIT! (ECCM) or a MALFUNCTION cancels it."
        )
    if card == c.FLAMEOUT:
        return _(
            "Breaks an acquisition, or is played on any pilot in your turn: they cannot play "
            "Attack or MANEUVER cards until a RELIGHT."
        )
    if card == c.RELIGHT:
        return _("Cancels the FLAMEOUT in front of you: both cards are discarded.")
    if card == c.GOLDEN_BIRD:
        return _("Its pilot is immune to MALFUNCTION and FLAMEOUT, for the whole game.")
    return _("Its pilot cannot be outmaneuvered, for the whole game.")


def reference() -> JSON:
    cards: JSON = {}
    for k in c.KINDS:
        kind = _kind(k)
        in_deck = n_("{count} in the deck", "{count} in the deck", c.COUNTS[k])
        cards[c.WORDS[k]] = {
            "title": c.NAMES[k].title(),
            "kind": kind,
            "lines": [_kind_words(kind), in_deck],
            "text": _(
                "{title}: {kind}, {count}. {does}",
                title=c.NAMES[k],
                kind=_kind_words(kind),
                count=in_deck,
                does=_does(k),
            ),
        }
    return {"cards": cards, "tables": []}
