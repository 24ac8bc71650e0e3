"""How the person started this program, as a command they can type again.

After `make play-terminal` the program is ``.venv/bin/aerodeck`` and ``aerodeck`` alone is not
on the PATH, so a resume command starting ``aerodeck`` would not run. The command is spelt the
way it was started: ``aerodeck`` when that name on the PATH is this very program, else its path
(relative to the working folder when it lies inside it), or ``python -m aerodeck.cli.app``.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

NAME = "aerodeck"
MODULE = "aerodeck.cli.app"


def invoked_as(argv0: str | None = None, cwd: Path | None = None, path: str | None = None) -> str:
    """The words that start this program again (``sys.argv[0]`` read sensibly), quoted for a
    POSIX shell. A program that is not ``aerodeck`` at all (a test runner calling ``main``)
    gets ``aerodeck``."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    here = Path.cwd() if cwd is None else cwd
    started = Path(argv0)
    if started.name in (NAME, f"{NAME}.exe"):
        on_path = shutil.which(NAME, path=os.environ.get("PATH") if path is None else path)
        if on_path is not None and _same(Path(on_path), started, here):
            return NAME
        return shlex.quote(_spelt(started, here))
    if started.parts[-3:] == ("aerodeck", "cli", "app.py"):  # python -m aerodeck.cli.app
        python = Path(sys.executable)
        on_path = shutil.which(python.name, path=os.environ.get("PATH") if path is None else path)
        if on_path is None or not _same(Path(on_path), python, here):
            return f"{shlex.quote(_spelt(python, here))} -m {MODULE}"
        return f"{python.name} -m {MODULE}"
    return NAME


def _same(found: Path, started: Path, here: Path) -> bool:
    """Whether the program found on the PATH is the one started (the same file, not a copy)."""
    try:
        return found.resolve() == (here / started).resolve()
    except OSError:
        return False


def _spelt(program: Path, here: Path) -> str:
    """The program's path as a person would type it from ``here``: as given when relative,
    relative when it lies inside ``here``, else whole; never a bare name (the shell would look
    for it on the PATH)."""
    text = str(program)
    if program.is_absolute():
        try:
            text = str(program.relative_to(here))
        except ValueError:
            return text
    return text if os.sep in text else os.path.join(os.curdir, text)
