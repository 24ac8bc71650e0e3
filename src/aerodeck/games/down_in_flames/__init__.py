"""Down In Flames: Locked-On (Dan Verssen Games): the jet-age card dogfight, one aircraft a side."""

from aerodeck.games.down_in_flames.game import DownInFlames

GAME = DownInFlames

__all__ = ["GAME"]
