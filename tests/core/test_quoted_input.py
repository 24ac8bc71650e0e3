"""A stranger's name or value is quoted in an error by at most 40 characters (docs/hardening.md,
``core.errors.excerpt``): a 5,000-character bot, game, option key or value, variant, data-file
key, setup key or value is cut, never echoed whole."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import aerodeck
from aerodeck.agents.registry import make_agent
from aerodeck.core.errors import EXCERPT_CHARS, AerodeckError
from aerodeck.core.options import parse_variant
from aerodeck.core.userdata import check_remote_options, data_files
from aerodeck.sim.runner import SimSpec, run
from tests.conftest import GAME_IDS

LONG = "x" * 5000


def assert_cut(message: str) -> None:
    """One line that quotes the long input by exactly its first 40 characters."""
    assert "\n" not in message
    assert "x" * EXCERPT_CHARS in message and "x" * (EXCERPT_CHARS + 1) not in message
    assert len(message) < 400


def _refusal(action: Callable[[], Any]) -> str:
    with pytest.raises(AerodeckError) as caught:
        action()
    return str(caught.value)


PATHS: dict[str, Callable[[], Any]] = {
    "bot": lambda: make_agent(LONG, aerodeck.make("ace_race"), 1),
    "game": lambda: aerodeck.make(LONG),
    "option key": lambda: aerodeck.make("race_to_ace", **{LONG: 1}),
    "option value (yes/no)": lambda: aerodeck.make("race_to_ace", wingmen=LONG),
    "option value (number)": lambda: aerodeck.make("race_to_ace", kills_to_win=LONG),
    "variant without =": lambda: parse_variant(LONG),
    "variant key": lambda: aerodeck.make("race_to_ace", None, **dict([parse_variant(LONG + "=1")])),
    "data-file key": lambda: data_files("down_in_flames", [LONG + "=data.toml"]),
    "remote option key": lambda: check_remote_options("air_racing", {LONG[:200]: LONG}),
    "action to encode": lambda: aerodeck.make("ace_race").action_index(LONG),  # type: ignore[arg-type]
    "simulator back-end": lambda: run(SimSpec("ace_race", 2, ("random",), 1, 1), backend=LONG),
}


@pytest.mark.parametrize("path", PATHS)
def test_a_long_name_is_quoted_by_its_first_40_characters(path: str) -> None:
    assert_cut(_refusal(PATHS[path]))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_long_setup_key_is_cut(game_id: str) -> None:
    game = aerodeck.make(game_id)
    assert_cut(_refusal(lambda: game.new_game(seed=1, setup={LONG[:1000]: 1})))


@pytest.mark.parametrize(
    "setup",
    [
        {"afterburner_on": [LONG[:1000], False]},
        {"altitude": [LONG[:1000], "low"]},
        {"skills": [[LONG[:1000]], []]},
        {"missiles": [{LONG[:1000]: 99}, {}]},
    ],
    ids=["afterburner", "altitude", "skill", "missile"],
)
def test_a_long_setup_value_is_cut(setup: dict[str, Any]) -> None:
    game = aerodeck.make("down_in_flames")
    aircraft = {"aircraft": ["Mirage IIICJ", "MiG-17F"]}
    assert_cut(_refusal(lambda: game.new_game(seed=1, setup={**aircraft, **setup})))
