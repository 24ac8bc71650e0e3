"""Ace Race (Adam Mepham and Samantha Le): shed your hand under rules that Aces change."""

from aerodeck.games.ace_race.game import AceRace

GAME = AceRace

__all__ = ["GAME", "AceRace"]
