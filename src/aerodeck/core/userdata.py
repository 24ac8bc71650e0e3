"""A user's own data files (a course, a data set, a campaign), read only when the person running
the program names them, and what a stranger on the network may set.

No option value is ever a path: a game's data options name shipped data by id, or hold the data
itself as a table (``Option.inline``). Reading a file is this module's job alone, called by the
command line's ``--data-file KEY=FILE`` or by a library user, and the table read goes into the
game's options, so the record carries it and replays anywhere without the file.

Reading is bounded and never hangs: regular files only (checked on the opened descriptor, opened
non-blocking, so a FIFO or a device is refused, not waited on or read for ever), at most
``FILE_LIMIT`` bytes; errors are one ``ConfigError`` line that names the file the user gave and
never quotes its content.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.core.options import inline_table, parse_variant, resolve_options
from aerodeck.core.registry import game_class

FILE_LIMIT = 1_000_000
"""Most bytes of a data file (the shipped Down In Flames data set is about 60 kB)."""
REMOTE_TEXT_LIMIT = 200
"""Longest option text a network client may send (names and ids are far shorter)."""

_AT = re.compile(r"\(at line (\d+), column (\d+)\)$")
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


def read_bytes(path: str | os.PathLike[str], limit: int = FILE_LIMIT) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; ConfigError otherwise."""
    where = os.fspath(path)
    try:
        fd = os.open(Path(path).expanduser(), _FLAGS | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise ConfigError(f"cannot read {where}: {error.strerror or 'error'}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ConfigError(f"{where} is not a regular file")
        if info.st_size > limit:
            raise ConfigError(f"{where} is larger than {limit:,} bytes")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # read at most limit + 1 bytes: a file that grows is still bounded
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise ConfigError(f"{where} is larger than {limit:,} bytes")
        return b"".join(chunks)
    except OSError as error:
        raise ConfigError(f"cannot read {where}: {error.strerror or 'error'}") from None
    finally:
        os.close(fd)


def read_toml(path: str | os.PathLike[str], limit: int = FILE_LIMIT) -> dict[str, Any]:
    """A user's TOML data file as a plain table, ready to pass as a data option's value:
    ``aerodeck.make("air_racing", course=read_toml("my-course.toml"))``. ConfigError (one line,
    never quoting the file) if it is no regular file, too large, not UTF-8 or not TOML; the game
    checks the fields when it is made."""
    where = os.fspath(path)
    try:
        text = read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError(f"{where} is not UTF-8 text (byte {error.start + 1})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = _AT.search(str(error))
        at = f" (line {found[1]}, column {found[2]})" if found else " (at its end)"
        raise ConfigError(f"{where} is not valid TOML{at}") from None
    except (ValueError, RecursionError):  # a number past Python's digit limit, deep nesting
        raise ConfigError(f"{where} is not valid TOML (a value out of range)") from None
    try:
        return inline_table("file", data)
    except ConfigError as error:
        raise ConfigError(f"{where}: {str(error).removeprefix('option file: ')}") from None


def data_files(game_id: str, pairs: list[str]) -> dict[str, dict[str, Any]]:
    """Options from ``KEY=FILE`` pairs (the command line's ``--data-file``): each KEY a data
    option of the game, its value the file's table (``read_toml``)."""
    declared = {option.name: option for option in game_class(game_id).info.options}
    inline = sorted(name for name, option in declared.items() if option.inline)
    out: dict[str, dict[str, Any]] = {}
    for pair in pairs:
        key, file = parse_variant(pair)
        option = declared.get(key)
        if option is None or not option.inline:
            takes = ", ".join(inline) or "none"
            raise ConfigError(
                f"--data-file {excerpt(key)}: not a data option of this game ({takes})"
            )
        if key in out:
            raise ConfigError(f"--data-file {excerpt(key)} is given twice")
        out[key] = read_toml(file)
    return out


def check_remote_options(game_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """A game's options as a stranger may send them (a network client, an uploaded request):
    text of at most ``REMOTE_TEXT_LIMIT`` characters, whole numbers and true/false only, so data
    options name shipped data and never carry a table. Returns the options given, checked as
    ``make`` checks them (the game fills in the rest, as it would for ``make``: a default may
    depend on the player count); ConfigError (one line) otherwise. The server calls this before
    ``make``; inline data stays for the person running the program."""
    if not isinstance(options, Mapping):
        raise ConfigError("options must be an object of name: value")
    for name, value in options.items():
        if not isinstance(name, str) or len(name) > REMOTE_TEXT_LIMIT:
            raise ConfigError("option names must be short text")
        if isinstance(value, str):
            if len(value) > REMOTE_TEXT_LIMIT:
                raise ConfigError(
                    f"option {excerpt(name)}: text longer than {REMOTE_TEXT_LIMIT} characters"
                )
        elif not isinstance(value, bool | int):
            raise ConfigError(f"option {excerpt(name)}: only text, whole numbers or true/false")
    checked = resolve_options(game_class(game_id).info.options, options)
    return {name: checked[name] for name in options}
