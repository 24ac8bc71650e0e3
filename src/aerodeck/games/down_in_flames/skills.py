"""Skills (digest §17): which a dogfight offers, what rating changes they make, and the
skill-modified aircraft the rules read.

A seat's skills are a sorted tuple of indices into ``DataSet.skills``; its chosen rating changes
are a tuple of six integers over ``data.RATINGS``. Effects that act during play are tested by name
in the state machine (``DifState.has``); this module keeps the static part.
"""

from __future__ import annotations

from dataclasses import replace

from aerodeck.core.rng import shuffle
from aerodeck.core.tuples import without
from aerodeck.games.down_in_flames.data import Aircraft, DataSet, Skill
from aerodeck.games.down_in_flames.phases import Hand, Load

NO_MODS = (0, 0, 0, 0, 0, 0)

# Rating skills: how many one-level steps the player chooses, and their sign (R29).
RATING_STEPS = {"Newbie": (2, -1), "Green": (1, -1), "Skilled": (1, 1), "Veteran": (2, 1)}
RATING_STEPS["Ace"] = (3, 1)

# Given only in a campaign mission (R58), besides any skill the data set marks campaign_only.
CAMPAIGN_ONLY = frozenset({"90° Angle", "0° Angle", "NFOD"})
EXPERTISE = "Aircraft Expertise"
# Skills that set up the start of a campaign dogfight (R58): the range chosen and the position.
ANGLES = {"90° Angle": 1, "0° Angle": 2}
# Skills that give their side the initiative (R32, R56).
INITIATIVE = ("Eagle Eyes", "0° Angle")

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


def campaign_only(skill: Skill) -> bool:
    """Whether ``skill`` is given only in a campaign mission (R58)."""
    return skill.campaign_only or skill.name in CAMPAIGN_ONLY


def offered(skill: Skill, room: int, gun: bool, team: bool) -> bool:
    """Whether a dogfight (not a campaign) offers ``skill`` within ``room`` VP (R29, R36, R59):
    never the campaign-only skills, Drift Factor only to a side of two or more aircraft
    (``team``), Fighter Pilot only with a Gun rating."""
    name = skill.name
    if skill.cost > room or campaign_only(skill):
        return False
    if name == "Drift Factor":
        return team
    return gun or name != "Fighter Pilot"


def load_vp(data: DataSet, plane: Aircraft, custom: Load | None) -> int:
    """The aircraft's VP with its load: printed, or no-missile VP plus the chart (§18.1)."""
    if custom is None:
        return plane.vp_loaded
    chart = data.constants.missile_pair_vp
    return plane.vp_clean + sum(chart[data.missiles[m].vp][p - 1] for m, p in custom)


def load_offers(data: DataSet, custom: Load | None, room: int, year: int) -> list[tuple[str, int]]:
    """The (missile, pairs) a custom load may still add within ``room`` VP and ``year`` (R44)."""
    taken = {m for m, _ in custom or ()}
    chart = data.constants.missile_pair_vp
    out = []
    for missile in data.missiles:
        costs = chart.get(missile.vp)
        if missile.index in taken or missile.year > year or costs is None:
            continue
        out += [(missile.slug, pairs) for pairs in (1, 2) if costs[pairs - 1] <= room]
    return out


def gun_cost(cost: int, in_my_sights: bool, gun_fighter: bool) -> int:
    """R9 less In My Sights! (nothing) or an unused Gun Fighter (two fewer), R33."""
    if cost and in_my_sights:
        return 0
    if cost and gun_fighter:
        return max(0, cost - 2)
    return cost


def launch_extra(fired: int, cocky: bool, better: bool) -> int:
    """Missile-hand cards added by the 2nd missile (Cocky one more) and Better Envelope (R35)."""
    return (fired - 1) * (2 if cocky else 1) + (1 if better else 0)


def search(
    data: DataSet, title: str, deck: Hand, discards: Hand, seed: int
) -> tuple[int, Hand, Hand, int]:
    """A named card taken for Edge, Locked, Up the Sleeve or Tiger (R31): from the deck, which
    is then reshuffled, else from the discards. Returns (card or -1, deck, discards, seed)."""
    found = [c.index for c in data.cards if c.title == title]
    card = found[0] if found else -1
    if card >= 0 and card in deck:
        pile = list(without(deck, card))
        seed = shuffle(seed, pile)
        return card, tuple(pile), discards, seed
    if card >= 0 and card in discards:
        return card, deck, without(discards, card), seed
    return -1, deck, discards, seed
