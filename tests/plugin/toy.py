"""The sixth game these tests play: High Card Tricks, the distribution in tests/plugin_game.

It reaches aerodeck only through its ``aerodeck.games`` entry point, so these tests show what a
separately installed game gets from every face without a line of aerodeck naming it. Each test
module here skips, with one line, where the distribution is not installed.
"""

from __future__ import annotations

from importlib.metadata import entry_points

import pytest

TOY = "high_card_tricks"
TOY_CLI = "high-card-tricks"
INSTALLED = any(point.name == TOY for point in entry_points(group="aerodeck.games"))
needs_toy = pytest.mark.skipif(
    not INSTALLED,
    reason="the plug-in game is not installed: pip install -e tests/plugin_game (make does)",
)
