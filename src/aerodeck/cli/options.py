"""The arguments and options several commands share, and the rule options they carry."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from aerodeck.core.errors import ConfigError
from aerodeck.core.i18n import N_, _
from aerodeck.core.options import parse_variant
from aerodeck.core.userdata import data_files

GameArg = Annotated[str, typer.Argument(help=N_("game id, e.g. aces-versus-aces"))]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help=N_("number of players"))]
SeedOpt = Annotated[int | None, typer.Option("--seed", help=N_("seed (same seed, same game)"))]
VariantOpt = Annotated[
    list[str] | None, typer.Option("--variant", "-v", help=N_("rule option key=value (repeatable)"))
]
DataFileOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--data-file",
        help=N_(
            "your own data for a data option, key=FILE (a TOML course, data set or campaign); "
            "the record carries it (repeatable)"
        ),
    ),
]


def game_options(
    variants: list[str] | None, game: str | None = None, files: list[str] | None = None
) -> dict[str, Any]:
    """Options from ``-v key=value`` and ``--data-file key=FILE`` (the only way a file is read:
    its table becomes the option's value, so the record needs no file to replay)."""
    options: dict[str, Any] = dict(parse_variant(v) for v in variants or [])
    if files and game is not None:
        loaded = data_files(game, files)
        both = sorted(set(loaded) & set(options))
        if both:
            raise ConfigError(_("option {key} is given both by -v and by --data-file", key=both[0]))
        options.update(loaded)
    return options
