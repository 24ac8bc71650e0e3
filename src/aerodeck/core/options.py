"""Game options (rule variants): declared once per game, checked in one place."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from aerodeck.core.errors import ConfigError

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
        """Turn a value (native, or text from the command line) into this option's type."""
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise ConfigError(f"option {self.name} takes true or false, not {value!r}")
        if kind is int:
            if isinstance(value, bool):
                raise ConfigError(f"option {self.name} takes a whole number, not {value!r}")
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise ConfigError(
                    f"option {self.name} takes a whole number, not {value!r}"
                ) from None
            if self.minimum is not None and number < self.minimum:
                raise ConfigError(f"option {self.name} must be at least {self.minimum}")
            if self.maximum is not None and number > self.maximum:
                raise ConfigError(f"option {self.name} must be at most {self.maximum}")
            return number
        text = str(value).strip()
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
        elif isinstance(self.default, str):
            accepts = "text"
        else:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            accepts = f"{low}..{high}" if low or high else "number"
        default = str(self.default).lower() if isinstance(self.default, bool) else self.default
        if default == "":
            default = "none"
        return f"{self.name}={accepts} (default {default}): {self.help}"


def resolve_options(declared: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every declared option with its value: the given one (checked) or the default."""
    by_name = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise ConfigError(f"unknown option {unknown[0]!r} (options: {known})")
    return {
        name: option.coerce(given[name]) if name in given else option.default
        for name, option in by_name.items()
    }


def parse_variant(text: str) -> tuple[str, str]:
    """Split a command-line ``key=value`` into its parts (hyphens in the key become underscores)."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise ConfigError(f"variant {text!r} is not of the form key=value")
    return key.strip().replace("-", "_"), value.strip()
