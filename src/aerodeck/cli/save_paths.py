"""Where a new game or campaign is saved: never over a file that holds another one."""

from __future__ import annotations

from pathlib import Path

from aerodeck.core.errors import ConfigError
from aerodeck.core.i18n import _


def new_save_path(given: Path | None, default: Path) -> tuple[Path, Path | None]:
    """The file for a new record and, when ``default`` was taken, that file (to tell the person).

    A ``given`` file (``--save``) that exists is refused: it holds a game the person may want to
    resume. A taken ``default`` name is followed by the first free ``<name>-2.json``, ``-3``, ..."""
    if given is not None:
        if given.is_file():
            raise ConfigError(
                _(
                    "{file} already holds a saved record: resume it with --resume {file}, "
                    "or choose another --save",
                    file=given,
                )
            )
        return given, None
    if not default.exists():
        return default, None
    number = 2
    while (free := default.with_name(f"{default.stem}-{number}{default.suffix}")).exists():
        number += 1
    return free, default


def earlier_game(taken: Path, path: Path) -> str:
    """The line saying a new record went to ``path`` because ``taken`` holds an earlier one."""
    return _(
        "{taken} holds an earlier record (resume it with --resume {taken}); this one is saved to "
        "{path}.",
        taken=taken,
        path=path,
    )
