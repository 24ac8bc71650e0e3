"""Skills (digest §17): which a dogfight offers, what rating changes they make, and the
skill-modified aircraft the rules read.

A seat's skills are a sorted tuple of indices into ``DataSet.skills``; its chosen rating changes
are a tuple of six integers over ``RATINGS``. Effects that act during play are tested by name
in the state machine (``DifState.has``); this module keeps the static part.
"""

from __future__ import annotations

from dataclasses import replace

from aerodeck.games.down_in_flames.data import Aircraft, DataSet

RATINGS = ("speed", "performance", "thrust-pre", "thrust-post", "gun", "ew")
NO_MODS = (0, 0, 0, 0, 0, 0)

# Rating skills: how many one-level steps the player chooses, and their sign (R29).
RATING_STEPS = {"Newbie": (2, -1), "Green": (1, -1), "Skilled": (1, 1), "Veteran": (2, 1)}
RATING_STEPS["Ace"] = (3, 1)

# Not offered in a dogfight: the rulebook limits these to campaigns, or to a side of two or more
# aircraft (Drift Factor), or (Aircraft Expertise) they are not built yet in aerodeck.
NOT_IN_A_DUEL = frozenset({"90° Angle", "0° Angle", "NFOD", "Drift Factor", "Aircraft Expertise"})

# Cards added to the hand after the opening draw (searched in the deck, then the discards).
ADDED_CARDS = {
    "Edge": ("Redline",),
    "Locked": ("Tone (Strong)",),
    "Up the Sleeve": ("Ace Pilot",),
    "Tiger": ("Tone (Strong)", "Ace Pilot"),
}
EXTRA_DRAW = {"Guided Intercept 2": 2, "Guided Intercept 3": 3}
# Cards thrown away as soon as they are drawn, with no replacement.
THROWN = {"Nugget": ("Vertical Roll", "Tone (Strong)", "Ace Pilot"), "Plumber": ("Ace Pilot",)}


def index_of(data: DataSet, name: str) -> int:
    """The index of a skill by name (-1 when the data set lacks it)."""
    for i, skill in enumerate(data.skills):
        if skill.name == name:
            return i
    return -1


def rating_value(plane: Aircraft, rating: int) -> int | None:
    """The printed value of one of ``RATINGS`` (None for "-", which no skill changes)."""
    return (
        plane.speed,
        plane.performance,
        plane.thrust_pre,
        plane.thrust_post,
        plane.gun,
        plane.ew,
    )[rating]


def can_step(plane: Aircraft, mods: tuple[int, ...], rating: int, sign: int) -> bool:
    """A "-" rating cannot change; a lowered rating stays at 0 or more (R29)."""
    value = rating_value(plane, rating)
    if value is None:
        return False
    return sign > 0 or value + mods[rating] - 1 >= 0


def modified(plane: Aircraft, mods: tuple[int, ...], grit: bool, fighter: bool) -> Aircraft:
    """The aircraft with chosen rating steps, Grit and Fighter Pilot applied.

    An afterburner value moves with its thrust (R29)."""
    speed, perf, pre, post, gun, ew = mods
    if grit:
        perf, pre, post = perf - 1, pre + 1, post + 1
    if fighter and plane.gun is not None:
        gun += 1
    if not any((speed, perf, pre, post, gun, ew)):
        return plane
    return replace(
        plane,
        speed=plane.speed + speed,
        performance=max(0, plane.performance + perf),
        thrust_pre=plane.thrust_pre + pre,
        ab_pre=None if plane.ab_pre is None else plane.ab_pre + pre,
        thrust_post=plane.thrust_post + post,
        ab_post=None if plane.ab_post is None else plane.ab_post + post,
        gun=None if plane.gun is None else plane.gun + gun,
        ew=None if plane.ew is None else plane.ew + ew,
    )
