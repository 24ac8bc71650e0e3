"""`aerodeck bots GAME`: the bots that can play a game."""

from __future__ import annotations

from aerodeck.agents.registry import agent_names
from aerodeck.cli.options import GameArg
from aerodeck.cli.output import console
from aerodeck.core.registry import make


def bots(game: GameArg) -> None:
    """List the bots available for a game."""
    console.print(", ".join(agent_names(make(game))))
