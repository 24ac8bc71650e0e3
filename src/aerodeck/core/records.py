"""Records on disk: JSON, versioned, replayed and re-validated action by action."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aerodeck.core.api import JSON, RECORD_FORMAT, RECORD_VERSION, State
from aerodeck.core.errors import AerodeckError, RecordError
from aerodeck.core.registry import make

_REQUIRED = ("game", "players", "options", "seed", "actions")


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
    """Write a record atomically (a crash never leaves half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    temporary.replace(path)
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
