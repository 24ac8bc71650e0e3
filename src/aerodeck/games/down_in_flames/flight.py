"""Pure arithmetic of the dogfight: altitude-modified ratings, range, weapon reach, missile hands.

Kept apart from the state machine so that each rule is one small function a test can call.
Indices: range bands G 0, HS 1, RH 2, AH 3; altitudes Low 0, Medium 1, High 2; positions from
one aircraft's side: Tailed -2, Disadvantaged -1, Neutral 0, Advantage +1, Tailing +2.
"""

from __future__ import annotations

from aerodeck.games.down_in_flames.data import Aircraft, DataSet, Missile

POSITIONS = ("Tailed", "Disadvantaged", "Neutral", "Advantage", "Tailing")
GUN, HS, RH, AH = 0, 1, 2, 3
LOW, MEDIUM, HIGH = 0, 1, 2
NO_REACH = -1


def position_name(rel: int) -> str:
    return POSITIONS[rel + 2]


# --- the named rule predicates: the move tables and the state machines ask these ---------------


def in_bands(band: int) -> bool:
    """A range band exists: G..AH (R14)."""
    return GUN <= band <= AH


def range_change_ok(allowance: int, me: int, foe: int) -> bool:
    """A range maneuver moves one's own band ``me`` and the enemy's ``foe`` steps, split freely
    either way within the card's Range number (R14)."""
    return bool(me or foe) and abs(me) + abs(foe) <= allowance


def position_steps(positioning: int, rel: int) -> range:
    """The position steps a maneuver of this Positioning number may gain from ``rel``: up to
    its number (four at most) and never past Tailing (R14)."""
    return range(1, min(positioning, 4, 2 - rel) + 1)


def slot_free(held: list[int], new: int) -> bool:
    """A position ``new`` on an aircraft whose other holders hold ``held``: Neutral or worse is
    always free; two may hold Advantage and one Tailing (§7.1)."""
    if new <= 0:
        return True
    if new == 1:
        return held.count(1) < 2
    return 2 not in held


def can_fire(missile: Missile, rel: int, mutual: int, left: int) -> bool:
    """A Tone may fire this missile: one left, a value for the position (Neutral, Advantage or
    Tailing) and its own range (Active Homing also at Radar Homing range)."""
    return rel >= 0 and left > 0 and missile.cards[rel] is not None and missile.reaches(mutual)


def mutual_range(band_a: int, band_b: int, alt_a: int, alt_b: int) -> int:
    """The farther of the two bands, one band more per altitude level apart, at most AH."""
    # Conditional expressions, not min() and max(): on Python 3.11 a two-argument min or max
    # costs about a microsecond's tenth each, and every decision asks this a few times.
    far = (band_a if band_a > band_b else band_b) + abs(alt_a - alt_b)
    return far if far < AH else AH


def thrust(data: DataSet, plane: Aircraft, post: bool, burner_on: bool, alt: int) -> int:
    """Cards drawn in a draw step: thrust (or afterburner when lit) plus the altitude change.

    A negative result is a stall (R7).
    """
    base = plane.thrust_post if post else plane.thrust_pre
    burner = plane.ab_post if post else plane.ab_pre
    if burner_on and burner is not None:
        base = burner
    return base + data.constants.altitude_mod[alt][0]


def performance(data: DataSet, plane: Aircraft, alt: int) -> int:
    """Hand limit for draw steps; the Low-altitude penalty only hits performance 7 and up."""
    change = data.constants.altitude_mod[alt][1]
    if change < 0 and plane.performance < data.constants.low_alt_perf_penalty_min_perf:
        change = 0
    return plane.performance + change


def ew(data: DataSet, plane: Aircraft, alt: int) -> int:
    """EW with altitude; a printed "-" counts as 0 and may go negative (R4)."""
    return (plane.ew or 0) + data.constants.altitude_mod[alt][2]


def reach(data: DataSet, gun: bool, missiles: tuple[int, ...]) -> int:
    """The farthest band of the weapons carried now (R8): gun G, missiles their type's band."""
    best = GUN if gun else NO_REACH
    for index, count in enumerate(missiles):
        if count > 0:
            best = max(best, data.missiles[index].band)
    return best


def gun_discard(printed: int, gun: int | None) -> int:
    """Cards a gun attack costs: the card's number less the Gun rating, never below 0 (R9)."""
    cost = printed - (gun or 0)
    return cost if cost > 0 else 0


def missile_hand_size(
    data: DataSet,
    *,
    missile: Missile,
    rel: int,
    card_mod: int,
    bonus: int,
    alt_attacker: int,
    alt_target: int,
    target: Aircraft,
    target_burner: bool,
) -> int:
    """The counter's value for the launch position with every modifier; 0 or less draws none."""
    base = missile.cards[rel]
    assert base is not None, "the counter has no value for this position"
    size = base + card_mod + bonus * data.constants.yoyo_break_missile_bonus
    size += alt_attacker - alt_target
    size -= ew(data, target, alt_target)
    if missile.type == "HS" and target_burner:
        size += data.constants.hs_vs_afterburner_bonus
    return max(0, size)
