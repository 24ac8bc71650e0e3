"""Options that come from the network: scalars only, bounded, and never a path on the server.

The CLI lets a user name their own files (an Air Racing course, a Down In Flames data set); over
the network that would let a stranger make the server read any path. Here such options accept
only what the project ships. The game's own option check (``make``) then runs as for the CLI.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aerodeck.core.errors import ConfigError
from aerodeck.games.down_in_flames.data import load_data, slug

MAX_OPTIONS = 32
MAX_OPTION_NAME = 64
MAX_OPTION_TEXT = 64


def _shipped_campaigns() -> set[str]:
    """The campaigns of the shipped Down In Flames data set, by their notation names."""
    return {slug(campaign.name) for campaign in load_data("").campaigns}


# replace with check_remote_options when issue 13 lands
def check_remote_options(game_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` if every value is a bounded scalar and no option names a file; else
    ConfigError naming the option."""
    if len(options) > MAX_OPTIONS:
        raise ConfigError(f"at most {MAX_OPTIONS} options")
    checked: dict[str, Any] = {}
    for name, value in options.items():
        if not isinstance(name, str) or not 0 < len(name) <= MAX_OPTION_NAME:
            raise ConfigError("an option name is a short text")
        if not isinstance(value, str | int | bool) or isinstance(value, float):
            raise ConfigError(f"option {name} takes a text, a whole number or true/false")
        if isinstance(value, str) and len(value) > MAX_OPTION_TEXT:
            raise ConfigError(f"option {name} is longer than {MAX_OPTION_TEXT} characters")
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**9:
            raise ConfigError(f"option {name} is out of range")
        checked[name.replace("-", "_")] = value
    game = game_id.replace("-", "_")
    course = str(checked.get("course", "standard")).strip().lower()
    if game == "air_racing" and course != "standard":
        raise ConfigError("option course takes standard (the shipped course) on the server")
    if game == "down_in_flames":
        if "data" in checked and str(checked["data"]).strip() != "":
            raise ConfigError("option data takes only the shipped data set on the server")
        if "campaign" in checked and str(checked["campaign"]).strip():
            shipped = _shipped_campaigns()
            if slug(str(checked["campaign"])) not in shipped:
                names = ", ".join(sorted(shipped)) or "none"
                raise ConfigError(f"option campaign takes a shipped campaign ({names})")
    return checked
