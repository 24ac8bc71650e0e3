"""High Card Tricks, a toy bidding game installed as its own distribution (aerodeck-toy).

aerodeck finds it through the ``aerodeck.games`` entry point of this package's pyproject.toml;
nothing in aerodeck names it.
"""

from aerodeck_toy.game import HighCardTricks

GAME = HighCardTricks

__all__ = ["GAME"]
