"""Core: the only door into a game (see DESIGN.md, "The core contract")."""

from aerodeck.core.api import (
    JSON,
    Action,
    Agent,
    AgentFactory,
    Game,
    GameInfo,
    Observation,
    SeenMove,
    State,
)
from aerodeck.core.errors import (
    AerodeckError,
    ConfigError,
    IllegalActionError,
    NotationError,
    RecordError,
)
from aerodeck.core.options import Option
from aerodeck.core.records import load_record, replay, save_record
from aerodeck.core.registry import list_games, make

__all__ = [
    "JSON",
    "Action",
    "AerodeckError",
    "Agent",
    "AgentFactory",
    "ConfigError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "NotationError",
    "Observation",
    "Option",
    "RecordError",
    "SeenMove",
    "State",
    "list_games",
    "load_record",
    "make",
    "replay",
    "save_record",
]
