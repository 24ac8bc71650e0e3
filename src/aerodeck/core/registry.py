"""The game registry: every package under ``aerodeck.games`` that exports ``GAME`` is a game.

Adding a game is adding its folder; nothing here changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import aerodeck.games as games_pkg
from aerodeck.core.api import Game, GameInfo
from aerodeck.core.errors import ConfigError, excerpt


@cache
def game_classes() -> dict[str, type[Game]]:
    """Game classes by id, discovered once."""
    found: dict[str, type[Game]] = {}
    for module in sorted(pkgutil.iter_modules(games_pkg.__path__), key=lambda m: m.name):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{games_pkg.__name__}.{module.name}")
        game_class = getattr(package, "GAME", None)
        if game_class is not None:
            found[game_class.info.id] = game_class
    return found


def normalize_id(name: str) -> str:
    """Accept ``race-to-ace`` as well as ``race_to_ace``."""
    if not isinstance(name, str):
        raise ConfigError(f"a game is named by its id, not {excerpt(name)}")
    return name.strip().lower().replace("-", "_")


def game_class(name: str) -> type[Game]:
    classes = game_classes()
    game_id = normalize_id(name)
    if game_id not in classes:
        known = ", ".join(info.cli_name for info in list_games())
        raise ConfigError(f"unknown game {excerpt(name)} (games: {known})")
    return classes[game_id]


def list_games() -> list[GameInfo]:
    """Every registered game's static facts, in id order."""
    return [cls.info for cls in game_classes().values()]


def make(name: str, players: int | None = None, **options: Any) -> Game:
    """A configured game; ConfigError on an unknown game, player count or option."""
    return game_class(name)(players, **options)
