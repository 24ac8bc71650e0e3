"""Bots by name: random and the levels (``agents.levels``) for every game, plus each game's own
(``Game.bots()``), plus bot kinds that take an argument, ``kind:argument`` (``ppo:model.zip``;
a kind whose argument may be left out is also named alone: ``openspiel-ismcts``).

Bot kinds are found through the ``aerodeck.bot_kinds`` entry point group, as core finds games, so
a kind living in a higher layer (``aerodeck.rl``'s trained policies) or in another package joins
without this layer importing it. Each entry point names a ``BotKind``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points
from typing import Protocol, runtime_checkable

from aerodeck.agents.levels import ALIASES, LEVELS
from aerodeck.agents.random_agent import RandomAgent
from aerodeck.core.api import Agent, Game
from aerodeck.core.errors import ConfigError, excerpt


def _level(name: str, make: Callable[[Game, int, str], Agent]) -> Callable[[Game, int], Agent]:
    return lambda game, seed: make(game, seed, name)


GENERIC: dict[str, Callable[[Game, int], Agent]] = {
    "random": RandomAgent,
    **{name: _level(name, make) for name, make in LEVELS.items()},
    **{alias: _level(alias, LEVELS[level]) for alias, level in ALIASES.items()},
}
"""Every game's generic bots: random, the levels, and the levels' older names (aliases)."""


KIND_GROUP = "aerodeck.bot_kinds"


@runtime_checkable
class BotKind(Protocol):
    """Bots made from an argument: ``make(game, seed, argument)`` is the bot ``kind:argument``;
    ``names(game)`` the ``kind:argument`` names to offer for ``game`` (a table server lists them;
    any other argument still works where the user names it, as ``aerodeck play`` does)."""

    def make(self, game: Game, seed: int, argument: str) -> Agent: ...

    def names(self, game: Game) -> list[str]: ...


@cache
def bot_kinds() -> dict[str, BotKind | str]:
    """Every declared bot kind by name, or the one line saying why it cannot load (its extra is
    not installed, say)."""
    found: dict[str, BotKind | str] = {}
    for point in sorted(entry_points(group=KIND_GROUP), key=lambda p: p.name):
        try:
            kind = point.load()
        except ImportError as exc:
            found.setdefault(point.name, f"bot kind {point.name} cannot load: {exc}")
            continue
        if not isinstance(kind, BotKind):
            found.setdefault(point.name, f"entry point {point.value} is not a bot kind")
            continue
        found.setdefault(point.name, kind)
    return found


def bot_name(name: str) -> str:
    """A bot name as the registry reads it: lower case, but a kind's argument (a file name, say)
    kept as written."""
    kind, colon, argument = name.strip().partition(":")
    return kind.strip().lower() + colon + argument.strip()


def _factories(game: Game) -> dict[str, Callable[[Game, int], Agent]]:
    return {**GENERIC, **game.bots()}


def agent_names(game: Game) -> list[str]:
    """Every bot name usable with ``game``: the named bots and what each bot kind offers."""
    offered = [
        name
        for kind in bot_kinds().values()
        if not isinstance(kind, str)
        for name in kind.names(game)
    ]
    return sorted(_factories(game)) + sorted(offered)


def make_agent(name: str, game: Game, seed: int) -> Agent:
    """A seeded bot; ConfigError naming the choices when ``name`` is unknown."""
    factories = _factories(game)
    key = bot_name(name)
    kind_name, colon, argument = key.partition(":")
    if kind_name not in factories and (colon or kind_name in bot_kinds()):
        kinds = bot_kinds()
        if kind_name not in kinds:
            known = ", ".join(sorted(kinds)) or "none installed"
            raise ConfigError(f"unknown bot kind {excerpt(kind_name)} (kinds: {known})")
        kind = kinds[kind_name]
        if isinstance(kind, str):
            raise ConfigError(kind)
        return kind.make(game, seed, argument)
    if key not in factories:
        known = ", ".join(sorted(factories))
        raise ConfigError(f"unknown bot {excerpt(name)} for {game.info.title} (bots: {known})")
    return factories[key](game, seed)
