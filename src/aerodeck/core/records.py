"""Records on disk: JSON, versioned, replayed and re-validated action by action."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from aerodeck.core.api import JSON, RECORD_FORMAT, RECORD_VERSION, State
from aerodeck.core.errors import AerodeckError, RecordError
from aerodeck.core.registry import make

_REQUIRED = ("game", "players", "options", "seed", "actions")


class Seating(NamedTuple):
    """Who sits where in a game played at a table: the one person's seat and each bot by seat.

    Kept in a record's optional ``seating`` field (docs/records.md) so a resumed game puts the
    person back in their seat and each bot, at its level, back in its own.
    """

    human: int | None
    bots: dict[int, str]

    def to_json(self) -> JSON:
        return {"human": self.human, "bots": {str(s): n for s, n in sorted(self.bots.items())}}


def validate_seating(value: Any, players: int) -> Seating:
    """The record's ``seating`` field checked: RecordError naming what is wrong.

    ``human`` is a seat or null; ``bots`` names a bot (a non-empty string) for every other seat,
    keyed by the seat number as a string.
    """
    if not isinstance(value, Mapping):
        raise RecordError("record 'seating' must be an object with 'human' and 'bots'")
    unknown = sorted(set(value) - {"human", "bots"})
    if unknown:
        raise RecordError(f"record 'seating' has an unknown field {unknown[0]!r}")
    human = value.get("human")
    if human is not None and (
        isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < players
    ):
        raise RecordError(f"record 'seating.human' must be a seat 0 to {players - 1} or null")
    bots_field = value.get("bots")
    if not isinstance(bots_field, Mapping):
        raise RecordError("record 'seating.bots' must be an object of seat number to bot name")
    bots: dict[int, str] = {}
    for key, name in bots_field.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) < players):
            raise RecordError(f"record 'seating.bots' has no seat {key!r} (0 to {players - 1})")
        if not isinstance(name, str) or not name.strip():
            raise RecordError(f"record 'seating.bots' seat {key} must name a bot")
        bots[int(key)] = name
    expected = {seat for seat in range(players) if seat != human}
    if set(bots) != expected:
        missing = sorted(expected ^ set(bots))
        raise RecordError(
            f"record 'seating' must give a bot for every seat but the person's (seat {missing[0]})"
        )
    return Seating(human, bots)


def seating_of(record: Mapping[str, Any]) -> Seating | None:
    """The record's seating, validated, or None when it has none (a record from a library run)."""
    if record.get("seating") is None:
        return None
    players = record.get("players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise RecordError("record 'players' must be a whole number")
    return validate_seating(record["seating"], players)


def replay(record: Mapping[str, Any], upto: int | None = None) -> State:
    """Rebuild a game from its record, checking every action; RecordError if it does not hold.

    ``upto`` stops after that many actions (for stepping through a game).
    """
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(f"not an aerodeck record (format {record.get('format')!r})")
    version = record.get("version", RECORD_VERSION)
    if version != RECORD_VERSION:
        raise RecordError(f"record version {version!r} is not supported (this is {RECORD_VERSION})")
    missing = [key for key in _REQUIRED if key not in record]
    if missing:
        raise RecordError(f"record has no {missing[0]!r}")
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record 'actions' must be a list of notation strings")
    options = record["options"]
    if not isinstance(options, Mapping):
        raise RecordError("record 'options' must be an object")
    seating_of(record)
    seed = record["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError("record 'seed' must be a whole number")
    try:
        game = make(str(record["game"]), record["players"], **options)
        state = game.new_game(seed=seed, setup=record.get("setup"))
    except AerodeckError as error:
        raise RecordError(f"record cannot start its game: {error}") from None
    for number, text in enumerate(actions[:upto], start=1):
        try:
            state.apply(text)
        except AerodeckError as error:
            raise RecordError(f"action {number} ({text!r}) does not hold: {error}") from None
    result = record.get("result")
    if upto is None and result is not None:
        expected = result.get("returns") if isinstance(result, Mapping) else None
        if not state.is_terminal or (expected is not None and expected != state.returns()):
            raise RecordError("record's result does not match the replayed game")
    return state


def save_record(record: JSON, path: Path) -> Path:
    """Write a record atomically (a crash never leaves half a file).

    RecordError in one line when the path cannot be written (a folder, a read-only place); the
    temporary file is removed then, so nothing half-written is left behind.
    """
    temporary = path.with_suffix(path.suffix + ".tmp")
    try:
        if path.is_dir():
            raise IsADirectoryError(21, "it is a folder; give a file name such as game.json")
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        temporary.replace(path)
    except OSError as error:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise RecordError(f"cannot save the record to {path}: {error.strerror or error}") from None
    return path


def load_record(path: Path) -> JSON:
    """Read a record file; RecordError with one readable line on any problem."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not valid JSON (line {error.lineno}: {error.msg})") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path} does not hold a record object")
    return data
