"""The Ace Race deck: the 52 French cards plus two jokers, as small integers.

Cards 0..51 are ``aerodeck.core.cards.CARDS`` by index; 52 and 53 are the two jokers, which play
exactly alike and are both written ``JK``. Integers keep hands as tuples of ints (cheap to clone).
Aces and jokers have no value; 2..10 are worth their number, J 11, Q 12, K 13.
"""

from __future__ import annotations

from typing import Final

from aerodeck.core.cards import CARDS, SUITS, card

NUM_CARDS: Final = 54
JOKERS: Final = (52, 53)
JOKER: Final = 52  # the joker as actions name it: either joker may be the one used
TEXT: Final = (*(c.text for c in CARDS), "JK", "JK")
VALUE: Final = (*(0 if c.is_ace else c.rank for c in CARDS), 0, 0)
SUIT: Final = (*(c.suit for c in CARDS), "", "")
IS_ACE: Final = (*(c.is_ace for c in CARDS), False, False)
NUMERALS: Final = tuple(i for i in range(52) if VALUE[i])  # the 48 cards 2..K
ACE_OF: Final = {c.suit: c.index for c in CARDS if c.is_ace}
PRIMES: Final = frozenset((2, 3, 5, 7, 11, 13))
_JOKER_WORDS: Final = {"JK", "JOKER", "J*", "*"}


def is_joker(c: int) -> bool:
    return c >= 52


def parse_card(text: str) -> int:
    """A card's notation (``7H``, ``10s``, ``AS``, ``JK``) as its number (NotationError if none)."""
    if text.strip().upper() in _JOKER_WORDS:
        return JOKER
    return card(text).index


def card_id(value: int, suit: str) -> int:
    """The card of ``value`` (2..13) and ``suit``."""
    return (value - 2) * 4 + SUITS.index(suit)


def sort_key(c: int) -> tuple[int, int]:
    """Hand order: 2..K, then Aces, then jokers; suits S H D C within a value."""
    if is_joker(c):
        return (16, c)
    return (VALUE[c] or 14, c)


def texts(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [TEXT[c] for c in cards]


_HAND_RANK: Final = {c: i for i, c in enumerate(sorted(range(NUM_CARDS), key=sort_key))}
"""Each card's place in hand order, so sorting a hand compares ints, not ``sort_key`` tuples."""
_RANK_OF: Final = tuple(_HAND_RANK[c] for c in range(NUM_CARDS))


def hand_texts(hand: tuple[int, ...]) -> list[str]:
    """A hand's cards in hand order (``sort_key``), as notation."""
    return [TEXT[c] for c in sorted(hand, key=_RANK_OF.__getitem__)]
