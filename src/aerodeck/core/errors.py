"""The error classes every layer raises; user input never surfaces as anything else."""

from __future__ import annotations


class AerodeckError(Exception):
    """Base of every error aerodeck raises on purpose. Its message is one readable line."""


class ConfigError(AerodeckError):
    """Unknown game, bad player count, unknown or badly typed option, bad setup."""


class IllegalActionError(AerodeckError):
    """An action the rules forbid now. The message names the rule in players' words."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class NotationError(IllegalActionError):
    """Text that is not an action at all in this game's notation (malformed, not merely illegal)."""


class RecordError(AerodeckError):
    """A record that is unreadable, of an unknown version, or whose actions do not hold."""


def excerpt(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages that quote input:
    a message names what was wrong without copying a huge or hostile value whole."""
    try:
        text = repr(value)
    except ValueError:  # an int past Python's digit limit
        return "<a very large number>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
