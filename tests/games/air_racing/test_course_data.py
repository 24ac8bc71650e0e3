"""A course given as a table (a user's own file, or a record's copy) is checked as strictly as a
file: any wrong value is one ConfigError line, and a path is never read."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest

import aerodeck
from aerodeck.core.errors import ConfigError
from aerodeck.games.air_racing.course import load
from tests.games.air_racing.helpers import STRAIGHT

WRONG: list[Any] = ["x", "", -1, 0, 10**18, 1.5, True, [], [1, "a"], {}, {"a": 1}, "²"]


def _paths(item: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(item, dict):
        return [p for k, v in item.items() for p in _paths(v, (*path, k))] + [path]
    if isinstance(item, list):
        return [p for i, v in enumerate(item) for p in _paths(v, (*path, i))] + [path]
    return [path]


def test_every_field_of_an_inline_course_takes_every_wrong_value() -> None:
    refused = 0
    for path, value in itertools.product([p for p in _paths(STRAIGHT) if p], WRONG):
        mine = copy.deepcopy(STRAIGHT)
        holder = mine
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = value
        try:
            game = aerodeck.make("air_racing", players=2, course=mine)
        except ConfigError as error:
            assert "\n" not in str(error) and len(str(error)) < 200
            refused += 1
        else:
            assert game.course == load(mine)
    assert refused > 50


@pytest.mark.parametrize("text", ["/etc/passwd", "~/course.toml", "standard.toml", "../x"])
def test_course_text_names_shipped_courses_only(text: str) -> None:
    with pytest.raises(ConfigError, match="takes one of standard"):
        aerodeck.make("air_racing", players=2, course=text)
    with pytest.raises(ConfigError, match="not a path"):
        load(text)
