"""`aerodeck replay FILE`: check a record move by move and show the game, whole or as a seat saw
it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from aerodeck.agents.analysis import Budget
from aerodeck.cli.analysis_text import analysed, print_analysis
from aerodeck.cli.history import moves_in_words, told
from aerodeck.cli.output import console
from aerodeck.cli.screen import coloured_seats, hanging
from aerodeck.core.api import State
from aerodeck.core.errors import ConfigError
from aerodeck.core.i18n import N_, _, n_
from aerodeck.core.records import load_record, replay
from aerodeck.core.text import seat_name
from aerodeck.core.words import seats_text


def replay_command(
    file: Annotated[Path, typer.Argument(help=N_("a record file (JSON)"))],
    seat: Annotated[
        int | None, typer.Option("--seat", help=N_("show it as this seat saw it"))
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", help=N_("only validate and print the result"))
    ] = False,
    analyse: Annotated[
        bool,
        typer.Option(
            "--analyse",
            "--analyze",
            help=N_("judge every decision (with --seat: that seat's) with the hard search"),
        ),
    ] = False,
    worlds: Annotated[
        int | None,
        typer.Option(
            "--worlds", min=2, help=N_("sampled worlds per decision for --analyse (a count)")
        ),
    ] = None,
) -> None:
    """Validate a record move by move and print the game step by step: the whole record (each
    move as written), or with --seat only what that seat may know, in words (its `history`);
    with --analyse every decision judged (with --seat only that seat's): its mark, the better
    move, the running evaluation and each player's accuracy."""
    record = load_record(file)
    final = replay(record)
    game = final.game
    if seat is not None and not 0 <= seat < game.players:
        raise ConfigError(_("--seat must be 0 to {last}", last=game.players - 1))
    if analyse:
        if not final.is_terminal:
            raise ConfigError(_("--analyse needs a finished game"))
        seats = None if seat is None else [seat]
        result = analysed(record, game.info.title, seats, Budget(worlds=worlds))
        print_analysis(final, result, seat)
    elif not quiet and seat is not None:  # as the seat saw it: the moves in words
        for line in told(moves_in_words(final, seat), game.describe_event, seat):
            console.print(hanging(coloured_seats(line)))
    elif not quiet:  # the whole record: each move's notation is the file's own content
        _print_record(final, record["actions"])
    count = len(record["actions"])
    if final.is_terminal:
        valid = n_(
            "Record is valid: {count} move, won by {seats}.",
            "Record is valid: {count} moves, won by {seats}.",
            count,
            seats=seats_text(final.winners, seat),
        )
    else:
        valid = n_(
            "Record is valid: {count} move, game not finished.",
            "Record is valid: {count} moves, game not finished.",
            count,
        )
    console.print(valid)


def _print_record(final: State, actions: list[str]) -> None:
    """Every move of the record as written, with the events it caused as a spectator saw them."""
    game = final.game
    state = game.new_game(seed=final.seed, setup=final.setup)
    for number, (actor, action) in enumerate(zip(final.actors(), actions, strict=True), start=1):
        seen = state.event_count
        state.apply(action)
        console.print(f"[cyan]{number:>4}[/cyan] {seat_name(actor)}: [bold]{escape(action)}[/bold]")
        for event in state.events_since(seen, None):
            console.print("       " + game.describe_event(event))
