"""The race course model (the project's own: the rulebook only pictures its course).

A course is a closed loop measured in half-tile steps along the inside line, from the blue
start/finish pylon (step 0) round to it again. Lanes run side by side, lane 0 hugging the pylons
and each further lane one card's width outward. Positions along the loop are shared by every lane,
so "who is ahead" is a plain comparison; the outer lanes are longer only where the course bends:
rounding a pylon in lane ``k`` costs ``k * bend`` extra steps of speed. An aircraft that rounds a
pylon in lane 0 passes within a card's width of it and must make a pylon-cut skill check.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.games.air_racing.state import HALF

MAX_LANES = 8
STANDARD = "standard"


@dataclass(frozen=True, slots=True)
class Pylon:
    """A pylon at step ``at`` of the loop; ``bend`` extra steps per lane outward to round it."""

    at: int
    name: str
    bend: int
    start: bool


@dataclass(frozen=True, slots=True)
class Course:
    """A loop of ``length`` half-tile steps with ``lanes`` lanes and its pylons (start first)."""

    name: str
    length: int
    lanes: int
    laps: int
    pylons: tuple[Pylon, ...]
    bends: tuple[int, ...]  # per step of the loop: -1 where there is no pylon, else its bend
    by_step: tuple[Pylon | None, ...] = field(init=False, repr=False, compare=False)
    """Per step of the loop: the pylon there, if any (a table for the race's pylon checks)."""
    overlap: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Per place ``lane * length + step`` (step of the loop): a bit mask of the places where a nose
    would overlap an aircraft whose nose is there; the race ORs them into its occupancy index."""

    def __post_init__(self) -> None:
        at = {p.at: p for p in self.pylons}
        object.__setattr__(self, "by_step", tuple(at.get(step) for step in range(self.length)))
        near = range(1 - HALF, HALF)  # noses less than a tile apart overlap
        masks = tuple(
            sum(1 << lane * self.length + (step + d) % self.length for d in near)
            for lane in range(self.lanes)
            for step in range(self.length)
        )
        object.__setattr__(self, "overlap", masks)

    def pylon_at(self, step: int) -> Pylon | None:
        """The pylon at a position (any lap), if there is one."""
        return self.by_step[step % self.length]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "length": self.length,
            "lanes": self.lanes,
            "pylons": [
                {"at": p.at, "name": p.name, "bend": p.bend, "start": p.start} for p in self.pylons
            ],
        }


def load(source: str | Mapping[str, Any]) -> Course:
    """The course an option names: ``standard`` (shipped), or a course table given inline (a
    user's own file read with ``aerodeck.core.userdata.read_toml``, or a record's copy of it),
    checked field by field. Never a path: ConfigError for anything else."""
    if isinstance(source, Mapping):
        return parse(dict(source), "course")
    if source.strip().lower() in ("", STANDARD):
        return standard()
    raise ConfigError(
        f"option course takes {STANDARD} or a course table (a file of your own: "
        "--data-file course=FILE), not a path"
    )


@cache
def standard() -> Course:
    """The shipped standard course, read once from the package."""
    text = resources.files(__package__).joinpath("data/standard.toml").read_text("utf-8")
    return parse(tomllib.loads(text), "standard course")


def _int(data: dict[str, Any], key: str, where: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{where}: {key} must be a whole number")
    if not low <= value <= high:
        raise ConfigError(f"{where}: {key} must be between {low} and {high}, not {value}")
    return value


def parse(data: dict[str, Any], where: str = "course") -> Course:
    """Check a course table field by field (see docs/games/air_racing.md)."""
    unknown = set(data) - {"name", "length", "lanes", "laps", "pylons"}
    if unknown:
        raise ConfigError(f"{where}: unknown field {excerpt(sorted(unknown)[0])}")
    name = data.get("name", "unnamed course")
    if not isinstance(name, str):
        raise ConfigError(f"{where}: name must be text")
    length = _int(data, "length", where, 16, 1000)
    lanes = _int(data, "lanes", where, 4, MAX_LANES)
    laps = _int(data, "laps", where, 1, 20)
    raw = data.get("pylons")
    if not isinstance(raw, list) or not raw:
        raise ConfigError(f"{where}: pylons must be a list of [[pylons]] tables")
    pylons: list[Pylon] = []
    for number, entry in enumerate(raw, start=1):
        here = f"{where}: pylon {number}"
        if not isinstance(entry, dict):
            raise ConfigError(f"{here} must be a table")
        extra = set(entry) - {"at", "name", "bend", "start"}
        if extra:
            raise ConfigError(f"{here}: unknown field {excerpt(sorted(extra)[0])}")
        at = _int(entry, "at", here, 0, length - 1)
        bend = _int({"bend": entry.get("bend", 1)}, "bend", here, 0, 4)
        start = entry.get("start", False)
        label = entry.get("name", f"pylon {number}")
        if not isinstance(start, bool) or not isinstance(label, str):
            raise ConfigError(f"{here}: start must be true or false and name text")
        pylons.append(Pylon(at, label, bend, start))
    starts = [p for p in pylons if p.start]
    if len(starts) != 1 or starts[0].at != 0:
        raise ConfigError(f"{where}: exactly one start/finish pylon, at step 0")
    places = [p.at for p in pylons]
    if len(set(places)) != len(places):
        raise ConfigError(f"{where}: two pylons at the same step")
    pylons.sort(key=lambda p: p.at)
    bends = [-1] * length
    for p in pylons:
        bends[p.at] = p.bend
    return Course(name, length, lanes, laps, tuple(pylons), tuple(bends))
