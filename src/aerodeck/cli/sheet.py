"""A series' sheet (``Series.sheet``: a Down In Flames campaign sheet) drawn in the terminal:
its title, a table per section with the ``current`` row highlighted, and the result once the
series is over. The sheet is plain data in words from finished games only, so it is the same
for every seat."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from aerodeck.core.api import JSON

CURRENT = "bold black on yellow"


def sheet_view(sheet: JSON) -> RenderableType:
    """The whole sheet as rich renderables, one table per section."""
    parts: list[RenderableType] = [Text(sheet["title"], style="bold underline")]
    for section in sheet["sections"]:
        table = Table(
            *(escape(cell) for cell in section["header"]),
            title=escape(section["caption"]),
            title_justify="left",
            show_lines=len(section["header"]) > 4,  # the missions: cells of several lines
        )
        for number, row in enumerate(section["rows"]):
            style = CURRENT if number == section["current"] else None
            table.add_row(*(escape(cell) for cell in row), style=style)
        parts.append(table)
    if sheet["result"]:
        parts.append(Text(sheet["result"], style="bold"))
    return Group(*parts)
