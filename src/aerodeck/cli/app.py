"""The `aerodeck` command: the typer app assembled from ``cli/commands/`` (one module per
command), and ``main``, which turns every refusal into one readable line on stderr and a non-zero
exit."""

from __future__ import annotations

import sys
from importlib import metadata
from typing import Annotated

import typer

from aerodeck.cli.commands.bots import bots
from aerodeck.cli.commands.cluster import cluster
from aerodeck.cli.commands.connect import connect
from aerodeck.cli.commands.games import games
from aerodeck.cli.commands.play import play
from aerodeck.cli.commands.replay import replay_command
from aerodeck.cli.commands.rules import rules
from aerodeck.cli.commands.serve import serve
from aerodeck.cli.commands.simulate import simulate
from aerodeck.cli.encoding import fit_streams
from aerodeck.cli.output import console, err
from aerodeck.core.errors import AerodeckError
from aerodeck.core.i18n import from_environment, set_language

app = typer.Typer(
    help="aerodeck: play, replay and simulate five aviation card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        try:
            number = metadata.version("aerodeck")
        except metadata.PackageNotFoundError:  # run from a source tree that is not installed
            number = "unknown (not installed)"
        console.print(f"aerodeck {number}")
        raise typer.Exit(0)


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="print the version"),
    ] = False,
) -> None:
    """aerodeck: play, replay and simulate five aviation card games."""


app.command()(games)
app.command()(rules)
app.command()(play)
app.command("replay")(replay_command)
app.command()(simulate)
app.command()(bots)
app.command()(serve)
app.command()(connect)
# options after `--` go on to every server process of the cluster
app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})(cluster)


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app, turning every expected failure into one line and an exit code."""
    fit_streams()
    set_language(from_environment())
    try:
        result = app(args=argv, standalone_mode=False)
    except AerodeckError as error:
        err.print(f"error: {error}", markup=False, highlight=False, soft_wrap=True)
        return 2
    except typer.TyperException as error:
        message = error.format_message()
        if message:
            err.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)
        return 2
    except (KeyboardInterrupt, typer.Abort):
        err.print("interrupted", markup=False)
        return 130
    except typer.Exit as done:
        return int(done.exit_code)
    return int(result) if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())


def run_main() -> None:
    """Console-script wrapper: exit with main()'s code."""
    sys.exit(main())
