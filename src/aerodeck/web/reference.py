"""What a table or replay page embeds about its game: the game's own public reference data
(``Game.reference()``: its cards by their text in the views, reference tables, and whatever its
board reads), so a card's face and hover text need no request."""

from __future__ import annotations

from aerodeck.core.api import JSON, Game


def reference_of(game: Game) -> JSON:
    """Everything a table or replay page embeds about its game (public data only)."""
    return game.reference()
