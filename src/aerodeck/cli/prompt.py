"""The move prompt at a real terminal: line editing, history (the arrow keys) and Tab completion
of the legal moves' notation and the session's commands, through the standard ``readline``.

Piped or scripted input (tests, ``echo 1 | aerodeck play ...``) reads plain lines: readline is
only switched on when stdin is a terminal.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable

try:
    import termios  # POSIX: drops what was typed ahead of a prompt
except ImportError:  # pragma: no cover - Windows has no termios
    termios = None  # type: ignore[assignment]


def enable_line_editing(words: Callable[[], list[str]]) -> bool:
    """Turn on readline with completion of ``words()`` (the whole line is completed, so ``pl``
    Tab offers every ``play ...``). False where stdin is no terminal or readline is missing."""
    if sys.stdin is None or not sys.stdin.isatty():  # None: started with stdin closed
        return False
    try:
        import readline  # noqa: PLC0415 - only at a terminal; importing it alters input()
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return False

    def complete(text: str, state: int) -> str | None:
        line = readline.get_line_buffer()
        matches = [w for w in words() if w.lower().startswith(line.lower())]
        if state >= len(matches):
            return None
        # readline replaces only ``text`` (the part after the last delimiter): none are set
        return matches[state][len(line) - len(text) :]

    readline.set_completer(complete)
    readline.set_completer_delims("")
    if "libedit" in (readline.__doc__ or ""):  # macOS
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return True


def read_line(prompt: str) -> str:
    """One line typed at the prompt (``input``); a closed stdin is the end of input (EOFError),
    like an empty pipe. At a terminal, what was typed before the prompt appeared (while the
    others played) is dropped: it was typed for a menu the person no longer sees."""
    if sys.stdin is None:
        raise EOFError
    if termios is not None and sys.stdin.isatty():
        with contextlib.suppress(OSError, termios.error):
            termios.tcflush(sys.stdin, termios.TCIFLUSH)
    return input(prompt)
