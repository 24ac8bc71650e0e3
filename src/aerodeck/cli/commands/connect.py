"""`aerodeck connect URL`: a seat of a server's table (or a spectator's place) in the terminal,
on the same screen as `aerodeck play`."""

from __future__ import annotations

from typing import Annotated

import typer

from aerodeck.cli.output import console
from aerodeck.cli.prompt import enable_line_editing, read_line
from aerodeck.cli.screen import Screen
from aerodeck.core.errors import ConfigError
from aerodeck.core.i18n import N_, _
from aerodeck.core.text import seat_name


def connect(
    url: Annotated[
        str,
        typer.Argument(
            help=N_(
                "the table's link (http://HOST:PORT/t/TABLE, with #invite=CODE to take a seat) "
                "or the server's address with --table"
            )
        ),
    ],
    table: Annotated[
        str | None, typer.Option("--table", help=N_("the table id, when the link has none"))
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(
            "--token",
            envvar="AERODECK_TOKEN",
            help=N_("your seat's token (or $AERODECK_TOKEN); none and no invite: watch"),
        ),
    ] = None,
    name: Annotated[str, typer.Option("--name", help=N_("your name at the table"))] = "",
) -> None:
    """Play your seat of a table on a server (or watch it), with the same screen as play."""
    try:  # the web extra is optional: only the server's commands need it
        from aerodeck.cli.remote_table import RemoteTable, come_back_command  # noqa: PLC0415
        from aerodeck.client import TableClient, join_with_invite, parse_link  # noqa: PLC0415
    except ImportError as error:
        message = _(
            "connecting needs the web extra: {install} ({error})",
            install="pip install 'aerodeck[web]'",
            error=error,
        )
        raise ConfigError(message) from None
    link = parse_link(url)
    table_id = table or link.table
    if not table_id:
        raise ConfigError(_("which table? give its link (http://HOST:PORT/t/TABLE) or --table"))
    if link.invite and not token:
        seat, token = join_with_invite(link.server, table_id, link.invite, link.seat, name)
        console.print(
            _(
                "You took {seat}. To come back to it later: {command}",
                seat=seat_name(seat),
                command=come_back_command(link.server, table_id, token),
            ),
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
    client = TableClient(link.server, table_id, token or None)
    come_back = come_back_command(link.server, table_id, token) if token else None
    # a refusal to connect is an AerodeckError: one line
    with RemoteTable(client, console.print, come_back) as remote:
        screen = Screen(remote, console, read_line)
        enable_line_editing(screen.completions)
        screen.run()
