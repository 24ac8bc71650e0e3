"""Race Week rules (table-driven), the course model and its loading, notation and the bots."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import aerodeck
from aerodeck.agents.registry import make_agent
from aerodeck.core.errors import ConfigError, NotationError
from aerodeck.core.userdata import read_toml
from aerodeck.games.air_racing import actions
from aerodeck.games.air_racing.course import load
from aerodeck.games.air_racing.state import skill_check_passes
from aerodeck.sim.match import play
from tests.games.air_racing.helpers import STRAIGHT_FILE, events, legal, mods, race


def test_rulebook_example_two_fast_cards_need_a_four() -> None:
    assert skill_check_passes(4, fast=2)
    assert not skill_check_passes(3, fast=2)


@pytest.mark.parametrize(("face", "fast", "passes"), [(0, 9, False), (6, 0, True), (5, 0, False),
                                                       (9, 0, True), (1, 5, True)])  # fmt: skip
def test_skill_checks_need_six_and_a_zero_always_fails(face: int, fast: int, passes: bool) -> None:
    assert skill_check_passes(face, fast) is passes


@pytest.mark.parametrize(
    ("start", "target", "change"),
    [
        ("mid", "high", -2),
        ("low", "high", -4),
        ("high", "low", 4),
        ("mid", "low", 2),
        ("mid", "mid", 0),
    ],
)
def test_climbing_costs_and_diving_gives_one_speed_per_level(
    start: str, target: str, change: int
) -> None:
    state = race(positions=[10, 0], lanes=[1, 2], altitudes=[start, "mid"])
    state.apply(f"alt {target}")
    assert state.speed_left == 8 + change


def test_a_boost_that_passes_gives_three_tiles() -> None:
    state = race(mods=[mods(boost=1), mods()], positions=[10, 0], lanes=[1, 2], dice=[6])
    state.apply("alt mid")
    state.apply("boost")
    state.apply("fly 1")
    assert state.pos[0] == 10 + 8 + 6
    assert state.owned[0][3] == 0 and state.box[3] == 1  # single use: back to the box


def test_everyone_starts_at_mid_altitude_on_the_grid_by_speed() -> None:
    state = race(3, mods=[mods(0), mods(3), mods(1)])
    assert state.grid == (1, 2, 0) and state.lane == (2, 0, 1)
    assert state.alt == (1, 1, 1) and state.pos == (0, 0, 0)


def test_standard_course_has_six_white_pylons_and_the_start() -> None:
    course = load("standard")
    assert len(course.pylons) == 7 and course.laps == 3
    assert [p.start for p in course.pylons].count(True) == 1
    game = aerodeck.make("air_racing", players=4)
    assert game.laps == 3 and game.course == course


def test_laps_option_overrides_the_course() -> None:
    assert aerodeck.make("air_racing", players=2, laps=8).laps == 8


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("length = 10\nlanes = 4\nlaps = 3\n", "length must be between"),
        ("length = 40\nlanes = 2\nlaps = 3\n", "lanes must be between 4"),
        ("length = 40\nlanes = 4\nlaps = 3\n", "pylons must be a list"),
        ("length = 40\nlanes = 4\nlaps = 3\n[[pylons]]\nat = 5\n", "exactly one start"),
        ("length = 40\nlanes = 4\nlaps = 3\nwings = 2\n", "unknown field 'wings'"),
        (
            "length = 40\nlanes = 4\nlaps = 3\n[[pylons]]\nat = 0\nstart = true\n"
            "[[pylons]]\nat = 0\n",
            "two pylons at the same step",
        ),
        ("length = [", "not valid TOML"),
    ],
)
def test_a_bad_course_file_is_one_clear_config_error(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "Course.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=message) as error:
        aerodeck.make("air_racing", players=2, course=read_toml(path))
    assert "\n" not in str(error.value)


def test_a_missing_course_file_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match=r"cannot read /no/such/course\.toml"):
        read_toml("/no/such/course.toml")


def test_a_course_path_as_the_option_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "Course.toml"
    path.write_text(STRAIGHT_FILE.read_text())
    with pytest.raises(ConfigError, match="option course takes one of standard") as error:
        aerodeck.make("air_racing", players=2, course=str(path))
    assert "Test straight" not in str(error.value) and "length" not in str(error.value)


def test_a_user_course_is_raced(tmp_path: Path) -> None:
    path = tmp_path / "Oval.toml"
    path.write_text(
        'name = "Oval"\nlength = 24\nlanes = 5\nlaps = 2\n'
        "[[pylons]]\nat = 0\nstart = true\nbend = 0\n[[pylons]]\nat = 12\nbend = 3\n"
    )
    game = aerodeck.make("air_racing", players=4, course=read_toml(path), quick_play=True)
    state = game.new_game(seed=5)
    rng = random.Random(5)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert state.view(None)["course"]["name"] == "Oval" and state.view(None)["finish"] == 48


def test_every_move_round_trips_and_bad_text_is_refused() -> None:
    for index, action in enumerate(actions.ALL_ACTIONS):
        assert actions.parse(str(action)) == action
        assert actions.action_index(action) == index
    assert actions.parse("play TE") == actions.PLAY[6]
    assert actions.parse("Buy Team_Effort") == actions.BUY[6]
    for text in ("play dollar", "fly 9", "alt sideways", "buy plane"):
        with pytest.raises(NotationError):
            actions.parse(text)
    with pytest.raises(NotationError, match="boost is not an action card: 'play' takes night"):
        actions.parse("play boost")  # a card, but not one an action plays: said so


def test_the_race_renders_every_aircraft_on_the_course() -> None:
    state = race(3, positions=[10, 30, 50], lanes=[0, 1, 2])
    game = state.game
    text = game.render_view(state.view(0))
    assert "lane 2" in text and "pylons" in text
    for line in state.events_since(0, 0):
        assert game.describe_event(line)


def test_illegal_moves_name_the_rule() -> None:
    state = race(positions=[10, 10], lanes=[1, 2])
    assert "altitude" in state.why_illegal(actions.BOOST)
    state.apply("alt mid")
    assert state.why_illegal(actions.BOOST) == "you have no Boost card left"
    assert legal(state) == ["fly 0", "fly 1"]  # lane 2 is taken by seat 1
    assert events(state, "altitude")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_bot_beats_random(players: int) -> None:
    game = aerodeck.make("air_racing", players=players)
    wins = 0.0
    games = 12
    for seed in range(games):
        seat = seed % players
        agents = [
            make_agent("heuristic" if s == seat else "random", game, seed * 10 + s)
            for s in range(players)
        ]
        state = play(game.new_game(seed=seed), agents)
        wins += state.returns()[seat]
    assert wins >= games * 0.75


def test_the_three_strategies_finish_games_together() -> None:
    game = aerodeck.make("air_racing", players=3)
    agents = [make_agent(name, game, i) for i, name in enumerate(("heuristic", "money", "speed"))]
    state = play(game.new_game(seed=8), agents)
    assert state.is_terminal and len(state.winners) == 1
    state.check_invariants()
