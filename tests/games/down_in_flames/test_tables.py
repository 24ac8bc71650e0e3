"""Table-driven rule tests: altitude modifiers, missile hand sizes, gun discards, positions."""

from __future__ import annotations

import pytest

from aerodeck.games.down_in_flames import flight
from aerodeck.games.down_in_flames.data import load_data
from tests.games.down_in_flames.helpers import fight, legal

DATA = load_data()


@pytest.mark.parametrize(
    ("plane", "alt", "thrust_pre", "performance", "ew"),
    [
        ("Kfir C2", flight.HIGH, 1, 8, 0),
        ("Kfir C2", flight.MEDIUM, 2, 7, 1),
        ("Kfir C2", flight.LOW, 3, 6, 2),  # Performance 7: the Low penalty applies
        ("Dagger-A", flight.LOW, 3, 6, 1),  # Performance 6: no Low penalty; EW "-" is 0
        ("Dagger-A", flight.HIGH, 1, 7, -1),
        ("MiG-17F", flight.HIGH, 0, 7, -1),
    ],
)
def test_altitude_changes_thrust_performance_and_ew(
    plane: str, alt: int, thrust_pre: int, performance: int, ew: int
) -> None:
    aircraft = DATA.plane(plane)
    assert flight.thrust(DATA, aircraft, False, False, alt) == thrust_pre
    assert flight.performance(DATA, aircraft, alt) == performance
    assert flight.ew(DATA, aircraft, alt) == ew


@pytest.mark.parametrize(
    ("missile", "rel", "card_mod", "bonus", "alts", "target", "burner", "cards"),
    [
        ("AIM-7E-2 Sparrow", 0, 0, 0, (1, 1), "Dagger-A", False, 2),  # the rulebook's example
        ("AIM-7E-2 Sparrow", 2, 0, 0, (1, 1), "F-15C Eagle", False, 0),  # EW 3: none drawn
        ("AIM-9L Sidewinder", 2, 0, 0, (2, 0), "Kfir C2", False, 4),  # 4 +2 below, EW 2 at Low
        ("AIM-9L Sidewinder", 2, 0, 0, (0, 2), "Kfir C2", False, 2),  # 4 -2 levels above +0 EW
        ("AIM-9L Sidewinder", 1, 1, 2, (1, 1), "Kfir C2", True, 7),  # 3 +Strong +2 bonus -1 +2
        ("AIM-7F Sparrow", 1, -1, 0, (1, 1), "Dagger-A", True, 1),  # Tone/Guns; radar: no +2
    ],
)
def test_missile_hand_size(
    missile: str,
    rel: int,
    card_mod: int,
    bonus: int,
    alts: tuple[int, int],
    target: str,
    burner: bool,
    cards: int,
) -> None:
    size = flight.missile_hand_size(
        DATA,
        missile=DATA.missile(missile),
        rel=rel,
        card_mod=card_mod,
        bonus=bonus,
        alt_attacker=alts[0],
        alt_target=alts[1],
        target=DATA.plane(target),
        target_burner=burner,
    )
    assert size == cards


@pytest.mark.parametrize(
    ("plane", "card", "discards"),
    [
        ("F-86F Sabre", "Guns", 2),
        ("F-86F Sabre", "Guns (Good Angle)", 1),
        ("F-86F Sabre", "Guns (Great Angle)", 0),
        ("Gnat F.1", "Guns", 1),
        ("Gnat F.1", "Guns (Good Angle)", 0),
        ("Gnat F.1", "Tone/Guns", 1),
    ],
)
def test_gun_discards(plane: str, card: str, discards: int) -> None:
    printed = DATA.card(card).gun_discard
    assert printed is not None
    assert flight.gun_discard(printed, DATA.plane(plane).gun) == discards


@pytest.mark.parametrize(
    ("pos", "rng", "moves"),
    [
        ("neutral", "G", {"pos ace-pilot 1", "pos ace-pilot 2"}),
        (
            "tailed",
            "G",
            {"pos ace-pilot 1", "pos ace-pilot 2", "pos ace-pilot 3", "pos ace-pilot 4"},
        ),
        ("advantage", "G", {"pos ace-pilot 1"}),
        ("neutral", "RH", set()),  # Advantage at RH is beyond the Sabre's AIM-9B (HS)
        ("tailing", "G", set()),
    ],
)
def test_positioning_choices(pos: str, rng: str, moves: set[str]) -> None:
    state = fight(pos=pos, rng=(rng, rng), hands=(["Ace Pilot"], []))
    assert {m for m in legal(state) if m.startswith("pos")} == moves
