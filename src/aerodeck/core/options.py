"""Game options (rule variants): declared once per game, checked in one place."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from aerodeck.core.errors import ConfigError, excerpt

OPTION_TEXT = 256
"""Longest text option value (ids and names; a data path fits too)."""
_DIGITS = 18
"""Most digits of a whole-number option written as text (every option's range is far smaller)."""
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a game: its name, default, help, and the values it accepts."""

    name: str
    default: int | bool | str
    help: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def coerce(self, value: Any) -> int | bool | str:
        """Turn a value (native, or text from the command line) into this option's type.

        Strict, because records and network requests carry options: a whole number is an int or
        ASCII digits with an optional sign (not 1.5, '1_0' or full-width digits), a yes/no is a
        bool or one of the listed words, a text is printable and at most OPTION_TEXT long."""
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, bool):
                return value
            text = value.strip().lower() if isinstance(value, str) else None
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise ConfigError(f"option {self.name} takes true or false, not {excerpt(value)}")
        if kind is int:
            number = _whole_number(value)
            if number is None:
                raise ConfigError(f"option {self.name} takes a whole number, not {excerpt(value)}")
            if self.minimum is not None and number < self.minimum:
                raise ConfigError(f"option {self.name} must be at least {self.minimum}")
            if self.maximum is not None and number > self.maximum:
                raise ConfigError(f"option {self.name} must be at most {self.maximum}")
            return number
        if not isinstance(value, str):
            raise ConfigError(f"option {self.name} takes text, not {excerpt(value)}")
        text = value.strip()
        if len(text) > OPTION_TEXT or not text.isprintable():
            raise ConfigError(
                f"option {self.name} takes printable text of at most {OPTION_TEXT} characters"
            )
        if self.choices is None:
            return text  # free text (a file path, a name) keeps its case
        if text.lower() not in self.choices:
            raise ConfigError(f"option {self.name} takes one of {', '.join(self.choices)}")
        return text.lower()

    def describe(self) -> str:
        """One line for `aerodeck games` and `aerodeck rules`."""
        if self.choices:
            accepts = "|".join(self.choices)
        elif isinstance(self.default, bool):
            accepts = "true|false"
        else:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            accepts = f"{low}..{high}" if low or high else "number"
        default = str(self.default).lower() if isinstance(self.default, bool) else self.default
        return f"{self.name}={accepts} (default {default}): {self.help}"


def _whole_number(value: object) -> int | None:
    """``value`` as an int if it is one (not a bool) or ASCII digits with an optional sign."""
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    if not isinstance(value, str):
        return None
    text = value.strip()
    digits = text[1:] if text[:1] in ("+", "-") else text
    if 0 < len(digits) <= _DIGITS and digits.isascii() and digits.isdigit():
        return int(text)
    return None


def resolve_options(declared: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every declared option with its value: the given one (checked) or the default."""
    by_name = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise ConfigError(f"unknown option {excerpt(unknown[0])} (options: {known})")
    return {
        name: option.coerce(given[name]) if name in given else option.default
        for name, option in by_name.items()
    }


def parse_variant(text: str) -> tuple[str, str]:
    """Split a command-line ``key=value`` into its parts (hyphens in the key become underscores)."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise ConfigError(f"variant {excerpt(text)} is not of the form key=value")
    return key.strip().replace("-", "_"), value.strip()
