"""Where the `aerodeck` command writes: ``console`` (standard output: the game, the reports) and
``err`` (standard error: the one line of a refusal). Standard output that cannot be written (a
full disk, ``>/dev/full``) is an ``OutputError``: one line on stderr, like any refusal."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import IO, cast

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from aerodeck.core.errors import AerodeckError


class OutputError(AerodeckError):
    """Standard output cannot be written (a full disk, a device error)."""


class _Stdout:
    """``sys.stdout`` as it is at each call (tests capture it by swapping it), with a failed
    write raised as ``OutputError``. A closed pipe (``| head``) stays rich's own affair."""

    @property
    def encoding(self) -> str | None:
        return getattr(sys.stdout, "encoding", None)

    def isatty(self) -> bool:
        return sys.stdout.isatty()

    def fileno(self) -> int:
        return sys.stdout.fileno()

    def write(self, text: str) -> int:
        try:
            return sys.stdout.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise _failed(error) from None

    def flush(self) -> None:
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise _failed(error) from None


def _failed(error: OSError) -> OutputError:
    """The error to report; standard output now goes to the null device, so leaving the
    program does not fail a second time flushing it."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    return OutputError(f"cannot write the output: {error.strerror or error}")


stdout = cast(IO[str], _Stdout())
console = Console(file=stdout, highlight=False)  # no number colouring: it would tint 3 of 3♠
err = Console(stderr=True, highlight=False)


def progress_columns() -> tuple[ProgressColumn, ...]:
    """The simulator's progress bar: what runs, the bar, done of all, the rate (a task field
    ``rate``), the time so far and the time left."""
    return (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
