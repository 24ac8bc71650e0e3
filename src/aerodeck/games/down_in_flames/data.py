"""The Locked-On data set (deck, missiles, aircraft, sites, campaigns, skills) read from TOML.

The rulebook prints none of this, so it lives in a data file users may replace with their own
(option ``data``: the shipped set's id, or a user's data set as a table, read from their file
with ``aerodeck.core.userdata.read_toml`` and carried in the record). Every field is checked on
load; a problem is one ``ConfigError`` line naming the entry and the field. Each dataclass says
how its fields are read (``spec``); ``_Entry.read`` builds any of them. Field reference:
docs/games/down_in_flames_data.md.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import tomllib
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, TypeVar

from aerodeck.core.errors import ConfigError, excerpt

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

RANGES = ("G", "HS", "RH", "AH")
ALTITUDES = ("Low", "Medium", "High")
# The six ratings a skill may step (R29), as the notation names them ('rate thrust-pre up').
RATINGS = ("speed", "performance", "thrust-pre", "thrust-post", "gun", "ew")
MISSILE_TYPES = ("HS", "RH", "AH")
POSITION_COLUMNS = ("neutral", "advantage", "tailing")
ACTION_KINDS = (
    "gun_attack",
    "launch_missile",
    "gun_or_missile",
    "pos_to_neutral",
    "disadv_to_adv",
    "missile_bonus",
    "altitude_1",
    "none",
    "split_s",
)
# Titles a React To list may name besides real card titles (see the data reference).
PSEUDO_TITLES = (
    "Maneuvering",
    "Missile",
    "Countermeasures",
    "Guns",
    "Tone",
    "ANY",
    "ANY_ENEMY_TURN",
)
DASH = "-"
SHIPPED = "locked_on.toml"
SHIPPED_ID = "locked_on"
"""The shipped data set's id: the ``data`` option's default and its only text value."""
CACHE_SIZE = 8
"""Data sets given inline kept parsed at once (least recently used dropped first)."""

T = TypeVar("T")
D = TypeVar("D", bound="DataclassInstance")


@lru_cache(maxsize=4096)
def slug(name: str) -> str:
    """Notation name of a title: ``Guns (Good Angle)`` -> ``guns-good-angle`` (cached: the rules
    and bots look names up on every move)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


Read = Callable[["_Entry", str], Any]
"""How one field of a TOML table is read and checked (a method of ``_Entry``, bound to limits)."""


def spec(read: Read | None) -> Any:
    """A dataclass field given by the TOML field of the same name: read by ``read``, or read by
    hand (None) by the entry's reader. Fields without a spec are derived (index, slug)."""
    return field(metadata={"read": read})


# The specs of the kinds of value (the checks and their messages are ``_Entry``'s); a default
# makes the field optional.
def whole(low: int, high: int, default: Any = ...) -> Any:
    return spec(lambda e, f: e.integer(f, low, high, default))


def rating(low: int, high: int) -> Any:
    return spec(lambda e, f: e.rating(f, low, high))


def text(choices: tuple[str, ...] | None = None) -> Any:
    return spec(lambda e, f: e.text(f, choices))


def flag(default: bool) -> Any:
    return spec(lambda e, f: e.flag(f, default))


def strings(optional: bool = False) -> Any:
    """A list of strings; an optional one may be left out (empty)."""
    return spec(lambda e, f: e.strings(f, [] if optional else ...))


@dataclass(frozen=True, slots=True)
class CardType:
    """One Action card title (all copies of a title are interchangeable)."""

    index: int
    slug: str
    title: str = text()
    count: int = whole(1, 99)
    positioning: int = whole(0, 9)
    range: int = whole(0, 9)
    action: str = text(ACTION_KINDS)
    gun_discard: int | None = spec(lambda e, f: e.integer(f, 0, 9) if f in e.table else None)
    missile_hand_mod: int = whole(-9, 9, 0)
    react_to: frozenset[str] = spec(lambda e, f: frozenset(e.strings(f)))
    tactic: bool = flag(False)
    usable_in_missile_hand: bool = flag(True)
    known: tuple[str, ...] = strings(optional=True)

    @property
    def can_gun(self) -> bool:
        return self.action in ("gun_attack", "gun_or_missile")

    @property
    def can_tone(self) -> bool:
        return self.action in ("launch_missile", "gun_or_missile")


@dataclass(frozen=True, slots=True)
class Missile:
    """A missile counter: type and the cards it draws from Neutral, Advantage, Tailing."""

    index: int
    slug: str
    name: str = text()
    type: str = text(MISSILE_TYPES)
    cards: tuple[int | None, int | None, int | None] = spec(None)
    vp: int = whole(0, 99)
    year: int = whole(1900, 2100)
    known: tuple[str, ...] = strings(optional=True)

    @property
    def band(self) -> int:
        """The farthest range band it reaches (HS 1, RH 2, AH 3)."""
        return RANGES.index(self.type)

    def reaches(self, mutual: int) -> bool:
        """Each type fires only at its own range; Active Homing also at Radar Homing range."""
        if self.type == "AH":
            return mutual in (2, 3)
        return mutual == self.band


@dataclass(frozen=True, slots=True)
class Aircraft:
    """An aircraft card. ``None`` stands for a printed "-"."""

    index: int
    slug: str
    name: str = text()
    nation: str = text()
    year: int = whole(1900, 2100)
    speed: int = whole(0, 20)
    performance: int = whole(1, 20)
    thrust_pre: int = whole(0, 20)
    ab_pre: int | None = rating(0, 20)
    thrust_post: int = whole(0, 20)
    ab_post: int | None = rating(0, 20)
    gun: int | None = rating(0, 9)
    ew: int | None = rating(-9, 9)
    countermeasures: int = whole(0, 20)
    load: tuple[tuple[int, int], ...] = spec(None)  # (missile index, pairs)
    vp_clean: int = whole(0, 999)
    vp_loaded: int = whole(0, 999)
    vp_mod: int = whole(0, 999)
    known: tuple[str, ...] = strings(optional=True)

    @property
    def has_afterburner(self) -> bool:
        return self.ab_pre is not None or self.ab_post is not None


@dataclass(frozen=True, slots=True)
class Site:
    name: str = text()
    kind: str = text(("SAM", "AAA"))
    draw: int = whole(1, 20)
    envelope: tuple[tuple[str, str], ...] = spec(None)
    known: tuple[str, ...] = strings(optional=True)


@dataclass(frozen=True, slots=True)
class Side:
    vp: int = whole(0, 9999)
    aircraft: tuple[tuple[str, int], ...] = spec(None)
    skill_options: tuple[str, ...] = strings()
    special: tuple[str, ...] = strings(optional=True)
    sites: tuple[str, ...] = strings(optional=True)


@dataclass(frozen=True, slots=True)
class Mission:
    number: int = whole(1, 99)
    # "no effect on play" (§16.3): a mission whose title is not known leaves it out ("")
    title: str = spec(lambda e, f: e.text(f) if f in e.table else "")
    turns: int = whole(1, 99)
    nation1: Side = spec(None)  # noqa: RUF009 - a field's reader, not a default
    nation2: Side = spec(None)  # noqa: RUF009 - a field's reader, not a default
    known: tuple[str, ...] = strings(optional=True)


@dataclass(frozen=True, slots=True)
class Campaign:
    name: str = text()
    nation1: str = text()
    nation2: str = text()
    victory_chart: tuple[tuple[int, str], ...] = spec(None)
    missions: tuple[Mission, ...] = spec(None)  # the file's [[campaign.mission]] tables
    known: tuple[str, ...] = strings(optional=True)


@dataclass(frozen=True, slots=True)
class Skill:
    name: str = text()
    cost: int = whole(-99, 99)
    effect: str = text()
    campaign_only: bool = flag(False)


@dataclass(frozen=True, slots=True)
class Constants:
    rounds_per_dogfight: int = whole(1, 99)
    mission_turns_default: int = whole(1, 99)
    afterburner_counters: int = whole(0, 9)
    hs_vs_afterburner_bonus: int = whole(0, 9)
    yoyo_break_missile_bonus: int = whole(0, 9)
    starting_range: int = spec(lambda e, f: RANGES.index(e.text(f, RANGES)))
    # by altitude index: thrust, performance, EW
    altitude_mod: tuple[tuple[int, int, int], ...] = spec(None)
    low_alt_perf_penalty_min_perf: int = whole(0, 99)
    missile_pair_vp: Mapping[int, tuple[int, int]] = spec(None)


@dataclass(frozen=True, slots=True)
class DataSet:
    """Everything the rules read from the data file."""

    source: str
    status: str
    version: str
    deck_size: int
    constants: Constants
    cards: tuple[CardType, ...]
    missiles: tuple[Missile, ...]
    aircraft: tuple[Aircraft, ...]
    sites: tuple[Site, ...]
    campaigns: tuple[Campaign, ...]
    skills: tuple[Skill, ...]
    digest: str = ""
    """SHA-256 of the data as canonical JSON: the cache key (the same content, the same set)."""
    derived: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Tables built from this data set (the game's action catalogues), kept as long as it is."""

    # Lookups by notation name, built once (the rules look cards up on every move).
    card_by_slug: dict[str, CardType] = field(init=False, repr=False, compare=False)
    _plane_by_slug: dict[str, Aircraft] = field(init=False, repr=False, compare=False)
    _missile_by_slug: dict[str, Missile] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        planes: dict[str, Aircraft] = {}
        for a in self.aircraft:  # the first aircraft a name fits wins, as a scan would find
            planes.setdefault(a.slug, a)
            planes.setdefault(slug(a.name.split()[0]), a)
        object.__setattr__(self, "card_by_slug", _first_by_slug(self.cards))
        object.__setattr__(self, "_plane_by_slug", planes)
        object.__setattr__(self, "_missile_by_slug", _first_by_slug(self.missiles))

    def card(self, title: str) -> CardType:
        """A card type by title or notation name; ConfigError if there is none."""
        return _find(self.card_by_slug, title, "action card")

    def plane(self, name: str) -> Aircraft:
        return _find(self._plane_by_slug, name, "aircraft")

    def missile(self, name: str) -> Missile:
        return _find(self._missile_by_slug, name, "missile")


def _find(by_slug: dict[str, T], name: str, what: str) -> T:
    """An entry by name or notation name (a notation name is its own slug, so it is found
    without slugging it again); ConfigError if there is none."""
    found = by_slug.get(name) or by_slug.get(slug(name))
    if found is None:
        raise ConfigError(f"no {what} {excerpt(name)} in the data set")
    return found


_Named = TypeVar("_Named", CardType, Missile)


def _first_by_slug(items: tuple[_Named, ...]) -> dict[str, _Named]:
    """Each notation name to the first entry that has it (names are unique once validated)."""
    out: dict[str, _Named] = {}
    for item in items:
        out.setdefault(item.slug, item)
    return out


class _Entry:
    """Reads one TOML table, naming it in every error."""

    def __init__(self, source: str, where: str, table: Any, allowed: set[str]) -> None:
        if not isinstance(table, dict):
            raise ConfigError(f"{source}: {where} must be a table")
        self.source = source
        self.where = where
        self.table: dict[str, Any] = table
        unknown = sorted(set(table) - allowed)
        if unknown:
            raise ConfigError(f"{source}: {where}: unknown field {excerpt(unknown[0])}")

    def fail(self, field: str, wants: str) -> ConfigError:
        value = excerpt(self.table[field]) if field in self.table else "<missing>"
        return ConfigError(f"{self.source}: {self.where}: {field} must be {wants}, not {value}")

    def get(self, field: str, default: Any = ...) -> Any:
        if field not in self.table:
            if default is ...:
                raise ConfigError(f"{self.source}: {self.where}: missing field {excerpt(field)}")
            return default
        return self.table[field]

    def integer(self, field: str, low: int, high: int, default: Any = ...) -> int:
        value = self.get(field, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(field, f"a whole number {low}..{high}")
        return value

    def rating(self, field: str, low: int, high: int) -> int | None:
        """A rating that may be printed "-" (absent)."""
        value = self.get(field)
        if value == DASH:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(field, f'a whole number {low}..{high} or "-"')
        return value

    def text(self, field: str, choices: tuple[str, ...] | None = None, default: Any = ...) -> str:
        value = self.get(field, default)
        if not isinstance(value, str) or not value.strip() or (choices and value not in choices):
            wants = "one of " + ", ".join(choices) if choices else "a non-empty string"
            raise self.fail(field, wants)
        return value

    def flag(self, field: str, default: bool) -> bool:
        value = self.get(field, default)
        if not isinstance(value, bool):
            raise self.fail(field, "true or false")
        return value

    def strings(self, field: str, default: Any = ...) -> tuple[str, ...]:
        value = self.get(field, default)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(field, "a list of strings")
        return tuple(value)

    def tables(self, field: str, default: Any = ...) -> list[Any]:
        value = self.get(field, default)
        if not isinstance(value, list):
            raise self.fail(field, "a list of tables")
        return value

    def read(self, kind: type[D], **given: Any) -> D:
        """An entry of ``kind``: each field with a reader read from the table, the rest
        ``given`` (the fields read by hand, and derived ones)."""
        read = {f.name: f.metadata["read"] for f in fields(kind) if f.metadata.get("read")}
        return kind(**{name: how(self, name) for name, how in read.items()}, **given)


def _unique(source: str, kind: str, names: list[str]) -> None:
    seen: set[str] = set()
    for name in names:
        key = slug(name)
        if key in seen:
            raise ConfigError(f"{source}: two {kind} entries are named {excerpt(name)}")
        seen.add(key)


def _names(kind: type[DataclassInstance]) -> set[str]:
    """The TOML fields of an entry of ``kind``: its fields with a spec."""
    return {f.name for f in fields(kind) if "read" in f.metadata}


def _card(source: str, index: int, table: Any) -> CardType:
    e = _Entry(source, f"card {index + 1}", table, _names(CardType))
    title = e.text("title")
    e.where = f"card {excerpt(title)}"
    card = e.read(CardType, index=index, slug=slug(title))
    if card.can_gun and card.gun_discard is None:
        raise ConfigError(f"{source}: {e.where}: a card that attacks with guns needs gun_discard")
    return card


def _missile(source: str, index: int, table: Any) -> Missile:
    e = _Entry(source, f"missile {index + 1}", table, _names(Missile))
    name = e.text("name")
    e.where = f"missile {excerpt(name)}"
    c = _Entry(source, f"{e.where} cards", e.get("cards"), set(POSITION_COLUMNS))
    values = tuple(c.rating(column, 0, 9) for column in POSITION_COLUMNS)
    if all(v is None for v in values):
        raise ConfigError(f"{source}: {e.where}: cards must allow a launch from some position")
    cards = (values[0], values[1], values[2])
    return e.read(Missile, index=index, slug=slug(name), cards=cards)


def _aircraft(source: str, index: int, table: Any, missiles: dict[str, Missile]) -> Aircraft:
    e = _Entry(source, f"aircraft {index + 1}", table, _names(Aircraft))
    name = e.text("name")
    e.where = f"aircraft {excerpt(name)}"
    load: list[tuple[int, int]] = []
    for n, item in enumerate(e.tables("load")):
        entry = _Entry(source, f"{e.where} load {n + 1}", item, {"missile", "pairs"})
        key = slug(entry.text("missile"))
        if key not in missiles:
            raise entry.fail("missile", "the name of a [[missile]] in the file")
        load.append((missiles[key].index, entry.integer("pairs", 1, 2)))
    if len({m for m, _ in load}) != len(load):
        raise ConfigError(f"{source}: {e.where}: a missile appears twice in load")
    plane = e.read(Aircraft, index=index, slug=slug(name), load=tuple(load))
    if (plane.ab_pre is None) != (plane.ab_post is None):
        raise ConfigError(f"{source}: {e.where}: ab_pre and ab_post are both numbers or both '-'")
    return plane


def _site(source: str, index: int, table: Any) -> Site:
    e = _Entry(source, f"site {index + 1}", table, _names(Site))
    e.where = f"site {excerpt(e.text('name'))}"
    cells: list[tuple[str, str]] = []
    for cell in e.tables("envelope"):
        ok = isinstance(cell, list) and len(cell) == 2
        if not ok or cell[0] not in ALTITUDES or cell[1] not in RANGES:
            raise e.fail("envelope", "a list of [altitude, range] pairs")
        cells.append((cell[0], cell[1]))
    return e.read(Site, envelope=tuple(cells))


def _side(source: str, where: str, table: Any, planes: set[str], sites: set[str]) -> Side:
    e = _Entry(source, where, table, _names(Side))
    flights: list[tuple[str, int]] = []
    for n, item in enumerate(e.tables("aircraft")):
        entry = _Entry(source, f"{where} aircraft {n + 1}", item, {"type", "count"})
        if slug(entry.text("type")) not in planes:
            raise entry.fail("type", "the name of an [[aircraft]] in the file")
        flights.append((entry.text("type"), entry.integer("count", 1, 20)))
    side = e.read(Side, aircraft=tuple(flights))
    for name in side.sites:
        if slug(name) not in sites:
            raise ConfigError(f"{source}: {where}: unknown site {excerpt(name)}")
    return side


def _campaign(source: str, index: int, table: Any, planes: set[str], sites: set[str]) -> Campaign:
    fields = _names(Campaign) - {"missions"} | {"mission"}
    e = _Entry(source, f"campaign {index + 1}", table, fields)
    e.where = f"campaign {excerpt(e.text('name'))}"
    chart: list[tuple[int, str]] = []
    for n, item in enumerate(e.tables("victory_chart")):
        level = _Entry(source, f"{e.where} victory_chart {n + 1}", item, {"min", "level"})
        chart.append((level.integer("min", 0, 99999), level.text("level")))
    if [m for m, _ in chart] != sorted({m for m, _ in chart}):
        raise ConfigError(f"{source}: {e.where}: victory_chart minimums must rise")
    missions: list[Mission] = []
    for n, item in enumerate(e.tables("mission")):
        where = f"{e.where} mission {n + 1}"
        m = _Entry(source, where, item, _names(Mission))
        nations = [
            _side(source, f"{where} {nation}", m.get(nation), planes, sites)
            for nation in ("nation1", "nation2")
        ]
        missions.append(m.read(Mission, nation1=nations[0], nation2=nations[1]))
    if [m.number for m in missions] != list(range(1, len(missions) + 1)):
        raise ConfigError(f"{source}: {e.where}: missions must be numbered 1, 2, 3... in order")
    return e.read(Campaign, victory_chart=tuple(chart), missions=tuple(missions))


def _constants(source: str, table: Any) -> Constants:
    e = _Entry(source, "[constants]", table, _names(Constants))
    mods = _Entry(source, "[constants] altitude_mod", e.get("altitude_mod"), set(ALTITUDES))
    altitude_mod: list[tuple[int, int, int]] = []
    for altitude in ALTITUDES:
        row = mods.get(altitude)
        if not isinstance(row, list) or len(row) != 3 or not all(type(v) is int for v in row):
            raise mods.fail(altitude, "[thrust, performance, ew] whole numbers")
        altitude_mod.append((row[0], row[1], row[2]))
    chart: dict[int, tuple[int, int]] = {}
    pairs = e.get("missile_pair_vp")
    if not isinstance(pairs, dict):
        raise e.fail("missile_pair_vp", "a table of missile VP = [1 pair, 2 pairs]")
    for key, pair in pairs.items():
        ok = isinstance(pair, list) and len(pair) == 2 and all(type(v) is int for v in pair)
        if not (key.isascii() and key.isdigit() and len(key) <= 4) or not ok:
            raise ConfigError(
                f"{source}: [constants] missile_pair_vp: {excerpt(key)} = [1 pair, 2 pairs]"
            )
        chart[int(key)] = (pair[0], pair[1])
    return e.read(Constants, altitude_mod=tuple(altitude_mod), missile_pair_vp=chart)


def _many(source: str, raw: dict[str, Any], key: str, read: Callable[[int, Any], T]) -> list[T]:
    items = raw.get(key, [])
    if not isinstance(items, list):
        raise ConfigError(f"{source}: [[{key}]] must be an array of tables")
    return [read(i, item) for i, item in enumerate(items)]


def parse_data(text: str, source: str) -> DataSet:
    """Read and check a data set from TOML text; ConfigError (one line) on any problem."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise ConfigError(f"{source}: not valid TOML") from None
    return parse_table(raw, source)


def parse_table(raw: dict[str, Any], source: str, digest: str = "") -> DataSet:
    """Check a data set given as a table (a parsed file, or the option's inline data)."""
    allowed = {"meta", "constants", "card", "missile", "aircraft", "site", "campaign", "skill"}
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise ConfigError(f"{source}: unknown section {excerpt(unknown[0])}")
    for needed in ("meta", "constants", "card", "missile", "aircraft"):
        if needed not in raw:
            raise ConfigError(f"{source}: missing section {excerpt(needed)}")
    meta = _Entry(source, "[meta]", raw["meta"], {"status", "version", "deck_size", "rulebook"})
    constants = _constants(source, raw["constants"])
    cards = _many(source, raw, "card", lambda i, t: _card(source, i, t))
    missiles = _many(source, raw, "missile", lambda i, t: _missile(source, i, t))
    _unique(source, "card", [c.title for c in cards])
    _unique(source, "missile", [m.name for m in missiles])
    by_slug = {m.slug: m for m in missiles}
    planes = _many(source, raw, "aircraft", lambda i, t: _aircraft(source, i, t, by_slug))
    _unique(source, "aircraft", [a.name for a in planes])
    sites = _many(source, raw, "site", lambda i, t: _site(source, i, t))
    _unique(source, "site", [s.name for s in sites])
    plane_names = {a.slug for a in planes}
    site_names = {slug(s.name) for s in sites}
    campaigns = _many(
        source, raw, "campaign", lambda i, t: _campaign(source, i, t, plane_names, site_names)
    )
    entries = _many(
        source, raw, "skill", lambda i, t: _Entry(source, f"skill {i + 1}", t, _names(Skill))
    )
    skills = [e.read(Skill) for e in entries]
    titles = {c.title for c in cards}
    for c in cards:
        for name in sorted(c.react_to - titles - set(PSEUDO_TITLES)):
            raise ConfigError(
                f"{source}: card {excerpt(c.title)}: react_to names unknown title {excerpt(name)}"
            )
    for camp in campaigns:
        _check_skills(source, camp, skills)
    if not planes:
        raise ConfigError(f"{source}: the data set needs at least one [[aircraft]]")
    deck_size = meta.integer("deck_size", 1, 999)
    if sum(c.count for c in cards) != deck_size:
        raise ConfigError(
            f"{source}: the card counts add up to {sum(c.count for c in cards)}, "
            f"not [meta] deck_size {deck_size}"
        )
    if deck_size < 20:
        raise ConfigError(f"{source}: the deck needs at least 20 cards to fight a dogfight")
    return DataSet(
        source=source,
        status=meta.text("status"),
        version=str(meta.get("version", "")),
        deck_size=deck_size,
        constants=constants,
        cards=tuple(cards),
        missiles=tuple(missiles),
        aircraft=tuple(planes),
        sites=tuple(sites),
        campaigns=tuple(campaigns),
        skills=tuple(skills),
        digest=digest,
    )


def _check_skills(source: str, camp: Campaign, skills: list[Skill] | tuple[Skill, ...]) -> None:
    """A campaign's skill options and special conditions name skills of the data set (R59)."""
    skill_names = {s.name for s in skills}
    for mission in camp.missions:
        for side in (mission.nation1, mission.nation2):
            for option in side.skill_options:
                if skills and option not in skill_names:
                    raise ConfigError(
                        f"{source}: campaign {excerpt(camp.name)} mission {mission.number}: "
                        f"unknown skill {excerpt(option)}"
                    )
            for cond in side.special:
                if cond not in skill_names:
                    raise ConfigError(
                        f"{source}: campaign {excerpt(camp.name)} mission {mission.number}: "
                        f"unknown special condition {excerpt(cond)} (a skill's name, R59)"
                    )


def parse_campaign(data: DataSet, table: Mapping[str, Any]) -> Campaign:
    """A user's campaign given inline (option ``campaign`` as a table: the fields of one
    ``[[campaign]]``), checked against the data set's aircraft, sites and skills."""
    planes = {a.slug for a in data.aircraft}
    sites = {slug(s.name) for s in data.sites}
    camp = _campaign("campaign", 0, dict(table), planes, sites)
    _check_skills("campaign", camp, data.skills)
    return camp


@cache
def shipped_data() -> DataSet:
    """The shipped data set, read once from the package."""
    text = resources.files(__package__).joinpath("data", SHIPPED).read_text(encoding="utf-8")
    return parse_data(text, SHIPPED)


_parsed: OrderedDict[str, DataSet] = OrderedDict()
_lock = threading.Lock()


def load_data(source: str | Mapping[str, Any] = SHIPPED_ID) -> DataSet:
    """The data set an option names: the shipped one by id (``locked_on``; empty text too), or
    a data set given as a table (a user's file read with ``aerodeck.core.userdata.read_toml``,
    or a record's copy of it). Never a path. Tables are parsed once per content: the cache is
    keyed by a digest of the data, so an edited file is a new entry, and holds at most
    ``CACHE_SIZE`` sets, least recently used dropped first."""
    if not isinstance(source, Mapping):
        if isinstance(source, str) and source.strip().lower() in ("", SHIPPED_ID):
            return shipped_data()
        raise ConfigError(
            f"option data takes {SHIPPED_ID} or a data set table (a file of your own: "
            "--data-file data=FILE), not a path"
        )
    canonical = json.dumps(source, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    with _lock:
        found = _parsed.get(digest)
        if found is not None:
            _parsed.move_to_end(digest)
            return found
    found = parse_table(json.loads(canonical), "data set", digest)
    with _lock:
        _parsed[digest] = found
        while len(_parsed) > CACHE_SIZE:
            _parsed.popitem(last=False)
    return found


def cached_sets() -> int:
    """How many inline data sets the cache holds now (a test checks it stays bounded)."""
    return len(_parsed)
