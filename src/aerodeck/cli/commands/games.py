"""`aerodeck games`: the installed games, their player counts and options."""

from __future__ import annotations

from rich.padding import Padding
from rich.text import Text

from aerodeck.cli.output import console
from aerodeck.core.registry import list_games
from aerodeck.core.text import counts_text


def games() -> None:
    """List the games, their player counts and options (each option: `aerodeck rules GAME`)."""
    for info in list_games():
        console.print(
            f"[bold]{info.cli_name}[/bold]  {info.title}, "
            f"{counts_text(info.player_counts)} players (default {info.default_players})"
        )
        console.print(Padding(Text(info.summary), (0, 0, 0, 2), expand=False))
        if info.options:
            options = ", ".join(
                f"{o.name}={'none' if o.default == '' else str(o.default).lower()}"
                for o in info.options
            )
            console.print(Padding(Text(f"options: {options}"), (0, 0, 0, 2), expand=False))
    console.print("Each option explained: aerodeck rules GAME", markup=False)
