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


class Screen:
    """What the program wrote to the terminal, read up to each expected text in turn."""

    def __init__(self, fd: int) -> None:
        self.fd, self.text, self.cursor = fd, bytearray(), 0

    def wait_for(self, marker: bytes, limit: float = 60.0) -> bytes:
        """Read until ``marker`` shows after the last one waited for; what came in between."""
        while marker not in self.text[self.cursor :]:
            ready, _, _ = select.select([self.fd], [], [], limit)
            if not ready:
                raise AssertionError(f"{marker!r} never came; screen:\n{self.text.decode()}")
            try:
                self.text += os.read(self.fd, 4096)
            except OSError:  # the program ended and closed the terminal
                raise AssertionError(
                    f"{marker!r} never came; screen:\n{self.text.decode()}"
                ) from None
        start = self.cursor
        self.cursor = self.text.index(marker, self.cursor) + len(marker)
        return bytes(self.text[start : self.cursor])


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
    screen = Screen(main)
    try:
        screen.wait_for(b"> ")
        os.write(main, b"hist\t\n")  # Tab completes the command `history`
        screen.wait_for(b"no moves yet")
        screen.wait_for(b"> ")
        os.write(main, b"\x1b[A\n")  # the up arrow brings back `history`, no escape codes
        shown = screen.wait_for(b"no moves yet")
        assert b"^[[A" not in shown and b"history" in shown
        screen.wait_for(b"> ")
        os.write(main, b"play 5\t\n")  # completes the one `play 5...` in hand
        screen.wait_for(b"play 5H")
        screen.wait_for(b"you play a card face down")
        screen.wait_for(b"> ")
        os.write(main, b"quit\n")
        screen.wait_for(b"Game saved to")
    finally:
        process.wait(timeout=60)
        os.close(main)
    assert process.returncode == 0
