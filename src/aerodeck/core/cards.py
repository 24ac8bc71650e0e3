"""The standard 52-card French deck as interned values (one object per card, compared by identity).

Notation: rank (A K Q J 10 9 .. 2; ``T`` is read as 10) then suit (S H D C), e.g. ``AS``, ``10H``.
"""

from __future__ import annotations

from typing import Final

from aerodeck.core.errors import NotationError, excerpt
from aerodeck.core.i18n import _

SUITS: Final = ("S", "H", "D", "C")
SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ACE: Final = 14
KING: Final = 13
QUEEN: Final = 12
JACK: Final = 11
_RANK_TEXT: Final = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"} | {
    r: str(r) for r in range(2, 10)
}
_RANK_READ: Final = {text: rank for rank, text in _RANK_TEXT.items()} | {"T": 10, "1": 14}


class Card:
    """A playing card. Interned: use ``CARDS`` / ``card()``; never construct another."""

    __slots__ = ("index", "rank", "suit", "text")

    def __init__(self, index: int, rank: int, suit: str) -> None:
        self.index = index
        self.rank = rank
        self.suit = suit
        self.text = _RANK_TEXT[rank] + suit

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"card({self.text!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_by_index, (self.index,))

    @property
    def is_face(self) -> bool:
        """King, Queen or Jack."""
        return JACK <= self.rank <= KING

    @property
    def is_ace(self) -> bool:
        return self.rank == ACE

    def pretty(self) -> str:
        """The card with its suit symbol, for the terminal."""
        return _RANK_TEXT[self.rank] + SUIT_SYMBOLS[self.suit]


CARDS: Final = tuple(
    Card(index, rank, suit)
    for index, (rank, suit) in enumerate((rank, suit) for rank in range(2, 15) for suit in SUITS)
)
_BY_TEXT: Final = {c.text: c for c in CARDS}


def _by_index(index: int) -> Card:
    return CARDS[index]


SUIT_COLOURS: Final = {"S": "bold", "H": "bold red", "D": "bold bright_blue", "C": "bold green"}
"""A four-colour deck on screen: every suit its own colour, the whole card (rank and suit)."""


def suit_markup(suit: str) -> str:
    """A suit letter as its coloured symbol."""
    colour = SUIT_COLOURS[suit]
    return f"[{colour}]{SUIT_SYMBOLS[suit]}[/{colour}]"


def markup(text: str) -> str:
    """A card's notation as coloured rich markup for the terminal: ``KH`` becomes a red K♥."""
    rank, suit = text[:-1], text[-1]
    colour = SUIT_COLOURS[suit]
    return f"[{colour}]{rank}{SUIT_SYMBOLS[suit]}[/{colour}]"


def card(text: str) -> Card:
    """Read a card's notation (case-insensitive, ``T`` or ``10``); NotationError if it is none."""
    cleaned = text.strip().upper() if isinstance(text, str) else ""
    if len(cleaned) >= 2:
        rank = _RANK_READ.get(cleaned[:-1])
        suit = cleaned[-1]
        if rank is not None and suit in SUITS:
            return _BY_TEXT[_RANK_TEXT[rank] + suit]
    raise NotationError(
        _("{text} is not a card (write rank then suit, e.g. AS, 10H, 7C)", text=excerpt(text))
    )


def cards(texts: list[str] | tuple[str, ...]) -> list[Card]:
    return [card(text) for text in texts]
