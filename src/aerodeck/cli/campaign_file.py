"""The terminal's campaign file: one JSON file holding a series of games in progress (a Down In
Flames campaign), written after every move and every finished game, so `aerodeck campaign
--resume FILE` carries on at the very move it stopped.

It holds the configured game (id, players, options), the series' master seed, the seating (the
person's side and the bots), the series as ``Series.to_json`` left it and the game in progress
as its record (None between games). Written atomically, as a game's record is
(``core.records.save_record``); read with the same bounds (``load_record``), and every field
checked: a corrupt or foreign file is one readable line (ConfigError).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aerodeck.core.api import JSON, RECORD_FORMAT, Game, State
from aerodeck.core.errors import AerodeckError, ConfigError
from aerodeck.core.i18n import _
from aerodeck.core.records import (
    Seating,
    load_record,
    replay,
    save_record,
    validate_seating,
)
from aerodeck.core.registry import make
from aerodeck.core.rng import check_seed
from aerodeck.core.series import Series, game_seed

CAMPAIGN_FORMAT = "aerodeck-campaign"
CAMPAIGN_VERSION = 1


@dataclass
class CampaignFile:
    """A series in progress as the file keeps it: the game that starts it, its seed and seating,
    the series so far and the game being played (its state, or None between games)."""

    path: Path
    game: Game
    seed: int
    seating: Seating
    series: Series
    playing: State | None = None

    def to_json(self) -> JSON:
        return {
            "format": CAMPAIGN_FORMAT,
            "version": CAMPAIGN_VERSION,
            "game": self.game.id,
            "players": self.game.players,
            "options": self.game.options,
            "seed": self.seed,
            "seating": self.seating.to_json(),
            "series": self.series.to_json(),
            "playing": None if self.playing is None else self.playing.record(),
        }

    def save(self) -> None:
        """Write the file atomically (RecordError, in one line, when it cannot be written)."""
        save_record(self.to_json(), self.path)


def load_campaign(path: Path) -> CampaignFile:
    """The campaign saved in ``path``, checked field by field; ConfigError in one line when the
    file is unreadable, not a campaign file, or does not fit its own game."""
    data = load_record(path)  # bounded read, JSON, one line on failure
    if data.get("format") != CAMPAIGN_FORMAT:
        if data.get("format") == RECORD_FORMAT:
            raise ConfigError(
                _(
                    "{file} is the record of one game, not a campaign: carry it on with "
                    "`aerodeck play`",
                    file=path,
                )
            )
        raise ConfigError(_("{file} is not an aerodeck campaign file", file=path))
    if data.get("version") != CAMPAIGN_VERSION:
        raise ConfigError(
            _(
                "{file}: campaign file version {version} is not supported",
                file=path,
                version=data.get("version"),
            )
        )
    try:
        return _rebuilt(path, data)
    except AerodeckError as error:
        raise ConfigError(_("{file}: {reason}", file=path, reason=error)) from None


def _rebuilt(path: Path, data: JSON) -> CampaignFile:
    game_id, players, options = data.get("game"), data.get("players"), data.get("options")
    if not isinstance(game_id, str) or not isinstance(players, int) or isinstance(players, bool):
        raise ConfigError(_("the game or its player count is missing"))
    if not isinstance(options, dict):
        raise ConfigError(_("the game's options are missing"))
    game = make(game_id, players, **options)
    seed = _seed(data.get("seed"))
    seating = validate_seating(data.get("seating"), game.players)
    stored = data.get("series")
    if not isinstance(stored, dict):
        raise ConfigError(_("the campaign's results are missing"))
    series = game.series_from_json(stored)
    playing = _playing(data.get("playing"), series, seed)
    return CampaignFile(path, game, seed, seating, series, playing)


def _seed(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(_("the campaign's seed is missing"))
    return check_seed(value)


def _playing(record: Any, series: Series, seed: int) -> State | None:
    """The game in progress rebuilt from its record: it must be the series' next game, from the
    seed the series gives it."""
    if record is None:
        return None
    state = replay(record)
    expected = series.next_game()
    number = series.played + 1
    if (
        expected is None
        or state.game.options != expected.options
        or state.seed != game_seed(seed, number)
    ):
        raise ConfigError(
            _("the game in progress is not game {number} of this campaign", number=number)
        )
    return state
