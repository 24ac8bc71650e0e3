"""A game's reference data (``Game.reference()``: its cards and tables) laid out as text for the
terminal's ``cards`` command, for a game that does not write its own ``reference_text``."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

_MARKUP_TAG = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")


def escape_markup(text: str, markup_follows: bool = False) -> str:
    """``text`` shown as written where rich markup is read (a ``[bold]`` in a card's name stays
    those characters): the rule of ``rich.markup.escape``, without importing rich into core.
    ``markup_follows``: a tag comes right after, so a trailing backslash is doubled too."""
    escaped = _MARKUP_TAG.sub(lambda tag: f"{tag[1]}{tag[1]}\\{tag[2]}", text)
    if markup_follows and escaped.endswith("\\") and not escaped.endswith("\\\\"):
        escaped += "\\"
    return escaped


def reference_text(reference: Mapping[str, Any]) -> str:
    """The cards, one line each (the card's ``text``, else its title and lines), then each table
    under its title with its columns aligned; empty for a reference with neither."""
    lines: list[str] = []
    cards: Mapping[str, Any] = reference.get("cards") or {}
    if cards:
        lines.append("[bold]Cards[/bold]")
        lines += ["  " + escape_markup(_card_line(key, card)) for key, card in cards.items()]
    for table in reference.get("tables") or ():
        title = escape_markup(str(table.get("title", "")), markup_follows=True)
        lines.append(f"[bold]{title}[/bold]")
        lines += ["  " + escape_markup(row) for row in _aligned(table)]
    return "\n".join(lines)


def _card_line(key: str, card: Mapping[str, Any]) -> str:
    if card.get("text"):
        return str(card["text"])
    title = str(card.get("title") or key)
    details = ", ".join(str(line) for line in card.get("lines") or ())
    return f"{title}: {details}" if details else title


def _aligned(table: Mapping[str, Any]) -> list[str]:
    """The header and the rows, each column padded to its widest cell."""
    columns: Sequence[Any] = table.get("columns") or ()
    rows = [[str(cell) for cell in row] for row in table.get("rows") or ()]
    grid = [[str(column) for column in columns], *rows] if columns else rows
    if not grid:
        return []
    widths = [max(len(row[i]) for row in grid if i < len(row)) for i in range(max(map(len, grid)))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)).rstrip()
        for row in grid
    ]
