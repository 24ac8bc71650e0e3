"""Plain English for the screen: lists of seats and counts, never a Python repr."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def seat_name(seat: int, you: int | None = None) -> str:
    """``you`` for the viewing seat, ``seat N`` for any other."""
    return "you" if seat == you else f"seat {seat}"


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def seats_text(seats: Iterable[int], you: int | None = None) -> str:
    """The seats in words: ``seat 1``, ``you and seat 2``."""
    return and_list([seat_name(s, you) for s in seats])


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards`` (never ``card(s)``)."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"
