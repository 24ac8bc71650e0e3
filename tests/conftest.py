"""Shared fixtures: every registered game at every player count it supports, and the shipped
games."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import aerodeck

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
settings.register_profile(
    "thorough", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=1000
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

GAME_COUNTS = [
    (info.id, players) for info in aerodeck.list_games() for players in info.player_counts
]
GAME_IDS = [info.id for info in aerodeck.list_games()]

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"
SHIPPED_GAMES = sorted(
    tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["entry-points"][
        "aerodeck.games"
    ]
)
"""The games this repository ships (pyproject.toml's entry points), which its README, docs pages
and playthroughs document; a game installed beside them (tests/plugin_game) brings its own."""


# What makes a test slow (`make check` deselects the "slow" marker, `make test` runs everything):
# - a real server process, chromium or a PostgreSQL cluster, asked for through these fixtures, or
#   anything in the browser folder;
# - a game at more than its smallest table, in a test parametrized by game and player count: the
#   quick loop plays every game at its smallest table, the full run at every size;
# - the long runs below (the benchmark modules mark themselves with `pytestmark`).
SLOW_FIXTURES = {"server", "new_server", "web", "own_web", "browser", "postgres_cluster"}
SLOW_FOLDERS = {"browser"}
SLOW_TESTS = (
    # fingerprints of hundreds of seeded games under every option set
    "games/down_in_flames/test_duel_traces.py::",
    "games/race_to_ace/test_traces.py::",
    # OpenSpiel's random simulation with serialisation at every step
    "rl/test_openspiel.py::test_openspiel_random_sim_test_with_serialisation",
    # whole command lines in child processes: games, simulations, kills
    "cli/test_readme.py::test_the_",
    "cli/test_simulate.py::test_a_killed_run_resumes_without_losing_or_repeating_a_game",
    "cli/test_simulate.py::test_the_report_is_the_same_whatever_the_job_count",
    "cli/test_data_files.py::test_simulate_carries_the_course_into_spec_and_every_record",
    # a person's whole six-mission campaign on the terminal screen, resumed half-way
    "cli/test_campaign.py::test_a_person_resumes_a_campaign_half_way_to_the_same_result",
    "games/down_in_flames/test_user_data.py::test_inline_data_sets_are_checked_as_strictly_as_files",
    # search bots over whole games
    "agents/test_resume_determinism.py::test_a_resumed_search_bot_searches_as_before",
    "agents/test_levels.py::test_a_search_limited_to_some_phases_plays_the_heuristic_move_elsewhere",
)
TESTS = Path(__file__).parent
SMALLEST_TABLE = {info.id: min(info.player_counts) for info in aerodeck.list_games()}


def _larger_table(item: pytest.Item) -> bool:
    params = getattr(getattr(item, "callspec", None), "params", {})
    game_id, players = params.get("game_id"), params.get("players")
    return isinstance(players, int) and players > SMALLEST_TABLE.get(game_id, players)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        where = item.nodeid.removeprefix("tests/")
        callspec = getattr(item, "callspec", None)
        on_postgresql = callspec is not None and callspec.params.get("database") == "postgresql"
        uses = set(getattr(item, "fixturenames", ()))
        if (
            where.split("/", 1)[0] in SLOW_FOLDERS
            or uses & SLOW_FIXTURES
            or on_postgresql
            or _larger_table(item)
            or where.startswith(SLOW_TESTS)
        ):
            item.add_marker(pytest.mark.slow)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line when the rl extra is missing and tests/rl's adapter tests were not collected, and
    one when tests/plugin was skipped for want of the plug-in game."""
    from tests.plugin.toy import SKIP_REASON
    from tests.rl.conftest import RL_SKIP_REASON

    if RL_SKIP_REASON:
        terminalreporter.write_line(RL_SKIP_REASON, yellow=True)
    skipped = terminalreporter.stats.get("skipped", [])
    if any(report.nodeid.startswith("tests/plugin/") for report in skipped):
        terminalreporter.write_line(SKIP_REASON, yellow=True)
