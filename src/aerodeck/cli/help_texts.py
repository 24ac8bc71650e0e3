"""The `aerodeck` command's help in the reader's language.

Typer reads each command's and option's help when the command is built, from text fixed at
import time, before the language is chosen. That text is marked with ``N_`` (so the catalogs
get it) and looked up here, once the language is known, on the command typer builds: every
command's help and every option's and argument's, the help option's own, and the titles of the
panels they are listed in (typer's ``rich_help_panel``). Typer's remaining words ("Usage",
"[required]", its parse errors) stay its own, in English.
"""

from __future__ import annotations

from typing import TypeVar

import typer

from aerodeck.core.i18n import _

Command = TypeVar("Command")
TEXTS = ("help", "short_help")


def in_language(command: Command) -> Command:
    """``command`` (the command typer builds) with every help text of it, its options and
    arguments and its subcommands looked up in the language in use (the same object,
    changed)."""
    _look_up(command)
    params = list(getattr(command, "params", ()))
    get_help_option = getattr(command, "get_help_option", None)
    if get_help_option is not None:  # made on first use, then kept: made now, in words
        option = get_help_option(typer.Context(command))  # type: ignore[arg-type]
        if option is not None:
            option.help = _("Show this message and exit.")
            params.append(option)
    for param in params:
        _look_up(param)
        if not getattr(param, "rich_help_panel", None):  # none chosen: the default panel
            kind = getattr(param, "param_type_name", "")
            param.rich_help_panel = _("Arguments") if kind == "argument" else _("Options")
    for sub in getattr(command, "commands", {}).values():
        in_language(sub)
        if not getattr(sub, "rich_help_panel", None):
            sub.rich_help_panel = _("Commands")
    return command


def _look_up(thing: object) -> None:
    for name in TEXTS:
        text = getattr(thing, name, None)
        if isinstance(text, str) and text:
            setattr(thing, name, _(text))
