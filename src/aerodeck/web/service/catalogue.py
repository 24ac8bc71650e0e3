"""The games a table can be created for, as the lobby describes them (``GET /api/games`` and the
lobby page): each game's player counts, options with their help, and bots."""

from __future__ import annotations

from aerodeck.agents.registry import agent_names
from aerodeck.core.api import JSON
from aerodeck.core.registry import list_games, make


def game_catalogue() -> list[JSON]:
    out = []
    for info in list_games():
        out.append(
            {
                "id": info.id,
                "title": info.title,
                "player_counts": list(info.player_counts),
                "default_players": info.default_players,
                "summary": info.summary,
                "options": [
                    {
                        "name": o.name,
                        "default": o.default,
                        "help": o.help,
                        "choices": list(o.choices) if o.choices else None,
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                    }
                    for o in info.options
                ],
                "bots": agent_names(make(info.id)),
            }
        )
    return out
