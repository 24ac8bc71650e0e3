"""Records on disk: JSON, versioned, replayed and re-validated action by action.

A record may come from anyone, so every field is checked before it is used, its size, nesting and
number of actions are bounded, and every problem is one RecordError line that quotes at most a
short excerpt of what it read.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from aerodeck.core.api import JSON, RECORD_FORMAT, RECORD_VERSION, State
from aerodeck.core.errors import AerodeckError, ConfigError, RecordError, excerpt
from aerodeck.core.notation import ascii_number
from aerodeck.core.registry import game_class, make
from aerodeck.core.rng import check_seed

RECORD_BYTES = 16 * 1024 * 1024
"""Largest record file or text read (a long Down In Flames campaign is under 1 MB)."""
RECORD_DEPTH = 32
"""Deepest nesting of lists and objects in a record (the record itself, setup included, uses 6)."""
RECORD_ACTIONS = 200_000
"""Most actions in a record (the longest random games are under 20,000)."""
RECORD_NUMBER_DIGITS = 40
"""Most digits of a number in a record text (a seed has at most 19)."""

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
        raise RecordError(f"record 'seating' has an unknown field {excerpt(unknown[0])}")
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
        seat = ascii_number(key) if isinstance(key, str) else None
        if seat is None or seat >= players:
            raise RecordError(
                f"record 'seating.bots' has no seat {excerpt(key)} (0 to {players - 1})"
            )
        if not isinstance(name, str) or not name.strip():
            raise RecordError(f"record 'seating.bots' seat {seat} must name a bot")
        bots[seat] = name
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
    _check_depth(record)
    if "format" in record and record["format"] != RECORD_FORMAT:
        raise RecordError(f"not an aerodeck record (format {excerpt(record['format'])})")
    if "version" in record and not _same_int(record["version"], RECORD_VERSION):
        raise RecordError(
            f"record version {excerpt(record['version'])} is not supported (this is "
            f"{RECORD_VERSION})"
        )
    missing = [key for key in _REQUIRED if key not in record]
    if missing:
        raise RecordError(f"record has no {missing[0]!r}")
    actions = _actions(record["actions"])
    if upto is not None and (isinstance(upto, bool) or not isinstance(upto, int) or upto < 0):
        raise RecordError(f"upto is a number of actions 0 or more, not {excerpt(upto)}")
    name, players, options = record["game"], record["players"], record["options"]
    if not isinstance(name, str):
        raise RecordError(f"record 'game' must be a game id, not {excerpt(name)}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise RecordError(f"record 'players' must be a whole number, not {excerpt(players)}")
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise RecordError("record 'options' must be an object")
    seating_of(record)
    try:
        seed = check_seed(record["seed"])
    except ConfigError as error:
        raise RecordError(f"record 'seed': {error}") from None
    setup = record.get("setup")
    if setup is not None and not isinstance(setup, Mapping):
        raise RecordError(f"record 'setup' must be an object or null, not {excerpt(setup)}")
    try:
        info = game_class(name).info
        version = info.version
        declared = {option.name for option in info.options}
        unknown = sorted(key for key in options if key not in declared)
        if unknown:
            raise RecordError(f"record has an unknown option {excerpt(unknown[0])}")
        if "game_version" in record and not _same_int(record["game_version"], version):
            raise RecordError(
                f"record game_version {excerpt(record['game_version'])} is not this "
                f"{name}'s rules version ({version})"
            )
        game = make(name, players, **options)
        state = game.new_game(seed=seed, setup=setup)
    except RecordError:
        raise
    except AerodeckError as error:
        raise RecordError(f"record cannot start its game: {error}") from None
    for number, text in enumerate(actions[:upto], start=1):
        try:
            state.apply(text)
        except AerodeckError as error:
            raise RecordError(f"action {number} ({excerpt(text)}) does not hold: {error}") from None
    if upto is None and "result" in record:
        _check_result(record["result"], state)
    return state


def _same_int(value: object, expected: int) -> bool:
    """``value`` is exactly the int ``expected`` (not True for 1, not 1.0, not "1")."""
    return type(value) is int and value == expected


def _actions(actions: object) -> list[str]:
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record 'actions' must be a list of notation strings")
    if len(actions) > RECORD_ACTIONS:
        raise RecordError(f"record has {len(actions)} actions (at most {RECORD_ACTIONS})")
    return actions


def _check_result(result: object, state: State) -> None:
    """The stored result, when present, must be exactly the replayed game's, and only at its end."""
    if not state.is_terminal:
        raise RecordError("record has a result but its game is not over")
    expected = {"returns": state.returns(), "winners": state.winners}
    if not isinstance(result, Mapping) or set(result) != set(expected):
        raise RecordError("record 'result' must be an object of exactly 'returns' and 'winners'")
    for key, value in expected.items():
        stored = result[key]
        if (
            not isinstance(stored, list)
            or any(isinstance(v, bool) for v in stored)
            or stored != value
        ):
            raise RecordError(f"record's result {key} do not match the replayed game")


def _check_depth(value: object) -> None:
    """RecordError if lists and objects nest deeper than RECORD_DEPTH (walked without recursion)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if depth > RECORD_DEPTH:
            raise RecordError(f"record nests more than {RECORD_DEPTH} levels deep")
        stack.extend((child, depth + 1) for child in children)


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
    """Read a record file; RecordError with one readable line on any problem.

    Only a regular file of at most RECORD_BYTES is read (a FIFO would hang, /dev/zero would fill
    memory)."""
    try:
        with open(path, "rb", opener=_open_no_block) as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise RecordError(f"{path} is not a regular file")
            data = handle.read(RECORD_BYTES + 1)
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > RECORD_BYTES:
        raise RecordError(f"{path} is larger than {RECORD_BYTES} bytes: not a record")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{path} is not UTF-8 text (byte {error.start})") from None
    try:
        return parse_record(text)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None


def _open_no_block(path: str, flags: int) -> int:
    """Open without blocking on a FIFO (the regular-file check then refuses it)."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def parse_record(text: str) -> JSON:
    """A record object from JSON text, bounded in size, nesting and number length; RecordError
    with one readable line on any problem. Its content is checked by ``replay``."""
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, not {excerpt(text)}")
    if len(text) > RECORD_BYTES:
        raise RecordError(f"a record is at most {RECORD_BYTES} characters, not {len(text)}")
    try:
        data = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_refuse_constant,
            object_pairs_hook=_unique_keys,
        )
    except RecursionError:
        raise RecordError(f"record nests more than {RECORD_DEPTH} levels deep") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"not valid JSON (line {error.lineno}: {error.msg})") from None
    if not isinstance(data, dict):
        raise RecordError("it does not hold a record object")
    _check_depth(data)
    return data


def _parse_int(text: str) -> int:
    if len(text) > RECORD_NUMBER_DIGITS:
        raise RecordError(f"a number of {len(text)} digits (at most {RECORD_NUMBER_DIGITS})")
    return int(text)


def _refuse_constant(text: str) -> None:
    raise RecordError(f"{text} is not a number a record can hold")


def _parse_float(text: str) -> float:
    if len(text) > RECORD_NUMBER_DIGITS:
        raise RecordError(f"a number of {len(text)} characters (at most {RECORD_NUMBER_DIGITS})")
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"{excerpt(text)} is too large for a number a record can hold")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object, refusing a field given twice (which one a reader keeps is not defined)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise RecordError(f"the field {excerpt(key)} appears twice in one object")
        data[key] = value
    return data
