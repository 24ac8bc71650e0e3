"""`aerodeck games`: the installed games, their player counts and options."""

from __future__ import annotations

from rich.markup import escape
from rich.padding import Padding
from rich.text import Text

from aerodeck.cli.output import console
from aerodeck.core.i18n import _
from aerodeck.core.registry import list_games
from aerodeck.core.text import counts_text


def games() -> None:
    """List the games, their player counts and options (each option: `aerodeck rules GAME`)."""
    for info in list_games():
        players = _(
            "{title}, {counts} players (default {default})",
            title=info.title,
            counts=counts_text(info.player_counts),
            default=info.default_players,
        )
        console.print(f"[bold]{info.cli_name}[/bold]  {escape(players)}")
        console.print(Padding(Text(info.summary), (0, 0, 0, 2), expand=False))
        if info.options:
            options = ", ".join(
                f"{o.name}={'none' if o.default == '' else str(o.default).lower()}"
                for o in info.options
            )
            shown = _("options: {options}", options=options)
            console.print(Padding(Text(shown), (0, 0, 0, 2), expand=False))
    console.print(
        _("Each option explained: {command}", command="aerodeck rules GAME"), markup=False
    )
