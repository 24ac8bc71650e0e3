"""Edits of immutable tuples: states hold tuples, never lists, so ``clone`` can share them."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of ``values`` with the element at ``index`` replaced."""
    return (*values[:index], value, *values[index + 1 :])


def without(values: tuple[T, ...], item: T) -> tuple[T, ...]:
    """A copy of ``values`` with the first occurrence of ``item`` removed."""
    at = values.index(item)
    return values[:at] + values[at + 1 :]
