"""`aerodeck play GAME`: a person against bots in the terminal, the record saved after every
move; ``--resume`` carries on a saved game with the seating its record keeps."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from aerodeck.agents.registry import make_agent
from aerodeck.cli.invocation import invoked_as
from aerodeck.cli.local_table import LocalTable, bot_seating, bots_flag
from aerodeck.cli.options import DataFileOpt, GameArg, PlayersOpt, SeedOpt, VariantOpt, game_options
from aerodeck.cli.output import console
from aerodeck.cli.prompt import enable_line_editing, read_line
from aerodeck.cli.save_paths import earlier_game, new_save_path
from aerodeck.cli.screen import Screen
from aerodeck.core.api import Agent, Game, State
from aerodeck.core.errors import ConfigError
from aerodeck.core.i18n import N_, _
from aerodeck.core.records import Seating, load_record, replay, seating_of
from aerodeck.core.registry import make, normalize_id
from aerodeck.core.rng import derive_seed, fresh_seed
from aerodeck.core.text import seat_name


def _agents_for(game: Game, seating: Seating, seed: int) -> list[Agent | None]:
    return [
        None
        if seat == seating.human
        else make_agent(seating.bots[seat], game, derive_seed(seed, "bot", seat))
        for seat in range(game.players)
    ]


def _resumed(
    game: str, resume: Path, players: int | None, seat: int | None, bots: str | None
) -> tuple[State, Seating]:
    """The saved game and its seating; a flag that contradicts the record is refused."""
    record = load_record(resume)
    state = replay(record)
    configured = state.game
    if normalize_id(game) != configured.id:
        command = f"{invoked_as()} play {configured.info.cli_name} --resume {resume}"
        raise ConfigError(
            _(
                "{file} is a game of {game}, not {other}: resume it with `{command}`",
                file=resume,
                game=configured.info.title,
                other=make(game).info.title,
                command=command,
            )
        )
    if players is not None and players != configured.players:
        raise ConfigError(
            _(
                "{file} is a {players}-player game; drop -p/--players",
                file=resume,
                players=configured.players,
            )
        )
    saved = seating_of(record)
    if saved is None:  # a record written without a table (a library or simulator game)
        return state, bot_seating(
            configured.players, 0 if seat is None else seat, bots or "heuristic"
        )
    if seat is not None and seat != saved.human:
        where = _("nobody's seat") if saved.human is None else seat_name(saved.human)
        raise ConfigError(
            _(
                "the seating comes from the record: you sit in {where}, not {seat}; drop --seat",
                where=where,
                seat=seat_name(seat),
            )
        )
    if bots is not None and bot_seating(configured.players, saved.human, bots) != saved:
        raise ConfigError(
            _(
                "the seating comes from the record: its bots are {bots}; drop --bots",
                bots=bots_flag(saved),
            )
        )
    return state, saved


def play(
    game: GameArg,
    players: PlayersOpt = None,
    seat: Annotated[
        int | None, typer.Option("--seat", help=N_("your seat, 0 plays first (default 0)"))
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots", help=N_("bots for the other seats, in seat order (default heuristic)")
        ),
    ] = None,
    seed: SeedOpt = None,
    variant: VariantOpt = None,
    data_file: DataFileOpt = None,
    save: Annotated[Path | None, typer.Option("--save", help=N_("record file"))] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", help=N_("carry on a saved game (its record keeps the seating)")),
    ] = None,
) -> None:
    """Play in the terminal against bots. The record is saved after every move."""
    state: State
    if resume is not None:
        if variant or data_file:
            raise ConfigError(_("--resume takes the game's options from its record"))
        state, seating = _resumed(game, resume, players, seat, bots)
        configured = state.game
        save = save or resume
    else:
        configured = make(game, players, **game_options(variant, game, data_file))
        human = 0 if seat is None else seat
        if not 0 <= human < configured.players:
            raise ConfigError(_("--seat must be 0 to {last}", last=configured.players - 1))
        seating = bot_seating(configured.players, human, bots or "heuristic")
        state = configured.new_game(seed=fresh_seed() if seed is None else seed)
    if state.is_terminal:
        raise ConfigError(_("that game is already over; use `aerodeck replay` to see it"))
    if seating.human is None:
        raise ConfigError(_("that record has no person's seat (bots only); replay it instead"))
    if resume is None:
        default = Path("aerodeck-records") / f"{configured.id}-{state.seed}.json"
        save, taken = new_save_path(save, default)
        if taken is not None:
            console.print(earlier_game(taken, save), markup=False)
    assert save is not None
    agents = _agents_for(configured, seating, state.seed)
    table = LocalTable(state, seating, agents, save)
    table.save()  # a path that cannot be written is refused now, not after the first move
    if sys.stdin is None:  # started with stdin closed (`<&-`): nobody can type a move
        raise ConfigError(
            _("stdin is closed: no moves can be typed; the game is saved to {path}", path=save)
        )
    screen = Screen(table, console, read_line)
    enable_line_editing(screen.completions)
    finished = screen.run()
    if not finished:
        raise typer.Exit(0)
