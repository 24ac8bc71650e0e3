"""`aerodeck rules GAME`: a game's rules summary, notation and options."""

from __future__ import annotations

from rich.markdown import Markdown
from rich.padding import Padding
from rich.text import Text

from aerodeck.cli.options import GameArg
from aerodeck.cli.output import console
from aerodeck.core.i18n import _
from aerodeck.core.registry import make


def rules(game: GameArg) -> None:
    """Print a game's rules summary and notation."""
    configured = make(game)
    console.print(Markdown(configured.rules_text()))
    if configured.info.options:
        console.print(f"[bold]{_('Options')}[/bold] (--variant key=value):")
        for option in configured.info.options:
            console.print(Padding(Text(option.describe()), (0, 0, 0, 2), expand=False))
