"""A user's own data set and campaign: given as tables (read by the person running the program),
carried in the record, checked as strictly as a file, cached by content within a bound."""

from __future__ import annotations

import copy
import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import aerodeck
from aerodeck.agents.random_agent import RandomAgent
from aerodeck.core.errors import ConfigError
from aerodeck.core.userdata import read_toml
from aerodeck.games.down_in_flames.data import CACHE_SIZE, cached_sets, load_data
from aerodeck.games.down_in_flames.game import DownInFlames
from aerodeck.games.down_in_flames.rules import DifState
from aerodeck.sim.campaign import play_campaign

SHIPPED = Path(str(resources.files("aerodeck.games.down_in_flames").joinpath("data")))
SHIPPED_TEXT = (SHIPPED / "locked_on.toml").read_text(encoding="utf-8")


def shipped_table() -> dict[str, Any]:
    return read_toml(SHIPPED / "locked_on.toml")


def campaign_file(tmp_path: Path) -> Path:
    """The shipped 1973 campaign as a file of its own: one campaign's fields at the top level."""
    start = SHIPPED_TEXT.index("[[campaign]]") + len("[[campaign]]")
    end = SHIPPED_TEXT.index("[[campaign]]", start)
    text = SHIPPED_TEXT[start:end].replace("[[campaign.mission]]", "[[mission]]")
    text = text.replace('name = "1973 Yom Kippur War"', 'name = "My War"')
    path = tmp_path / "war.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_data_cache_is_keyed_by_content_and_bounded() -> None:
    base = shipped_table()
    seen = set()
    for edit in range(3 * CACHE_SIZE):
        mine = copy.deepcopy(base)
        mine["meta"]["status"] = f"edit {edit}"
        data = load_data(mine)
        assert data.status == f"edit {edit}"  # an edit is never served from the cache
        seen.add(data.digest)
        assert cached_sets() <= CACHE_SIZE
    assert len(seen) == 3 * CACHE_SIZE
    again = copy.deepcopy(base)
    again["meta"]["status"] = "edit 0"
    assert load_data(again) is load_data(json.loads(json.dumps(again)))  # same content, same set


def test_the_action_catalogue_lives_and_dies_with_its_data_set() -> None:
    base = shipped_table()
    game = aerodeck.make("down_in_flames", data=base)
    assert isinstance(game, DownInFlames)
    assert game.data.derived[("catalogue", 0)] is game.catalogue
    assert aerodeck.make("down_in_flames", data=base).catalogue is game.catalogue


def test_a_users_campaign_file_is_flown_and_replays_without_it(tmp_path: Path) -> None:
    path = campaign_file(tmp_path)
    table = read_toml(path)
    game = aerodeck.make("down_in_flames", campaign=table, mission=1)
    state = game.new_game(seed=4)
    assert isinstance(state, DifState) and state.phase == "alt-pick"
    rng = random.Random(4)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    path.unlink()
    record = json.loads(json.dumps(state.record()))
    assert record["options"]["campaign"]["name"] == "My War"
    assert aerodeck.replay(record).returns() == state.returns()


def test_a_users_campaign_is_scored_whole() -> None:
    start = SHIPPED_TEXT.index("[[campaign]]")
    table = shipped_table()["campaign"][0]
    assert start > 0 and table["name"] == "1973 Yom Kippur War"

    def agent(game: DownInFlames, seat: int, seed: int) -> RandomAgent:
        return RandomAgent(game, seed)

    mine = play_campaign(DownInFlames(2, campaign=table), agent, seed=2).scores
    named = play_campaign(DownInFlames(2, campaign="1973 Yom Kippur War"), agent, seed=2).scores
    assert mine.totals() == named.totals() and len(mine.results) == 6


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda c: c["mission"][0]["nation1"]["aircraft"][0].update(type="Spitfire"), "aircraft"),
        (lambda c: c["mission"][0]["nation2"].update(sites=["Nowhere"]), "unknown site"),
        (lambda c: c["mission"][0]["nation1"].update(special=["Low Fuel"]), "special condition"),
        (lambda c: c.update(wings=1), "unknown field 'wings'"),
        (lambda c: c["mission"][1].update(number=7), "numbered 1, 2, 3"),
    ],
)
def test_a_bad_campaign_table_is_one_config_error(edit: Any, message: str) -> None:
    table = shipped_table()["campaign"][0]
    edit(table)
    with pytest.raises(ConfigError, match=message) as error:
        aerodeck.make("down_in_flames", campaign=table)
    assert "\n" not in str(error.value)


def _leaves(item: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(item, dict):
        return [p for key, value in item.items() for p in _leaves(value, (*path, key))] + [path]
    if isinstance(item, list):
        return [p for i, value in enumerate(item) for p in _leaves(value, (*path, i))] + [path]
    return [path]


WRONG: list[Any] = ["x", "", -1, 10**18, 1.5, True, [], [1, "a"], {}, {"a": 1}, "²", "-"]


def test_inline_data_sets_are_checked_as_strictly_as_files() -> None:
    """Every field of the data set replaced by values of every wrong shape (seeded sample):
    the only outcomes are a data set or one ConfigError line, never another exception."""
    base = shipped_table()
    paths = [p for p in _leaves(base) if p]
    rng = random.Random(13)
    refused = 0
    for path in rng.sample(paths, min(400, len(paths))):
        for value in rng.sample(WRONG, 4):
            mine = copy.deepcopy(base)
            holder = mine
            for key in path[:-1]:
                holder = holder[key]
            holder[path[-1]] = value
            try:
                aerodeck.make("down_in_flames", data=mine)
            except ConfigError as error:
                assert "\n" not in str(error) and len(str(error)) < 300
                refused += 1
    assert refused > 300


def test_inline_campaigns_are_checked_as_strictly_as_files() -> None:
    base = shipped_table()["campaign"][0]
    paths = [p for p in _leaves(base) if p]
    rng = random.Random(14)
    for path in paths:
        for value in rng.sample(WRONG, 3):
            mine = copy.deepcopy(base)
            holder = mine
            for key in path[:-1]:
                holder = holder[key]
            holder[path[-1]] = value
            try:
                aerodeck.make("down_in_flames", campaign=mine)
            except ConfigError as error:
                assert "\n" not in str(error) and len(str(error)) < 300
