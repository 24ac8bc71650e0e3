"""Race to Ace (Aerocatures, Hank Caruso): acquire, dogfight, and be the first to five kills."""

from aerodeck.games.race_to_ace.game import RaceToAce as GAME

__all__ = ["GAME"]
