"""The game registry: games are found through the ``aerodeck.games`` entry point group.

Each entry point names a ``Game`` subclass (``name = "package.module:GAME"``), so a separately
installed package adds a game by declaring one in its own metadata. The five shipped games are
declared in pyproject.toml; a source checkout whose installed metadata predates them (or runs
without installing) still finds them by walking the ``aerodeck.games`` package, the fallback.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points
from typing import Any

import aerodeck.games as games_pkg
from aerodeck.core.api import Game, GameInfo
from aerodeck.core.errors import ConfigError

GROUP = "aerodeck.games"


def _checked(game_class: object, where: str) -> type[Game]:
    if not (isinstance(game_class, type) and issubclass(game_class, Game)):
        raise ConfigError(f"{where} does not name a Game class (got {game_class!r})")
    return game_class


def _shipped() -> dict[str, type[Game]]:
    """The games in this package's ``aerodeck.games`` folder (each exports ``GAME``)."""
    found: dict[str, type[Game]] = {}
    for module in sorted(pkgutil.iter_modules(games_pkg.__path__), key=lambda m: m.name):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{games_pkg.__name__}.{module.name}")
        game_class = getattr(package, "GAME", None)
        if game_class is not None:
            cls = _checked(game_class, package.__name__)
            found[cls.info.id] = cls
    return found


@cache
def game_classes() -> dict[str, type[Game]]:
    """Game classes by id, discovered once: every entry point of the group, then the shipped
    packages that no entry point declared (the fallback)."""
    found: dict[str, type[Game]] = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        where = f"entry point {point.name} = {point.value}"
        try:
            loaded = point.load()
        except (ImportError, AttributeError) as exc:
            raise ConfigError(f"{where} cannot be loaded: {exc}") from exc
        cls = _checked(loaded, where)
        found.setdefault(cls.info.id, cls)
    for game_id, cls in _shipped().items():
        found.setdefault(game_id, cls)
    return dict(sorted(found.items()))


def normalize_id(name: str) -> str:
    """Accept ``race-to-ace`` as well as ``race_to_ace``."""
    return name.strip().lower().replace("-", "_")


def game_class(name: str) -> type[Game]:
    classes = game_classes()
    game_id = normalize_id(name)
    if game_id not in classes:
        known = ", ".join(info.cli_name for info in list_games())
        raise ConfigError(f"unknown game {name!r} (games: {known})")
    return classes[game_id]


def list_games() -> list[GameInfo]:
    """Every registered game's static facts, in id order."""
    return [cls.info for cls in game_classes().values()]


def make(name: str, players: int | None = None, **options: Any) -> Game:
    """A configured game; ConfigError on an unknown game, player count or option."""
    return game_class(name)(players, **options)
