"""Shared fixtures: every registered game at every player count it supports."""

from __future__ import annotations

import os
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


# What makes a test slow (`make check` deselects the "slow" marker, `make test` runs it): a real
# server process, chromium or a PostgreSQL cluster, asked for through these fixtures; the browser
# folder; and the long runs marked one by one (`pytestmark = pytest.mark.slow`, the benchmarks).
SLOW_FIXTURES = {"server", "new_server", "web", "browser", "postgres_cluster"}
SLOW_FOLDERS = {"browser"}
TESTS = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        folder = item.path.relative_to(TESTS).parts[0]
        callspec = getattr(item, "callspec", None)
        on_postgresql = callspec is not None and callspec.params.get("database") == "postgresql"
        uses = set(getattr(item, "fixturenames", ()))
        if folder in SLOW_FOLDERS or uses & SLOW_FIXTURES or on_postgresql:
            item.add_marker(pytest.mark.slow)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line when the rl extra is missing and tests/rl's adapter tests were not collected."""
    from tests.rl.conftest import RL_SKIP_REASON

    if RL_SKIP_REASON:
        terminalreporter.write_line(RL_SKIP_REASON, yellow=True)
