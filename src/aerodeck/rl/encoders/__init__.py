"""One encoder module per game, each with ``encoder(game)``; ``encoder_for`` picks by game id."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from aerodeck.core.api import Game
from aerodeck.core.errors import ConfigError
from aerodeck.rl.encode import Encoder, Field

GAMES = ("ace_race", "aces_versus_aces", "air_racing", "down_in_flames", "race_to_ace")


def encoder_for(game: Game) -> Encoder:
    """The observation encoder of a configured game (its player count and options)."""
    if game.id not in GAMES:
        raise ConfigError(f"no observation encoder for {game.id!r}")
    module = import_module(f"aerodeck.rl.encoders.{game.id}")
    if hasattr(module, "encoder"):
        build_encoder: Callable[[Game], Encoder] = module.encoder
        return build_encoder(game)
    build: Callable[[int, dict[str, Any]], Sequence[Field]] = module.fields
    return Encoder(game.id, game.players, build(game.players, game.options))
