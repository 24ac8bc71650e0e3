"""Aces versus Aces (Jonathan Middleton): War with command markers and Ace coins."""

from aerodeck.games.aces_versus_aces.game import AcesVersusAces as GAME

__all__ = ["GAME"]
