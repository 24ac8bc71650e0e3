"""The 90 Race to Ace cards as small integers (cards of one kind are interchangeable).

A hand is 11 counts indexed by kind, which keeps legality checks to one lookup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from aerodeck.core.errors import NotationError, excerpt
from aerodeck.core.i18n import _

RADAR: Final = 0
VISUAL: Final = 1
MISSILE: Final = 2
GUNS: Final = 3
MALFUNCTION: Final = 4
MANEUVER: Final = 5
JAMMIT: Final = 6
FLAMEOUT: Final = 7
RELIGHT: Final = 8
GOLDEN_BIRD: Final = 9
HOT_STICK: Final = 10
KINDS: Final = tuple(range(11))

WORDS: Final = (
    "radar",
    "visual",
    "missile",
    "guns",
    "malfunction",
    "maneuver",
    "jammit",
    "flameout",
    "relight",
    "goldenbird",
    "hotstick",
)
NAMES: Final = (
    "RADAR ACQUISITION",
    "VISUAL ACQUISITION",
    "MISSILE",
    "GUNS",
    "MALFUNCTION",
    "MANEUVER",
    "JAMMIT!",
    "FLAMEOUT",
    "RELIGHT",
    "GOLDEN BIRD",
    "HOT STICK",
)
COUNTS: Final = (15, 15, 10, 10, 6, 8, 8, 6, 10, 1, 1)
DECK_SIZE: Final = sum(COUNTS)
ATTACK: Final = frozenset({RADAR, VISUAL, MISSILE, GUNS})
DEFENCE: Final = frozenset({MALFUNCTION, MANEUVER, JAMMIT, FLAMEOUT})
SPECIAL: Final = frozenset({RELIGHT, GOLDEN_BIRD, HOT_STICK})
ACQUISITIONS: Final = (RADAR, VISUAL)
EMPTY_HAND: Final = (0,) * len(KINDS)

_ALIASES: Final = {
    **{word: kind for kind, word in enumerate(WORDS)},
    "r": RADAR,
    "v": VISUAL,
    "m": MISSILE,
    "g": GUNS,
    "mal": MALFUNCTION,
    "man": MANEUVER,
    "j": JAMMIT,
    "jam": JAMMIT,
    "jammit!": JAMMIT,
    "f": FLAMEOUT,
    "fo": FLAMEOUT,
    "rl": RELIGHT,
    "gb": GOLDEN_BIRD,
    "golden_bird": GOLDEN_BIRD,
    "golden-bird": GOLDEN_BIRD,
    "hs": HOT_STICK,
    "hot_stick": HOT_STICK,
    "hot-stick": HOT_STICK,
}


def kind_of(text: str) -> int:
    """Read a card name (``guns``, ``jammit``, ``hotstick``, short forms ``g``, ``hs``...)."""
    kind = _ALIASES.get(text)  # the usual case, a card word as views write it: one lookup
    if kind is not None:
        return kind
    key = text.strip().lower()
    if key in _ALIASES:
        return _ALIASES[key]
    raise NotationError(
        _("{word} is not a Race to Ace card ({cards})", word=excerpt(text), cards=", ".join(WORDS))
    )


def hand_of(kinds: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Counts per kind of a list of cards."""
    counts = [0] * len(KINDS)
    for kind in kinds:
        counts[kind] += 1
    return tuple(counts)


def hand_list(hand: Sequence[int]) -> list[str]:
    """A hand as card words in kind order (for views and events)."""
    return [WORDS[kind] for kind in KINDS for _ in range(hand[kind])]


def hand_list_kinds(hand: Sequence[int]) -> list[int]:
    """A hand as a list of kinds (for pooling unseen cards)."""
    return [kind for kind in KINDS for _ in range(hand[kind])]
