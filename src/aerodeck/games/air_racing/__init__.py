"""Air Racing: a Dominion-style season of speed mods, then a three-lap pylon race."""

from aerodeck.games.air_racing.game import AirRacing as GAME

__all__ = ["GAME"]
