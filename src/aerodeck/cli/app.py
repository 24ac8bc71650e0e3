"""The `aerodeck` command: the typer app assembled from ``cli/commands/`` (one module per
command), and ``main``, which turns every refusal into one readable line on stderr and a non-zero
exit."""

from __future__ import annotations

import sys
from importlib import metadata
from typing import Annotated

import typer

from aerodeck.cli.commands.bots import bots
from aerodeck.cli.commands.campaign import campaign
from aerodeck.cli.commands.cluster import cluster
from aerodeck.cli.commands.connect import connect
from aerodeck.cli.commands.games import games
from aerodeck.cli.commands.play import play
from aerodeck.cli.commands.replay import replay_command
from aerodeck.cli.commands.rules import rules
from aerodeck.cli.commands.serve import serve
from aerodeck.cli.commands.simulate import simulate
from aerodeck.cli.encoding import fit_streams
from aerodeck.cli.help_texts import in_language
from aerodeck.cli.output import console, err
from aerodeck.core.errors import AerodeckError
from aerodeck.core.i18n import N_, _, from_environment, set_language

app = typer.Typer(
    help=N_("aerodeck: play, replay and simulate five aviation card games."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        try:
            number = metadata.version("aerodeck")
        except metadata.PackageNotFoundError:  # run from a source tree that is not installed
            number = _("unknown (not installed)")
        console.print(f"aerodeck {number}")  # a name and a number: no words
        raise typer.Exit(0)


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help=N_("print the version")),
    ] = False,
) -> None:
    """aerodeck: play, replay and simulate five aviation card games."""


# Each command's help (looked up in the reader's language when shown: cli/help_texts.py)
app.command(
    help=N_("List the games, their player counts and options (each option: aerodeck rules GAME).")
)(games)
app.command(help=N_("Print a game's rules summary and notation."))(rules)
app.command(help=N_("Play in the terminal against bots. The record is saved after every move."))(
    play
)
app.command(
    help=N_(
        "Fly a campaign (a series of games) in the terminal, against a bot or watching bots; "
        "saved after every move and every game. Without a campaign chosen, lists them."
    )
)(campaign)
app.command(
    "replay",
    help=N_(
        "Validate a record move by move and print the game step by step: the whole record "
        "(each move as written), or with --seat only what that seat may know, in words (a "
        "face-down play stays face down), as its history command tells it."
    ),
)(replay_command)
app.command(
    help=N_(
        "Play many seeded games between bots; report win rates, seats, length, ratings, "
        "figures.\n\n"
        "With --out the folder gets games.jsonl (streamed), summary.json, report.csv, "
        "report.html and plots/*.png; --compare runs a second variant on the same seeds into "
        "--out/B."
    )
)(simulate)
app.command(help=N_("List the bots available for a game."))(bots)
app.command(help=N_("Serve the online card table: the lobby (REST) and the tables (WebSocket)."))(
    serve
)
app.command(
    help=N_("Play your seat of a table on a server (or watch it), with the same screen as play.")
)(connect)
# options after `--` go on to every server process of the cluster
app.command(
    help=N_("Run the table server as a cluster on this machine: processes behind nginx."),
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
)(cluster)


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app, turning every expected failure into one line and an exit code."""
    fit_streams()
    set_language(from_environment())
    try:
        command = in_language(typer.main.get_command(app))
        result = command(args=argv, standalone_mode=False)
    except AerodeckError as error:
        err.print(_("error: {reason}", reason=error), markup=False, highlight=False, soft_wrap=True)
        return 2
    except typer.TyperException as error:
        message = error.format_message()
        if message:
            err.print(
                _("error: {reason}", reason=message), markup=False, highlight=False, soft_wrap=True
            )
        return 2
    except (KeyboardInterrupt, typer.Abort):
        err.print(_("interrupted"), markup=False)
        return 130
    except typer.Exit as done:
        return int(done.exit_code)
    return int(result) if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())


def run_main() -> None:
    """Console-script wrapper: exit with main()'s code."""
    sys.exit(main())
