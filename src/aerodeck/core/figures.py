"""The simulator's game-specific figures, as a game declares them (``Game.figures()``).

A figure reads only the moves' notation, never a game's state: ``ChoiceFigure`` asks "how often
is each choice made, and how often does the seat that made it win?" (weapons, rules, cards
bought, aircraft flown). The simulator (``sim.figures``) counts them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

Pick = Callable[[str], str | None]


@dataclass(frozen=True)
class ChoiceFigure:
    """How often each choice is made, and how often the seat that made it wins: ``pick`` reads
    the choice from a move's notation (None: not such a move)."""

    key: str
    title: str
    pick: Pick
    name: Callable[[str], str] | None = None
    """A choice in a report's words (``kfir-c2``: ``Kfir C2``); None: as the notation has it."""


def word_after(prefix: str, position: int = 1) -> Pick:
    """The word at ``position`` of a move whose first word is ``prefix`` (``buy fast``: fast)."""

    def pick(text: str) -> str | None:
        words = text.split()
        if words and words[0] == prefix and len(words) > position:
            return words[position]
        return None

    return pick


def first_word_among(choices: Collection[str]) -> Pick:
    """A move's first word when it is one of ``choices`` (a card played by its name)."""

    def pick(text: str) -> str | None:
        word = text.split(maxsplit=1)[0] if text else ""
        return word if word in choices else None

    return pick
