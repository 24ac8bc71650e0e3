"""`aerodeck campaign GAME`: a series of games (a Down In Flames campaign) flown in the terminal
from the first game to the result, the person flying one side against a bot (or bots flying
both, ``--watch``); the campaign file is saved after every move and every game, and
``--resume FILE`` carries on where it stopped. Without a campaign chosen, the game's campaigns
are listed."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from aerodeck.agents.registry import make_agent
from aerodeck.cli.campaign_file import CampaignFile, load_campaign
from aerodeck.cli.campaign_run import CampaignFlight
from aerodeck.cli.invocation import invoked_as
from aerodeck.cli.local_table import bot_seating
from aerodeck.cli.options import DataFileOpt, GameArg, SeedOpt, VariantOpt, game_options
from aerodeck.cli.output import console
from aerodeck.cli.prompt import read_line
from aerodeck.cli.save_paths import earlier_game, new_save_path
from aerodeck.core.api import Game
from aerodeck.core.errors import ConfigError
from aerodeck.core.i18n import N_, _
from aerodeck.core.records import Seating
from aerodeck.core.registry import make, normalize_id
from aerodeck.core.rng import fresh_seed


def _seating(game: Game, seat: int | None, bots: str, watch: bool) -> Seating:
    """The person's side (none with ``--watch``) and a bot for every other side, in side order
    (the last name repeats)."""
    if watch and seat is not None:
        raise ConfigError(_("--watch gives every side to a bot; drop --seat"))
    human = None if watch else (0 if seat is None else seat)
    if human is not None and not 0 <= human < game.players:
        raise ConfigError(_("--seat must be 0 to {last}", last=game.players - 1))
    seating = bot_seating(game.players, human, bots)
    for name in set(seating.bots.values()):
        make_agent(name, game, 0)  # an unknown bot is refused now, in one line
    return seating


def _list_choices(game: Game) -> None:
    """The campaigns the game offers, and how to start one."""
    choices = game.series_choices()
    if not choices:
        raise ConfigError(_("{game} has no campaigns to fly", game=game.info.title))
    table = Table(_("campaign"), _("sides and games"), title=_("Campaigns"), title_justify="left")
    for value, description in choices:
        table.add_row(escape(value), escape(description))
    console.print(table)
    example = f'{invoked_as()} campaign {game.info.cli_name} --variant campaign="{choices[0][0]}"'
    console.print(escape(_("Fly one with: {command}", command=example)), soft_wrap=True)


def _resumed(game: str, resume: Path) -> CampaignFile:
    campaign = load_campaign(resume)
    configured = campaign.game
    if normalize_id(game) != configured.id:
        command = f"{invoked_as()} campaign {configured.info.cli_name} --resume {resume}"
        raise ConfigError(
            _(
                "{file} is a campaign of {game}, not {other}: resume it with `{command}`",
                file=resume,
                game=configured.info.title,
                other=make(game).info.title,
                command=command,
            )
        )
    if campaign.series.finished:
        raise ConfigError(_("{file}: that campaign is already over", file=resume))
    return campaign


def campaign(
    game: GameArg,
    seat: Annotated[
        int | None,
        typer.Option("--seat", help=N_("the side you fly, 0 is the first nation (default 0)")),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots", help=N_("the bot flying the other side (with --watch: both; default medium)")
        ),
    ] = None,
    watch: Annotated[
        bool, typer.Option("--watch", help=N_("bots fly every side; you watch the sheet"))
    ] = False,
    seed: SeedOpt = None,
    variant: VariantOpt = None,
    data_file: DataFileOpt = None,
    save: Annotated[Path | None, typer.Option("--save", help=N_("campaign file"))] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", help=N_("carry on a saved campaign where it stopped")),
    ] = None,
) -> None:
    """Fly a campaign in the terminal, game after game; saved after every move and game."""
    if resume is not None:
        given = [
            flag for flag, value in _flags(seat, bots, watch, seed, variant, data_file) if value
        ]
        if given:
            raise ConfigError(
                _("--resume takes everything from the campaign file; drop {flag}", flag=given[0])
            )
        saved = _resumed(game, resume)
        if save is not None:
            saved.path = save
    else:
        configured = make(game, None, **game_options(variant, game, data_file))
        series = configured.series()
        if series is None:
            _list_choices(configured)
            return
        seating = _seating(configured, seat, bots or "medium", watch)
        chosen = fresh_seed() if seed is None else seed
        default = Path("aerodeck-records") / f"{configured.id}-campaign-{chosen}.json"
        path, taken = new_save_path(save, default)
        if taken is not None:
            console.print(earlier_game(taken, path), markup=False)
        saved = CampaignFile(path, configured, chosen, seating, series)
    if saved.seating.human is not None and sys.stdin is None:
        saved.save()
        raise ConfigError(
            _(
                "stdin is closed: no moves can be typed; the campaign is saved to {path}",
                path=saved.path,
            )
        )
    if not CampaignFlight(saved, console, read_line).run():
        raise typer.Exit(0)


def _flags(
    seat: int | None,
    bots: str | None,
    watch: bool,
    seed: int | None,
    variant: list[str] | None,
    data_file: list[str] | None,
) -> list[tuple[str, bool]]:
    """Which of the options that start a campaign were given (refused with --resume)."""
    return [
        ("--seat", seat is not None),
        ("--bots", bots is not None),
        ("--watch", watch),
        ("--seed", seed is not None),
        ("--variant", bool(variant)),
        ("--data-file", bool(data_file)),
    ]
