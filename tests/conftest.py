"""Shared fixtures: every registered game at every player count it supports, and the shipped
games."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

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
