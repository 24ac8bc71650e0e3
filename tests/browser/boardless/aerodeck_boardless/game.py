"""Aces versus Aces without a board of its own: the page draws it with the generic board."""

from __future__ import annotations

from dataclasses import replace
from importlib.resources.abc import Traversable

from aerodeck.games.aces_versus_aces.game import AcesVersusAces


class BoardlessAces(AcesVersusAces):
    info = replace(AcesVersusAces.info, id="boardless_aces", title="Aces versus Aces, boardless")

    def board_assets(self) -> Traversable | None:
        return None


GAME = BoardlessAces
