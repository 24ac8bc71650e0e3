"""Plain words for the games' text (rendering and events): lists of seats and counts, never a
Python repr such as ``[18, 19, 8]`` or ``card(s)``, in the language in use (core/i18n.py)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from aerodeck.core.i18n import _

SEAT_COLOURS = ("cyan", "magenta", "yellow", "green", "bright_blue", "bright_red")
"""Each seat's colour, the same on every screen (the log, the table, a race map)."""


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


_MARKUP = re.compile(r"\[/?[a-z][a-z0-9_ ]*\]|\[/\]")
"""A style tag of the terminal's markup (``[bold]``, ``[/bold]``, ``[/]``): no width on screen."""


def padded(text: str, width: int) -> str:
    """``text`` filled out to ``width`` columns of a terminal, where a wide character (Japanese
    "あなた", "席1") takes two and a style tag (``[bold]you[/bold]``) none, so that columns line
    up in every language."""
    shown = _MARKUP.sub("", text)
    columns = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in shown)
    return text + " " * max(0, width - columns)


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


def and_list(items: Sequence[str], empty: str | None = None) -> str:
    """``a``, ``a and b``, ``a, b and c`` (Japanese: ``a、bとc``)."""
    if not items:
        return _("nobody") if empty is None else empty
    if len(items) == 1:
        return items[0]
    # TRANSLATORS: the separator of a list's first items ("a, b and c")
    return _("{first} and {last}", first=_(", ").join(items[:-1]), last=items[-1])


def counts_text(counts: Sequence[int]) -> str:
    """Player counts as people write them: ``2-5`` for a run, ``2, 3, 4 or 6`` otherwise."""
    ordered = sorted(counts)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    words = [str(n) for n in ordered]
    if len(words) == 1:
        return words[0]
    return _("{first} or {last}", first=_(", ").join(words[:-1]), last=words[-1])


def seats_text(seats: Iterable[int | str]) -> str:
    """The seats in words: ``seat 1``, ``seat 0 and seat 2``."""
    return and_list([seat_name(s) for s in seats])


def per_seat(values: Sequence[Any] | Mapping[Any, Any], fmt: str = "{}") -> str:
    """One value per seat in words: ``seat 0 18, seat 1 19, seat 2 8``."""
    pairs = values.items() if isinstance(values, Mapping) else enumerate(values)
    return _(", ").join(f"{seat_name(seat)} {fmt.format(value)}" for seat, value in pairs)


def won_by(winners: Sequence[int]) -> str:
    """``seat 1 wins``, ``seat 0 and seat 2 share the win``."""
    if not winners:
        return _("nobody wins")
    if len(winners) == 1:
        return _("{seat} wins", seat=seat_name(winners[0]))
    return _("{seats} share the win", seats=seats_text(winners))


def seat_name(seat: int | str | None, you: int | None = None, none: str = "-") -> str:
    """``you`` for the viewing seat, ``seat N`` for any other (a seat may come as a JSON key),
    ``none`` for no seat."""
    if seat is None:
        return none
    return _("you") if you is not None and int(seat) == you else _("seat {n}", n=seat)


def standings(
    values: Sequence[Any],
    you: int | None = None,
    name: Callable[[int, int | None], str] = seat_name,
    fmt: str = "{}",
) -> list[str]:
    """One line a seat, best first (ties in seat order): ``  1. you      3``."""
    order = sorted(range(len(values)), key=lambda seat: -values[seat])
    return [
        f"  {place}. {padded(name(seat, you), 8)} {fmt.format(values[seat])}"
        for place, seat in enumerate(order, 1)
    ]
