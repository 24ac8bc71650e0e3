"""The Air Racing card kinds. Cards of one kind are interchangeable, so piles are counts or
tuples of small ints (a kind's index); a card's identity never matters to the rules.
"""

from __future__ import annotations

from typing import Final

from aerodeck.core.errors import NotationError, excerpt
from aerodeck.core.i18n import _

DOLLAR, MICROKNOT, FAST, BOOST, NIGHT_SHIFT, SPONSORSHIP, TEAM_EFFORT, WIND_TUNNEL = range(8)
KINDS: Final = tuple(range(8))
NAMES: Final = (
    "dollar",
    "microknot",
    "fast",
    "boost",
    "night-shift",
    "sponsorship",
    "team-effort",
    "wind-tunnel",
)
TITLES: Final = (
    "Dollar",
    "Microknot",
    "FAST",
    "Boost",
    "Night Shift",
    "Sponsorship",
    "Team Effort",
    "Wind Tunnel",
)
COSTS: Final = (1, 6, 3, 3, 4, 3, 3, 4)
TOTALS: Final = (40, 15, 24, 25, 10, 10, 10, 10)
ACTIONS: Final = (NIGHT_SHIFT, SPONSORSHIP, TEAM_EFFORT, WIND_TUNNEL)
SPEED_MODS: Final = (MICROKNOT, FAST, BOOST)
_ALIASES: Final = {
    "$": DOLLAR,
    "d": DOLLAR,
    "dollars": DOLLAR,
    "mk": MICROKNOT,
    "m": MICROKNOT,
    "microknots": MICROKNOT,
    "f": FAST,
    "b": BOOST,
    "ns": NIGHT_SHIFT,
    "night": NIGHT_SHIFT,
    "nightshift": NIGHT_SHIFT,
    "sp": SPONSORSHIP,
    "te": TEAM_EFFORT,
    "team": TEAM_EFFORT,
    "teameffort": TEAM_EFFORT,
    "wt": WIND_TUNNEL,
    "wind": WIND_TUNNEL,
    "windtunnel": WIND_TUNNEL,
}


def kind(text: str) -> int:
    """Read a card name (``team-effort``, ``team_effort``, ``TE``...); NotationError otherwise."""
    key = text.strip().lower().replace("_", "-")
    if key in NAMES:
        return NAMES.index(key)
    found = _ALIASES.get(key.replace("-", ""))
    if found is None:
        raise NotationError(
            _(
                "{text} is not an Air Racing card ({names})",
                text=excerpt(text),
                names=", ".join(NAMES),
            )
        )
    return found


def counts(cards: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """How many cards of each kind a pile holds."""
    return tuple(map(cards.count, KINDS))


def tally(pile: tuple[int, ...]) -> dict[str, int]:
    """How many cards of each kind a pile holds, by name, leaving out kinds with none."""
    return {NAMES[k]: n for k in KINDS if (n := pile.count(k))}


def named_counts(values: tuple[int, ...] | list[int]) -> dict[str, int]:
    """Counts by card name, leaving out kinds with none (for views)."""
    return {NAMES[k]: n for k, n in enumerate(values) if n}
