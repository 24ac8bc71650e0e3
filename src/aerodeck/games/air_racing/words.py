"""Air Racing's words for people, in the language in use: the months, altitudes and steps of a
turn, the standard course's names, why a race ended, and a card by its printed title (never its
notation name such as ``night-shift``)."""

from __future__ import annotations

import re

from aerodeck.core.i18n import _, n_
from aerodeck.games.air_racing.cards import NAMES, TITLES


def title(name: str) -> str:
    """A card by its title as printed (``night-shift`` is ``Night Shift``), in every language."""
    return TITLES[NAMES.index(name)] if name in NAMES else name


def titles(names: list[str]) -> str:
    return _(", ").join(title(name) for name in names)


def microknot_cards(count: int) -> str:
    """A count of speed mods, the card's printed name kept: ``1 Microknot card``."""
    return n_("{count} Microknot card", "{count} Microknot cards", count)


def fast_cards(count: int) -> str:
    return n_("{count} FAST card", "{count} FAST cards", count)


def boost_cards(count: int) -> str:
    return n_("{count} Boost card", "{count} Boost cards", count)


def month(name: str) -> str:
    words = {
        "October": _("October"),
        "November": _("November"),
        "December": _("December"),
        "January": _("January"),
        "February": _("February"),
        "March": _("March"),
        "April": _("April"),
        "May": _("May"),
        "June": _("June"),
        "July": _("July"),
        "August": _("August"),
    }
    return words.get(name, name)


def altitude(name: str) -> str:
    words = {"low": _("low"), "mid": _("mid"), "high": _("high")}
    return words.get(name, name)


def phase(name: str) -> str:
    """The step of a turn a seat is deciding, as players say it."""
    words = {
        "pick": _("starting speed mods"),
        "action": _("action phase"),
        "tunnel": _("Wind Tunnel choice"),
        "redraw": _("Team Effort redraw"),
        "buy": _("buy phase"),
        "quick": _("Quick Play shopping"),
        "altitude": _("altitude"),
        "boost": _("Boosts and lane"),
        "cancel": _("backfire"),
        "side": _("passing side"),
    }
    return words.get(name, name)


_PYLON = re.compile(r"^[Pp]ylon (\d+)$")


def place(name: str) -> str:
    """A course's or a pylon's name: the standard course's own in the reader's words, a course
    from a file as written."""
    words = {
        "Standard course": _("Standard course"),
        "Start/Finish (blue)": _("Start/Finish (blue)"),
    }
    if name in words:
        return words[name]
    numbered = _PYLON.match(name)
    if numbered and name[0] == "P":
        return _("Pylon {n}", n=numbered.group(1))
    if numbered:
        return _("pylon {n}", n=numbered.group(1))
    return name


def why(reason: str) -> str:
    """Why a race ended, as the events give it."""
    words = {
        "crossed the finish line": _("crossed the finish line"),
        "round limit reached: the leader wins": _("round limit reached: the leader wins"),
    }
    return words.get(reason, reason)
