"""The games a table can be created for, as the lobby describes them (``GET /api/games`` and the
lobby page): each game's player counts, options with their help, the levels of bot to offer, the
option presets its options allow, and every bot name the server accepts."""

from __future__ import annotations

from aerodeck.agents.levels import ALIASES
from aerodeck.agents.registry import agent_names
from aerodeck.core.api import JSON
from aerodeck.core.i18n import _
from aerodeck.core.options import Option
from aerodeck.core.registry import list_games, make

DEFAULT_LEVEL = "medium"


def _choice(name: str, label: str, description: str, **more: object) -> JSON:
    return {"name": name, "label": label, "description": description, **more}


def levels() -> list[JSON]:
    """The bots a person picks from, easiest first, each with one line on how it plays (looked
    up when shown: the reader's language). The older names and the games' own bots stay
    accepted by the server (``bots``) but are not offered."""
    return [
        _choice(
            "easy",
            _("easy"),
            _("Plays sensibly, but every other move is a random one: for a first game."),
        ),
        _choice(
            "medium",
            _("medium"),
            _("Plays each move by the game's own rules of thumb: a fair opponent."),
        ),
        _choice(
            "hard",
            _("hard"),
            _("Looks ahead by playing out many possible games before each move: slow and strong."),
        ),
        _choice(
            "expert",
            _("expert"),
            _("Tries four times as many possible games as hard before each move: the strongest."),
        ),
        _choice(
            "random",
            _("random"),
            _("Picks any allowed move at random: for trying things out."),
        ),
    ]


def level_word(bot: str) -> str:
    """A bot's level in words (the levels, their older names, the heuristic bot as medium); any
    other bot by its name."""
    level = {**ALIASES, "heuristic": DEFAULT_LEVEL}.get(bot, bot)
    for offered in levels():
        if offered["name"] == level:
            return str(offered["label"])
    return bot


def presets(options: tuple[Option, ...]) -> list[JSON]:
    """``standard`` (every option at its default) and, where a game's options declare a quicker
    value (``Option.quick``), ``quick`` with those values."""
    out = [_choice("standard", _("standard"), _("The rules as printed."), options={})]
    quick = {o.name: o.quick for o in options if o.quick is not None}
    if quick:
        said = _("A shorter game: {options}.", options=_quick_words(options))
        out.append(_choice("quick", _("quick"), said, options=quick))
    return out


def _quick_words(options: tuple[Option, ...]) -> str:
    """What the quick preset changes, in the options' own help words."""
    parts = []
    for o in options:
        if o.quick is None:
            continue
        if isinstance(o.quick, bool):
            parts.append(_(o.help) if o.quick else _("not: {what}", what=_(o.help)))
        else:
            parts.append(_("{what}: {value}", what=_(o.help), value=o.quick))
    return "; ".join(parts)


def game_catalogue() -> list[JSON]:
    out = []
    for info in list_games():
        out.append(
            {
                "id": info.id,
                "title": info.title,
                "player_counts": list(info.player_counts),
                "default_players": info.default_players,
                "summary": _(info.summary),
                "options": [
                    {
                        "name": o.name,
                        "label": _(o.title),
                        "default": o.default,
                        "help": _(o.help),
                        "choices": list(o.choices) if o.choices else None,
                        "choice_labels": [_(label) for label in o.choice_labels] or None,
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                    }
                    for o in info.options
                ],
                "levels": levels(),
                "default_level": DEFAULT_LEVEL,
                "presets": presets(info.options),
                "bots": agent_names(make(info.id)),
            }
        )
    return out
