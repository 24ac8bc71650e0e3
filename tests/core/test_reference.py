"""The terminal's layout of a game's reference data (``core/reference.py``), the default of
``Game.reference_text``: cards one a line, tables aligned, names shown as written."""

from __future__ import annotations

from rich.text import Text

from aerodeck.core.reference import reference_text


def test_cards_and_tables_are_laid_out_one_line_each_with_aligned_columns() -> None:
    reference = {
        "cards": {
            "AS": {"text": "Ace of spades: 4 points"},
            "loop": {"title": "Loop", "lines": ["maneuver", "cost $2"]},
            "x": {},
        },
        "tables": [
            {
                "title": "Scoring",
                "columns": ["taken", "points"],
                "rows": [["the bid", 10], ["else", 1]],
            }
        ],
    }
    assert reference_text(reference).split("\n") == [
        "[bold]Cards[/bold]",
        "  Ace of spades: 4 points",
        "  Loop: maneuver, cost $2",
        "  x",
        "[bold]Scoring[/bold]",
        "  taken    points",
        "  the bid  10",
        "  else     1",
    ]


def test_an_empty_reference_is_no_text() -> None:
    assert reference_text({"cards": {}, "tables": []}) == ""


def test_markup_in_the_data_is_shown_as_written() -> None:
    reference = {"cards": {"b": {"text": "[bold]not bold[/bold] \\"}}, "tables": []}
    line = reference_text(reference).split("\n")[1]
    assert Text.from_markup(line).plain == "  [bold]not bold[/bold] \\"
    table = {"title": "odd \\", "columns": ["a"], "rows": [["[red]"]]}
    title, _header, row = reference_text({"cards": {}, "tables": [table]}).split("\n")
    assert [Text.from_markup(line).plain for line in (title, row)] == ["odd \\", "  [red]"]
