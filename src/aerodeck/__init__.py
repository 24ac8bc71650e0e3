"""aerodeck: engine, arena and table for five aviation card games.

import aerodeck
game = aerodeck.make("aces_versus_aces", players=3)
state = game.new_game(seed=7)
"""

from aerodeck.core import (
    Action,
    Game,
    GameInfo,
    State,
    list_games,
    load_record,
    make,
    replay,
    save_record,
)
from aerodeck.core import errors as errors

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Game",
    "GameInfo",
    "State",
    "__version__",
    "errors",
    "list_games",
    "load_record",
    "make",
    "replay",
    "save_record",
]
