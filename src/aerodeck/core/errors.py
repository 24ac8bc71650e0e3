"""The error classes every layer raises; user input never surfaces as anything else."""

from __future__ import annotations


class AerodeckError(Exception):
    """Base of every error aerodeck raises on purpose. Its message is one readable line."""


class ConfigError(AerodeckError):
    """Unknown game, bad player count, unknown or badly typed option, bad setup."""


class SeatError(ConfigError):
    """A seat that is not one of the game's: not an int 0..players-1 (or None where a spectator may
    look). A ConfigError, so callers that catch configuration mistakes catch it too."""


class IllegalActionError(AerodeckError):
    """An action the rules forbid now. The message names the rule in players' words."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class NotationError(IllegalActionError):
    """Text that is not an action at all in this game's notation (malformed, not merely illegal)."""


class RecordError(AerodeckError):
    """A record that is unreadable, of an unknown version, or whose actions do not hold."""


EXCERPT_CHARS = 40


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """A short quote of a stranger's input for an error message: ``repr`` of at most ``limit``
    characters of a string, small numbers in full, containers by their size, anything else by its
    cut ``repr``. A 1 MB move or a
    5,000-digit number must not become a 1 MB message (or a ValueError from ``str(int)``)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:limit]) + "..."
    if value is None or isinstance(value, bool | float):
        return repr(value)
    if isinstance(value, int):
        return repr(value) if value.bit_length() <= 64 else f"a {value.bit_length()}-bit number"
    if isinstance(value, list | tuple | dict | set | bytes | bytearray):
        return f"a {type(value).__name__} of {len(value)}"
    try:
        text = repr(value)
    except Exception:  # a stranger's object; its repr is only decoration
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit] + "..."
