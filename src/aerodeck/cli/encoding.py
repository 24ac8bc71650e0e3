"""A terminal whose encoding cannot print the table's symbols gets letters instead.

The games draw suits as ♠♥♦♣ and a few marks (● ½ ✈ ▶); an ASCII or Latin-1 console (for
example ``PYTHONIOENCODING=ascii``, or a legacy code page) would raise UnicodeEncodeError in
the middle of a game. One error handler on stdout and stderr spells them in letters instead.
"""

from __future__ import annotations

import codecs
import io
import sys

SUBSTITUTES = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "½": ".5",
    "●": "o",
    "○": ".",
    "✈": ">",
    "▶": ">",
    "─": "-",
    "—": "-",
    "\u2013": "-",  # en dash
    "·": ".",
    "°": " deg",
    "§": "S.",
    "…": "...",
    "\u00d7": "x",  # multiplication sign
}
HANDLER = "aerodeck-letters"


def _letters(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(SUBSTITUTES.get(char, "?") for char in text), error.end


codecs.register_error(HANDLER, _letters)


def can_print(text: str, encoding: str | None) -> bool:
    """Whether ``encoding`` (None: assume UTF-8) can print ``text``."""
    try:
        text.encode(encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def fit_streams() -> None:
    """Give stdout and stderr the letters fallback when they cannot print the suit symbols."""
    for stream in (sys.stdout, sys.stderr):
        if (
            isinstance(stream, io.TextIOWrapper)
            and not can_print("♠♥♦♣", stream.encoding)
            and stream.errors != HANDLER
        ):
            stream.reconfigure(errors=HANDLER)
