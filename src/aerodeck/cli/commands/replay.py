"""`aerodeck replay FILE`: check a record move by move and show the game, whole or as a seat saw
it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from aerodeck.cli.output import console
from aerodeck.core.api import SeenMove, State
from aerodeck.core.errors import ConfigError
from aerodeck.core.i18n import N_, _, n_
from aerodeck.core.records import load_record, replay
from aerodeck.core.text import seat_name
from aerodeck.core.words import as_seen_by, seats_text


def replay_command(
    file: Annotated[Path, typer.Argument(help=N_("a record file (JSON)"))],
    seat: Annotated[
        int | None, typer.Option("--seat", help=N_("show it as this seat saw it"))
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", help=N_("only validate and print the result"))
    ] = False,
) -> None:
    """Validate a record move by move and print the game step by step.

    With --seat, only what that seat may know: its own moves in full, others' as they were
    shown to it (a face-down play stays face down), and the events as that seat saw them.
    """
    record = load_record(file)
    final = replay(record)
    game = final.game
    if seat is not None and not 0 <= seat < game.players:
        raise ConfigError(_("--seat must be 0 to {last}", last=game.players - 1))
    if not quiet:
        state = game.new_game(seed=final.seed, setup=final.setup)
        seen = 0
        # without --seat the whole record is shown: it is the file's own content
        moves = final.history_for(seat) if seat is not None else _full_history(final)
        for move in moves:
            state.apply(record["actions"][move.number - 1])
            who = seat_name(move.seat, seat)
            console.print(f"[cyan]{move.number:>4}[/cyan] {who}: [bold]{escape(move.move)}[/bold]")
            for event in state.events_since(seen, seat):
                console.print("       " + as_seen_by(game.describe_event(event), seat))
            seen = state.event_count
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


def _full_history(state: State) -> list[SeenMove]:
    return [
        SeenMove(number, actor, move)
        for number, (actor, move) in enumerate(
            zip(state.actors(), state.history(), strict=True), start=1
        )
    ]
