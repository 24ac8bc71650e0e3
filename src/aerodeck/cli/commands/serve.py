"""`aerodeck serve`: the online card table (docs/server.md).

Its options are the server's ``Settings``, one per field, built here from the fields themselves
(name, type, default, help and least value in the field's metadata): a new setting is an option
without a second edit. Only where to listen and uvicorn's log level are the command's own.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from typing import Annotated, Any

import typer

from aerodeck.cli.output import console
from aerodeck.core.errors import ConfigError
from aerodeck.core.i18n import N_, _
from aerodeck.web.settings import Settings


def serve(
    host: Annotated[str, typer.Option(help=N_("address to listen on"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=N_("port to listen on"))] = 8000,
    log_level: Annotated[str, typer.Option(help=N_("uvicorn's log level"))] = "info",
    **settings: Any,
) -> None:
    """Serve the online card table: the lobby (REST) and the tables (WebSocket)."""
    try:  # the web extra is optional: only this command needs it
        from aerodeck.web.serve import serve as run_server  # noqa: PLC0415
    except ImportError as error:
        message = _(
            "the server needs the web extra: {install} ({error})",
            install="pip install 'aerodeck[web]'",
            error=error,
        )
        raise ConfigError(message) from None
    run_server(settings_from_options(settings), host, port, log_level, console)


def setting_options() -> list[inspect.Parameter]:
    """One keyword parameter per ``Settings`` field, annotated as a typer option."""
    types = typing.get_type_hints(Settings)
    options = []
    for field in dataclasses.fields(Settings):
        meta = field.metadata
        per = meta.get("per", 1)
        option = typer.Option(
            meta.get("flag", "--" + field.name.replace("_", "-")),
            help=meta["help"],
            min=meta.get("minimum"),
        )
        default = field.default if per == 1 else field.default / per
        options.append(
            inspect.Parameter(
                field.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=default,
                annotation=Annotated[types[field.name], option],
            )
        )
    return options


def settings_from_options(values: dict[str, Any]) -> Settings:
    """The settings the options give (an option in other units than its field converted)."""
    per = {field.name: field.metadata.get("per", 1) for field in dataclasses.fields(Settings)}
    return Settings(
        **{name: value * per[name] if per[name] != 1 else value for name, value in values.items()}
    )


_own = inspect.signature(serve, eval_str=True)
serve.__signature__ = _own.replace(  # type: ignore[attr-defined]
    parameters=[p for p in _own.parameters.values() if p.kind != p.VAR_KEYWORD] + setting_options()
)
