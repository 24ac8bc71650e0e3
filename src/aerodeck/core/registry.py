"""The game registry: games are found through the ``aerodeck.games`` entry point group.

Each entry point names a ``Game`` subclass (``name = "package.module:GAME"``), so a separately
installed package adds a game by declaring one in its own metadata. The five shipped games are
declared in pyproject.toml, which an install (editable or not) registers; core never imports a
game by name.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any

from aerodeck.core.api import Game, GameInfo
from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.core.i18n import _

GROUP = "aerodeck.games"


def _checked(game_class: object, where: str) -> type[Game]:
    if not (isinstance(game_class, type) and issubclass(game_class, Game)):
        raise ConfigError(f"{where} does not name a Game class (got {game_class!r})")
    return game_class


@cache
def game_classes() -> dict[str, type[Game]]:
    """Game classes by id, discovered once from the entry points of the group (the first
    entry point of a game id wins)."""
    found: dict[str, type[Game]] = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        where = f"entry point {point.name} = {point.value}"
        try:
            loaded = point.load()
        except (ImportError, AttributeError) as exc:
            raise ConfigError(f"{where} cannot be loaded: {exc}") from exc
        cls = _checked(loaded, where)
        found.setdefault(cls.info.id, cls)
    return dict(sorted(found.items()))


def normalize_id(name: str) -> str:
    """Accept ``race-to-ace`` as well as ``race_to_ace``."""
    if not isinstance(name, str):
        raise ConfigError(_("a game is named by its id, not {name}", name=excerpt(name)))
    return name.strip().lower().replace("-", "_")


def game_class(name: str) -> type[Game]:
    classes = game_classes()
    game_id = normalize_id(name)
    if game_id not in classes:
        known = ", ".join(info.cli_name for info in list_games())
        raise ConfigError(
            _("unknown game {name} (games: {known})", name=excerpt(name), known=known)
        )
    return classes[game_id]


def list_games() -> list[GameInfo]:
    """Every registered game's static facts, in id order."""
    return [cls.info for cls in game_classes().values()]


def make(name: str, players: int | None = None, **options: Any) -> Game:
    """A configured game; ConfigError on an unknown game, player count or option."""
    return game_class(name)(players, **options)
