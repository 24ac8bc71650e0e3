"""The shipped data set agrees with every number the rulebook gives, and bad files are refused
with one readable line (the checks of the prepared validate.py and rangecheck.py, as tests)."""

from __future__ import annotations

import itertools
import json
import math
from importlib import resources
from pathlib import Path

import pytest

import aerodeck
from aerodeck.core.errors import ConfigError
from aerodeck.core.userdata import read_toml
from aerodeck.games.down_in_flames.data import (
    ALTITUDES,
    PSEUDO_TITLES,
    RANGES,
    DataSet,
    load_data,
    parse_data,
)
from aerodeck.games.down_in_flames.flight import mutual_range
from aerodeck.games.down_in_flames.game import DownInFlames

DATA = load_data()
SHIPPED_TEXT = (
    resources.files("aerodeck.games.down_in_flames")
    .joinpath("data", "locked_on.toml")
    .read_text(encoding="utf-8")
)


def chart_vp(data: DataSet, missile_vp: int, pairs: int) -> int:
    return data.constants.missile_pair_vp[missile_vp][pairs - 1]


def test_deck_size_and_titles_reacted_to_exist() -> None:
    assert sum(c.count for c in DATA.cards) == DATA.deck_size == 60
    titles = {c.title for c in DATA.cards}
    for card in DATA.cards:
        assert card.react_to <= titles | set(PSEUDO_TITLES), card.title


def test_the_three_sample_cards_and_the_other_printed_values() -> None:
    tone, redline, roll = DATA.card("Tone"), DATA.card("Redline"), DATA.card("Barrel Roll")
    assert (tone.positioning, tone.range) == (1, 0)
    assert (redline.positioning, redline.range) == (2, 3)
    assert redline.react_to >= {"Guns", "Tone", "Missile"}
    assert (roll.positioning, roll.range) == (0, 1)
    assert roll.react_to == {"Guns", "Break", "Barrel Roll", "Maneuvering", "Scissors"}
    assert DATA.card("Ace Pilot").positioning == 4
    assert DATA.card("Guns").positioning == 1
    assert "Guns" not in DATA.card("Scissors").react_to


@pytest.mark.parametrize(
    ("reactor", "reacted_to"),
    [
        ("Yo-Yo", "Barrel Roll"),
        ("Scissors", "Barrel Roll"),
        ("Scissors", "Scissors"),
        ("Barrel Roll", "Scissors"),
        ("Tight Turn", "Maneuvering"),
        ("Barrel Roll", "Maneuvering"),
        ("Break", "Tone"),
        ("Scissors", "Break"),
        ("Break", "Missile"),
        ("Break", "Break"),
        ("Barrel Roll", "Break"),
        ("Scissors", "Countermeasures"),
        ("Barrel Roll", "Guns"),
    ],
)
def test_every_reaction_in_the_rulebook_examples_is_in_the_deck(
    reactor: str, reacted_to: str
) -> None:
    assert reacted_to in DATA.card(reactor).react_to


def test_missiles_within_the_chart_and_the_two_named_ones() -> None:
    for missile in DATA.missiles:
        assert 4 <= missile.vp <= 11, missile.name
    sparrow = DATA.missile("AIM-7E-2 Sparrow")
    assert sparrow.type == "RH" and sparrow.cards[0] == 2 and sparrow.cards[1] is None
    assert sparrow.cards[2] is not None
    sidewinder = DATA.missile("AIM-9E Sidewinder")
    assert sidewinder.type == "HS" and sidewinder.cards[2] is not None


def test_loaded_vp_is_clean_vp_plus_the_missile_load_chart() -> None:
    for plane in DATA.aircraft:
        extra = sum(chart_vp(DATA, DATA.missiles[m].vp, pairs) for m, pairs in plane.load)
        assert plane.vp_clean + extra == plane.vp_loaded, plane.name


def test_the_aircraft_numbers_the_rulebook_gives() -> None:
    f15 = DATA.plane("F-15C Eagle")
    assert (f15.vp_clean, f15.vp_loaded, f15.vp_mod) == (62, 92, 14)
    kfir = DATA.plane("Kfir C2")
    assert (kfir.performance, kfir.thrust_pre, kfir.ab_pre) == (7, 2, 3)
    assert kfir.vp_loaded <= 45 and kfir.year >= 1970
    assert DATA.plane("Dagger-A").vp_loaded == 36
    assert DATA.plane("Dagger-A").performance == DATA.plane("Sea Harrier FRS.1").performance == 6
    assert DATA.plane("Gnat F.1").performance == 6 and DATA.plane("F-86F Sabre").performance == 5


def test_the_play_report_arithmetic_of_the_1965_mission() -> None:
    cost = {s.name: s.cost for s in DATA.skills}
    assert DATA.plane("F-86F Sabre").vp_clean + cost["Focused"] + cost["Agile"] == 19
    assert DATA.plane("Gnat F.1").vp_clean + cost["Fighter Pilot"] + cost["90° Angle"] == 19


def test_skill_costs_from_the_rulebook() -> None:
    cost = {s.name: s.cost for s in DATA.skills}
    assert min(cost.values()) == -10 and max(cost.values()) == 15
    assert cost["Guided Intercept 2"] == 1 and cost["Edge of Envelope"] == 15


def test_the_1973_campaign_reproduces_the_rulebook_scores() -> None:
    campaign = DATA.campaigns[0]
    missions = {m.number: m for m in campaign.missions}

    def award(vp: int, killed: int, of: int) -> int:
        return math.ceil(vp * killed / of)

    def flown(number: int, side: str) -> int:
        return sum(n for _, n in getattr(missions[number], side).aircraft)

    israel = [
        award(missions[1].nation1.vp, 1, flown(1, "nation2")),
        award(missions[2].nation1.vp, 2, flown(2, "nation2")),
        0,
        award(missions[4].nation1.vp, 1, flown(4, "nation2")),
        award(missions[5].nation1.vp, 1, flown(5, "nation2")),
        award(missions[6].nation1.vp, 2, flown(6, "nation2")),
    ]
    egypt = [
        0,
        award(missions[2].nation2.vp, 1, flown(2, "nation1")),
        award(missions[3].nation2.vp, 2, flown(3, "nation1")),
        award(missions[4].nation2.vp, 2, flown(4, "nation1")),
        award(missions[5].nation2.vp, 1, flown(5, "nation1")),
        award(missions[6].nation2.vp, 2, flown(6, "nation1")),
    ]
    assert israel == [24, 82, 0, 39, 16, 63] and sum(israel) == 224
    assert egypt == [0, 39, 66, 76, 24, 57] and sum(egypt) == 262

    def level(points: int) -> str:
        return [name for low, name in campaign.victory_chart if points >= low][-1]

    assert level(224) == "Tactical Victory" and level(262) == "Operational Victory"
    first = missions[1]
    assert first.nation1.vp == 47 and first.nation2.vp == 46
    assert first.nation1.aircraft == (("Mirage IIICJ", 1),)
    assert first.nation2.aircraft == (("MiG-17F", 2),) and first.nation2.sites == ("SA-7",)


def test_the_sa7_site() -> None:
    sa7 = next(s for s in DATA.sites if s.name == "SA-7")
    assert sa7.kind == "SAM" and sa7.draw == 6
    assert set(sa7.envelope) == {("Low", "G"), ("Medium", "G"), ("Low", "HS"), ("Medium", "HS")}


RANGE_EXAMPLE = {
    "F-14": ("High", "AH"),
    "F-15": ("Medium", "RH"),
    "F-4": ("Low", "HS"),
    "F-8": ("Medium", "G"),
    "A-4": ("Medium", "G"),
    "MiG-21": ("Medium", "HS"),
    "Gnat": ("Medium", "RH"),
    "MiG-25": ("Low", "AH"),
}
RANGE_TABLE = {
    "F-14": ("AH", "AH", "AH", "AH"),
    "F-15": ("RH", "RH", "RH", "AH"),
    "F-4": ("RH", "RH", "AH", "AH"),
    "F-8": ("G", "HS", "RH", "AH"),
}
TARGETS = ("A-4", "MiG-21", "Gnat", "MiG-25")


def _mutual(a: tuple[str, str], b: tuple[str, str]) -> str:
    band = mutual_range(
        RANGES.index(a[1]), RANGES.index(b[1]), ALTITUDES.index(a[0]), ALTITUDES.index(b[0])
    )
    return RANGES[band]


def test_the_range_diagram_of_eight_aircraft_gives_all_sixteen_ranges() -> None:
    for left, expected in RANGE_TABLE.items():
        for target, want in zip(TARGETS, expected, strict=True):
            assert _mutual(RANGE_EXAMPLE[left], RANGE_EXAMPLE[target]) == want, (left, target)


def test_the_range_diagram_placement_is_the_only_one_that_fits() -> None:
    cells = [(alt, band) for alt in ALTITUDES for band in RANGES]
    fixed = {k: RANGE_EXAMPLE[k] for k in ("F-14", "F-15", "F-4", "MiG-25")}
    solutions = []
    for f8, a4, mig21, gnat in itertools.product(cells, repeat=4):
        where = {**fixed, "F-8": f8, "A-4": a4, "MiG-21": mig21, "Gnat": gnat}
        if all(
            _mutual(where[left], where[target]) == want
            for left, expected in RANGE_TABLE.items()
            for target, want in zip(TARGETS, expected, strict=True)
        ):
            solutions.append((f8, a4, mig21, gnat))
    assert solutions == [tuple(RANGE_EXAMPLE[k] for k in ("F-8", "A-4", "MiG-21", "Gnat"))]


# --- loading errors: one line naming the file, entry and field ------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('title = "Guns"\ncount = 6', 'title = "Guns"\ncount = "six"', "count must be"),
        ('action = "gun_attack"', 'action = "shoot"', "action must be one of"),
        ("gun_discard = 3\n", "", "needs gun_discard"),
        ('"Barrel Roll", "Maneuvering"', '"Barrel Rol", "Maneuvering"', "unknown title"),
        ('type = "HS"', 'type = "IR"', "type must be one of"),
        ("speed = 6", "speed = -1", "speed must be a whole number"),
        (
            '{ missile = "AIM-7F Sparrow", pairs = 2 }',
            '{ missile = "AIM-7X", pairs = 2 }',
            "missile",
        ),
        ("deck_size = 60", "deck_size = 61", "add up to 60"),
        ("[meta]", "[metadata]", "unknown section"),
        ('ew = "-"', 'ew = "none"', 'or "-"'),
        ("rounds_per_dogfight = 6", "rounds_per_dogfigth = 6", "unknown field"),
        ('type = "MiG-17F", count = 2', 'type = "MiG-99", count = 2', "aircraft"),
    ],
)
def test_a_bad_data_file_is_refused_in_one_line(old: str, new: str, message: str) -> None:
    assert old in SHIPPED_TEXT
    with pytest.raises(ConfigError, match=message) as error:
        parse_data(SHIPPED_TEXT.replace(old, new, 1), "mine.toml")
    assert "\n" not in str(error.value) and str(error.value).startswith("mine.toml")


def test_not_toml_and_missing_file() -> None:
    with pytest.raises(ConfigError, match="not valid TOML"):
        parse_data("[meta\n", "broken.toml")
    with pytest.raises(ConfigError, match=r"cannot read /nonexistent/Mine\.toml"):
        read_toml("/nonexistent/Mine.toml")
    with pytest.raises(ConfigError, match="option data takes one of locked_on"):
        aerodeck.make("down_in_flames", data="/nonexistent/Mine.toml")


def test_users_load_their_own_data_file_and_the_record_carries_it(tmp_path: Path) -> None:
    folder = tmp_path / "MyCards"
    folder.mkdir()
    mine = folder / "Deck.toml"
    mine.write_text(SHIPPED_TEXT.replace("speed = 6", "speed = 7", 1), encoding="utf-8")
    game = aerodeck.make("down_in_flames", data=read_toml(mine))
    assert isinstance(game, DownInFlames)
    assert game.data.plane("F-15C Eagle").speed == 7
    state = game.new_game(seed=1)
    mine.unlink()  # the record holds the data set: it replays with no file
    record = json.loads(json.dumps(state.record()))
    assert record["options"]["data"]["meta"]["deck_size"] == game.data.deck_size
    assert aerodeck.replay(record).view(0) == state.view(0)


def test_options_with_no_eligible_aircraft_are_refused() -> None:
    with pytest.raises(ConfigError, match="no aircraft"):
        aerodeck.make("down_in_flames", vp_limit=5)
