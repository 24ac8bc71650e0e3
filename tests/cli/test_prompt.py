"""At a real terminal the prompt edits lines, keeps a history and completes moves with Tab."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("readline")


def _read_until(fd: int, marker: bytes, seen: bytearray, limit: float = 60.0) -> None:
    """Read the terminal until ``marker`` shows (or fail after ``limit`` seconds of silence)."""
    while marker not in seen:
        ready, _, _ = select.select([fd], [], [], limit)
        if not ready:
            raise AssertionError(f"{marker!r} never came; screen so far:\n{seen.decode()}")
        try:
            seen += os.read(fd, 4096)
        except OSError:  # the program ended and closed the terminal
            raise AssertionError(f"{marker!r} never came; screen:\n{seen.decode()}") from None


def test_tab_completes_a_move_and_the_arrow_key_recalls_the_last_line(tmp_path: Path) -> None:
    main, child = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "80", "LINES": "24"}
    args = [sys.executable, "-m", "aerodeck.cli.app", "play", "aces-versus-aces", "--seed", "3"]
    process = subprocess.Popen(
        [*args, "--save", str(tmp_path / "g.json")],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        close_fds=True,
    )
    os.close(child)
    seen = bytearray()
    try:
        _read_until(main, b"> ", seen)
        os.write(main, b"hist\t\n")  # Tab completes the command `history`
        _read_until(main, b"no moves yet", seen)
        _read_until(main, b"> ", seen)
        os.write(main, b"\x1b[A\n")  # the up arrow brings back `history`, no escape codes
        seen.clear()
        _read_until(main, b"no moves yet", seen)
        assert b"^[[A" not in seen
        _read_until(main, b"> ", seen)
        os.write(main, b"play 5\t\n")  # completes the one `play 5...` in hand
        _read_until(main, b"> play 5H", seen)
        _read_until(main, b"you play a card face down", seen)
        _read_until(main, b"> ", seen)
        os.write(main, b"quit\n")
        _read_until(main, b"Game saved to", seen)
    finally:
        process.wait(timeout=60)
        os.close(main)
    assert process.returncode == 0
