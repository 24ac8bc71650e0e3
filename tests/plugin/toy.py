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
SKIP_REASON = (
    "tests/plugin skipped: the plug-in game (tests/plugin_game) is not installed; pip install "
    "--no-deps --target DIR tests/plugin_game with DIR on PYTHONPATH (make does)"
)
needs_toy = pytest.mark.skipif(not INSTALLED, reason=SKIP_REASON)
