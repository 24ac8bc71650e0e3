"""A game's ``setup`` (a scenario) as a stranger may send it: plain JSON data, bounded.

Each game reads the content of its own setup; core checks once that it is a JSON object of plain
values (no other Python objects, no NaN, no huge number or text) with a bounded size and nesting,
so a game's reader meets only the shapes JSON can carry.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from aerodeck.core.errors import ConfigError, excerpt

SETUP_DEPTH = 16
"""Deepest nesting of lists and objects in a setup (the games' setups use at most 4)."""
SETUP_ITEMS = 100_000
"""Most values in a setup, counted over every level."""
SETUP_TEXT = 1_000
"""Longest text in a setup (card and aircraft names are under 40 characters)."""
SETUP_NUMBER_BITS = 64
"""Widest whole number in a setup."""


def check_setup(setup: object) -> dict[str, Any]:
    """A copy of ``setup`` as a dict, if it is a JSON object of plain bounded values; else
    ConfigError naming where it goes wrong."""
    if not isinstance(setup, Mapping):
        raise ConfigError(f"a setup is an object of named values, not {excerpt(setup)}")
    budget = [SETUP_ITEMS]
    _check(setup, "setup", 1, budget)
    return dict(setup)


def check_setup_keys(setup: Mapping[str, Any], allowed: Iterable[str]) -> None:
    """ConfigError naming the first key of ``setup`` (sorted) that is not one of ``allowed``,
    with the keys a game reads in the order given."""
    keys = list(allowed)
    unknown = sorted(set(setup) - set(keys))
    if unknown:
        raise ConfigError(f"unknown setup key {excerpt(unknown[0])} ({', '.join(keys)})")


def _check(value: object, where: str, depth: int, budget: list[int]) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        raise ConfigError(f"a setup holds at most {SETUP_ITEMS} values")
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int):
        if value.bit_length() > SETUP_NUMBER_BITS:
            raise ConfigError(f"{where}: {excerpt(value)} is too large")
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ConfigError(f"{where}: {value!r} is not a number")
        return
    if isinstance(value, str):
        if len(value) > SETUP_TEXT:
            raise ConfigError(f"{where}: a text of {len(value)} characters is too long")
        return
    if isinstance(value, list | tuple | Mapping):
        if depth >= SETUP_DEPTH:
            raise ConfigError(f"{where}: nested more than {SETUP_DEPTH} deep")
        if isinstance(value, Mapping):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise ConfigError(f"{where}: the key {excerpt(key)} is not text")
                _check(item, f"{where} {excerpt(key)}", depth + 1, budget)
        else:
            for index, item in enumerate(value):
                _check(item, f"{where}[{index}]", depth + 1, budget)
        return
    raise ConfigError(f"{where}: {excerpt(value)} is not plain data (JSON values only)")
