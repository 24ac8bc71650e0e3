"""Game options (rule variants): declared once per game, checked in one place."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.core.i18n import _

OPTION_TEXT = 256
"""Longest text option value (ids and names; a data path fits too)."""
_DIGITS = 18
"""Most digits of a whole-number option written as text (every option's range is far smaller)."""
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
INLINE_LIMIT = 1_000_000
"""Most bytes (as compact JSON) of a data table given inline: a course, a data set, a campaign."""
INLINE_DEPTH = 16
"""Deepest nesting of tables and lists in inline data (the shipped data nests 8 deep)."""
_INLINE_INT = 2**63


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a game: its name, default, help, and the values it accepts."""

    name: str
    default: int | bool | str
    help: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    inline: bool = False
    """A data option: as text it names data shipped with the game (``choices``, or a name the
    game looks up in its own data; empty text is the default); as a table it *is* the data (a
    user's own file, read by the person running the program with ``aerodeck.core.userdata``
    and carried in the record). Text is never a path: no option makes the engine read a file."""
    quick: int | bool | str | None = None
    """The value for a quick game, where the rules allow a shorter one (a lobby's "quick"
    preset sets it); None: the option is the same in a quick game."""
    label: str = ""
    """The option's name for people (a lobby's field), marked for translation; empty: the
    name's words ("max_turns": "max turns")."""
    choice_labels: tuple[str, ...] = ()
    """The ``choices`` for people, in the same order, marked for translation; empty: as written."""

    @property
    def title(self) -> str:
        """What a person calls the option (untranslated: the reader's language is the page's)."""
        return self.label or self.name.replace("_", " ")

    def coerce(self, value: Any) -> int | bool | str | dict[str, Any]:
        """Turn a value (native, or text from the command line) into this option's type.

        Strict, because records and network requests carry options: a whole number is an int or
        ASCII digits with an optional sign (not 1.5, '1_0' or full-width digits), a yes/no is a
        bool or one of the listed words, a text is printable and at most OPTION_TEXT long."""
        if self.inline:
            if isinstance(value, Mapping):
                return inline_table(self.name, value)
            if isinstance(value, str) and not value.strip():
                return self.default
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, bool):
                return value
            text = value.strip().lower() if isinstance(value, str) else None
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise ConfigError(
                _(
                    "option {name} takes true or false, not {value}",
                    name=self.name,
                    value=excerpt(value),
                )
            )
        if kind is int:
            number = _whole_number(value)
            if number is None:
                raise ConfigError(
                    _(
                        "option {name} takes a whole number, not {value}",
                        name=self.name,
                        value=excerpt(value),
                    )
                )
            if self.minimum is not None and number < self.minimum:
                raise ConfigError(
                    _("option {name} must be at least {least}", name=self.name, least=self.minimum)
                )
            if self.maximum is not None and number > self.maximum:
                raise ConfigError(
                    _("option {name} must be at most {most}", name=self.name, most=self.maximum)
                )
            return number
        if not isinstance(value, str):
            raise ConfigError(
                _("option {name} takes text, not {value}", name=self.name, value=excerpt(value))
            )
        text = value.strip()
        if len(text) > OPTION_TEXT or not text.isprintable():
            raise ConfigError(
                _(
                    "option {name} takes printable text of at most {count} characters",
                    name=self.name,
                    count=OPTION_TEXT,
                )
            )
        if self.choices is None:
            return text  # free text (a name) keeps its case
        if text.lower() not in self.choices:
            choices = ", ".join(self.choices)
            message = _("option {name} takes one of {choices}", name=self.name, choices=choices)
            if self.inline:
                own = _("(a file of your own: --data-file {name}=FILE)", name=self.name)
                message = f"{message} {own}"
            raise ConfigError(message)
        return text.lower()

    def describe(self) -> str:
        """One line for `aerodeck games` and `aerodeck rules`."""
        if self.choices:
            accepts = "|".join(self.choices)
        elif isinstance(self.default, bool):
            accepts = "true|false"
        elif isinstance(self.default, str):
            accepts = "name"
        else:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            accepts = f"{low}..{high}" if low or high else "number"
        default = str(self.default).lower() if isinstance(self.default, bool) else self.default
        if default == "":
            default = "none"
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
        known = ", ".join(sorted(by_name)) or _("none")
        raise ConfigError(
            _("unknown option {name} (options: {known})", name=excerpt(unknown[0]), known=known)
        )
    return {
        name: option.coerce(given[name]) if name in given else option.default
        for name, option in by_name.items()
    }


def inline_table(name: str, value: Mapping[str, Any]) -> dict[str, Any]:
    """A private copy of inline data for option ``name``, checked to be plain JSON data (text
    keys; text, whole numbers within 64 bits, finite decimals, true/false, lists, tables), at
    most ``INLINE_DEPTH`` deep and ``INLINE_LIMIT`` bytes: what a record can carry and replay
    anywhere. The game then checks its fields as strictly as a file's. Errors never quote it."""

    def plain(item: Any, depth: int) -> Any:
        if depth > INLINE_DEPTH:
            raise ConfigError(f"option {name}: data nested more than {INLINE_DEPTH} deep")
        if isinstance(item, Mapping):
            if not all(isinstance(key, str) for key in item):
                raise ConfigError(f"option {name}: every key of the data must be text")
            return {key: plain(v, depth + 1) for key, v in item.items()}
        if isinstance(item, list | tuple):
            return [plain(v, depth + 1) for v in item]
        if isinstance(item, bool | str):
            return item
        if isinstance(item, int):
            if not -_INLINE_INT <= item < _INLINE_INT:
                raise ConfigError(f"option {name}: a number of the data is out of range")
            return item
        if isinstance(item, float) and math.isfinite(item):
            return item
        raise ConfigError(
            f"option {name}: the data may hold only text, numbers, true/false, lists and tables"
        )

    table: dict[str, Any] = plain(value, 1)
    if len(json.dumps(table, separators=(",", ":"))) > INLINE_LIMIT:
        raise ConfigError(f"option {name}: the data is larger than {INLINE_LIMIT:,} bytes")
    return table


def parse_variant(text: str) -> tuple[str, str]:
    """Split a command-line ``key=value`` into its parts (hyphens in the key become underscores)."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise ConfigError(f"variant {excerpt(text)} is not of the form key=value")
    return key.strip().replace("-", "_"), value.strip()
