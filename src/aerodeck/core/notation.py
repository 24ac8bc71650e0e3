"""Move text as a stranger may send it: checked once in core before any game's parser reads it."""

from __future__ import annotations

from aerodeck.core.errors import NotationError, excerpt
from aerodeck.core.i18n import _

MOVE_TEXT_LIMIT = 200
"""Longest move text read (every game's notation is under 40 characters)."""

_MOVE_CHARACTERS = frozenset(chr(code) for code in range(0x20, 0x7F)) | {"\t"}


def check_move_text(text: object) -> str:
    """``text`` stripped, if it can be a move's notation; NotationError otherwise.

    Every game's notation is printable ASCII (a contract test checks it), so anything else
    (control characters, NUL, surrogates, Unicode digits such as '²' or '٣') is refused here
    before a game's parser could trip on it, and the length is bounded."""
    if not isinstance(text, str):
        raise NotationError(_("{text} is not move text", text=excerpt(text)))
    if len(text) > MOVE_TEXT_LIMIT:
        raise NotationError(
            f"a move is at most {MOVE_TEXT_LIMIT} characters, not {len(text)}: {excerpt(text)}"
        )
    stripped = text.strip()
    if not _MOVE_CHARACTERS.issuperset(stripped):
        raise NotationError(
            f"cannot read {excerpt(stripped)}: moves are written in plain ASCII letters, "
            "digits and punctuation"
        )
    return stripped


def ascii_number(word: str, digits: int = 4) -> int | None:
    """``word`` as a number if it is 1 to ``digits`` ASCII digits, else None.

    ``str.isdigit`` is true for '²' and '٣', which ``int`` then refuses or reads, and ``int``
    of a 5,000-digit word raises ValueError: parsers use this instead."""
    if 0 < len(word) <= digits and word.isascii() and word.isdigit():
        return int(word)
    return None
