"""No code path reads a file named by a record or by a network-facing option (issue 13).

Records whose options name files (an existing file the test made, a FIFO, /dev/zero,
/etc/passwd, a home-relative path) are replayed while every way of opening a file fails the
test if it is handed one of those paths. Each record must be refused as a RecordError, each
remote option set as a ConfigError, and neither message may quote the file.
"""

from __future__ import annotations

import builtins
import io
import os
import pathlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import aerodeck
from aerodeck.core.errors import ConfigError, RecordError
from aerodeck.core.userdata import check_remote_options

SECRET = "s3cret-first-key"


@dataclass
class Guard:
    paths: list[str]
    touched: list[str] = field(default_factory=list)


@pytest.fixture
def guard(tmp_path: Path) -> Iterator[Guard]:
    """The paths a record names, with every file-opening function guarded against them."""
    made = tmp_path / "course.toml"
    made.write_text(f"{SECRET} = 1\nlength = 40\nlanes = 4\nlaps = 1\n", encoding="utf-8")
    paths = [str(made), "/etc/passwd", "/dev/zero", "~/course.toml", str(tmp_path)]
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.toml"
        os.mkfifo(fifo)
        paths.append(str(fifo))
    names = set(paths) | {os.path.expanduser(p) for p in paths}
    real = {os.path.realpath(n) for n in names}
    state = Guard(paths)

    def check(path: Any) -> None:
        if not isinstance(path, str | bytes | os.PathLike):
            return  # a file descriptor: opened by someone already checked
        text = os.fsdecode(path)
        if text in names or os.path.realpath(text) in real:
            state.touched.append(text)
            raise AssertionError(f"the engine opened {text}")

    def wrap(original: Any) -> Any:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            check(args[0] if args else kwargs.get("file", kwargs.get("path")))
            return original(*args, **kwargs)

        return guarded

    patches = pytest.MonkeyPatch()
    patches.setattr(builtins, "open", wrap(builtins.open))
    patches.setattr(io, "open", wrap(io.open))
    patches.setattr(os, "open", wrap(os.open))
    for name in ("open", "read_text", "read_bytes"):
        patches.setattr(pathlib.Path, name, wrap(getattr(pathlib.Path, name)))
    try:
        yield state
    finally:
        patches.undo()
    assert state.touched == []


def _records(paths: list[str]) -> Iterator[dict[str, Any]]:
    for path in paths:
        for game, players, options in [
            ("air_racing", 2, {"course": path}),
            ("down_in_flames", 2, {"data": path}),
            ("down_in_flames", 2, {"campaign": path}),
            ("down_in_flames", 2, {"data": path, "campaign": path}),
            ("down_in_flames", 2, {"site": path}),
        ]:
            yield {"game": game, "players": players, "options": options, "seed": 1, "actions": []}


def test_records_naming_files_are_refused_without_opening_them(guard: Guard) -> None:
    count = 0
    for record in _records(guard.paths):
        with pytest.raises(RecordError) as error:
            aerodeck.replay(record)
        assert SECRET not in str(error.value) and "root:" not in str(error.value)
        count += 1
    assert count == 5 * len(guard.paths)


def test_remote_options_naming_files_are_refused_without_opening_them(guard: Guard) -> None:
    for record in _records(guard.paths):
        with pytest.raises(ConfigError) as error:
            options = check_remote_options(record["game"], record["options"])
            aerodeck.make(record["game"], 2, **options)  # campaign and site are names only
        assert SECRET not in str(error.value)


def test_the_guard_does_catch_a_read(guard: Guard) -> None:
    """The guard itself works: each way of opening one of the paths is caught."""
    for read in (
        lambda: Path(guard.paths[0]).read_text(),
        lambda: Path(guard.paths[0]).read_bytes(),
        lambda: open(guard.paths[1]),  # noqa: SIM115 - the guard refuses it before it opens
        lambda: io.open(guard.paths[1]),  # noqa: SIM115, UP020 - io.open is patched on its own
        lambda: os.open(guard.paths[1], os.O_RDONLY),
    ):
        with pytest.raises(AssertionError, match="the engine opened"):
            read()
    assert len(guard.touched) == 5
    guard.touched.clear()  # caught on purpose here
