"""Edits of immutable tuples: states hold tuples, never lists, so ``clone`` can share them."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of ``values`` with the element at ``index`` replaced (through a list: about three
    times faster than concatenating slices, and this is on every game's hot path)."""
    items = list(values)
    items[index] = value
    return tuple(items)


def without(values: tuple[T, ...], item: T) -> tuple[T, ...]:
    """A copy of ``values`` with the first occurrence of ``item`` removed."""
    at = values.index(item)
    return values[:at] + values[at + 1 :]
