"""Locked-On moves: a small frozen value type per verb, its notation, and every move listed.

All moves of a data set are enumerated once (``Catalogue``): that list is the fixed integer
encoding, and parsing is a lookup of the canonical text, so notation round-trips by construction.
Cards, aircraft and missiles are named by their notation names (``guns-good-angle``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar, Literal, TypeVar, cast, get_args

from aerodeck.core.api import Action, ActionTable
from aerodeck.core.errors import NotationError, excerpt
from aerodeck.core.i18n import _
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES, RATINGS, CardType, DataSet, slug
from aerodeck.games.down_in_flames.flight import range_change_ok

# Verbs without arguments, in the encoding's order; those added with skills and the 2nd
# missile come after the duel's moves so that the integer encoding of every earlier move stays.
WordVerb = Literal[
    "first", "second", "burner", "no-burner", "draw", "climb", "dive", "level", "follow",
    "stay", "neutral", "end", "pass", "cm", "launch", "hold",
    "ready", "lucky", "timely", "launch2", "clean",
]  # fmt: skip
SIMPLE: tuple[WordVerb, ...] = get_args(WordVerb)[:16]
SIMPLE_2: tuple[WordVerb, ...] = get_args(WordVerb)[16:]
MAX_DELTA = 3


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A Locked-On move: one subclass per verb (or per family of verbs with the same fields).
    The text is the verb, then each positional field that is set, then the target aircraft
    ``@t`` with several aircraft (R46; -1 in the duel and for untargeted moves)."""

    VERB: ClassVar[str] = ""  # the verb of a one-verb class; Word and Wild name theirs
    t: int = field(default=-1, kw_only=True)

    def __str__(self) -> str:
        text = " ".join(w for w in (self.VERB, *map(str, self._words())) if w)
        return text if self.t < 0 else f"{text} @{self.t}"

    def _words(self) -> tuple[object, ...]:
        return self.fields()

    def fields(self) -> tuple[object, ...]:
        """The positional fields' values (what the class and ``t`` do not say)."""
        names: tuple[str, ...] = self.__match_args__
        return tuple(getattr(self, f) for f in names)


def _signed(me: int, foe: int) -> tuple[str, ...]:
    """Range deltas as written: ``me+1 foe-2``, a zero left out."""
    return tuple(f"{w}{d:+d}" for w, d in (("me", me), ("foe", foe)) if d)


@dataclass(frozen=True, slots=True)
class Word(Move):
    """A verb without arguments ('pass', 'end', 'draw', 'climb', ...)."""

    verb: WordVerb


@dataclass(frozen=True, slots=True)
class Next(Move):
    """Several aircraft: the side to fly names its next aircraft, ``@t`` (R53)."""

    VERB = "next"


@dataclass(frozen=True, slots=True)
class Fly(Move):
    """The aircraft chosen in secret."""

    VERB = "fly"
    aircraft: str


@dataclass(frozen=True, slots=True)
class Altitude(Move):
    """The starting altitude chosen in secret ('alt low|medium|high')."""

    VERB = "alt"
    altitude: str


@dataclass(frozen=True, slots=True)
class Pairs(Move):
    """A custom load: ``count`` pairs of ``missile`` (R44, R57)."""

    VERB = "pairs"
    missile: str
    count: int


@dataclass(frozen=True, slots=True)
class Skill(Move):
    """A skill chosen in secret (R30)."""

    VERB = "skill"
    skill: str


@dataclass(frozen=True, slots=True)
class Rate(Move):
    """A rating skill's step: ``rating`` one step ``direction`` ('up' or 'down')."""

    VERB = "rate"
    rating: str
    direction: str


@dataclass(frozen=True, slots=True)
class Angle(Move):
    """90° or 0° Angle: the starting band shared with enemy ``t`` (R58)."""

    VERB = "angle"
    band: str


@dataclass(frozen=True, slots=True)
class Speed(Move):
    """A Speed Maneuver: a position step ('speed pos') or one range step ('speed me-1')."""

    VERB = "speed"
    kind: Literal["pos", "range"]
    me: int = 0
    foe: int = 0

    def _words(self) -> tuple[object, ...]:
        return ("pos",) if self.kind == "pos" else _signed(self.me, self.foe)


@dataclass(frozen=True, slots=True)
class CardMove(Move):
    """A move naming a card of the deck (by its notation name)."""

    card: str


@dataclass(frozen=True, slots=True)
class Discard(CardMove):
    VERB = "discard"


@dataclass(frozen=True, slots=True)
class Expertise(CardMove):
    """A card taken from the hidden Aircraft Expertise pool, played next (R60)."""

    VERB = "expertise"


@dataclass(frozen=True, slots=True)
class React(CardMove):
    VERB = "react"


@dataclass(frozen=True, slots=True)
class Wild(CardMove):
    """Agile or Jink: a card played as an Ace Pilot reaction (R33)."""

    verb: Literal["agile", "jink"]

    def _words(self) -> tuple[object, ...]:
        return (self.verb, self.card)


@dataclass(frozen=True, slots=True)
class Position(CardMove):
    """A card's position maneuver of ``steps`` (R1)."""

    VERB = "pos"
    steps: int


@dataclass(frozen=True, slots=True)
class Range(CardMove):
    """A card's range maneuver: own and enemy band changes."""

    VERB = "range"
    me: int = 0
    foe: int = 0

    def _words(self) -> tuple[object, ...]:
        return (self.card, *_signed(self.me, self.foe))


@dataclass(frozen=True, slots=True)
class Attack(CardMove):
    """A gun attack."""

    VERB = "attack"


@dataclass(frozen=True, slots=True)
class Tone(CardMove):
    """A Tone: a missile attack with ``missile``."""

    VERB = "tone"
    missile: str


@dataclass(frozen=True, slots=True)
class Act(CardMove):
    """A card's own action; Vertical Roll names its ``direction`` ('up' or 'down')."""

    VERB = "act"
    direction: str = ""


M = TypeVar("M", bound=Move)
# The moves that play a card (what an Aircraft Expertise card taken out must do next: R60).
PLAYS = (Position, Range, Attack, Tone, Act, React, Wild)
# Chosen in secret and revealed together (aircraft, loads, altitude, skills), or taken from the
# hidden Aircraft Expertise pool: another seat's move history shows only the verb.
SECRET = (Fly, Pairs, Altitude, Skill, Rate, Expertise)


def only(moves: Iterable[Action], kind: type[M]) -> list[M]:
    """The moves of class ``kind``, in their order."""
    return [m for m in moves if isinstance(m, kind)]


def is_secret(move: Move) -> bool:
    """Whether another seat's history shows only the verb of ``move``."""
    return isinstance(move, SECRET) or (isinstance(move, Word) and move.verb == "clean")


def _deltas(total: int) -> list[tuple[int, int]]:
    """Own and enemy range deltas whose steps add up to at most ``total``."""
    out = []
    for me in range(-MAX_DELTA, MAX_DELTA + 1):
        for foe in range(-MAX_DELTA, MAX_DELTA + 1):
            if range_change_ok(total, me, foe):
                out.append((me, foe))
    return out


class Catalogue:
    """Every move a data set allows, in a fixed order, with a lookup by text."""

    def __init__(self, data: DataSet, aircraft: int = 0) -> None:
        moves: list[Move] = [Word(verb) for verb in SIMPLE]
        moves += [Fly(a.slug) for a in data.aircraft]
        moves += [Altitude(alt.lower()) for alt in ALTITUDES]
        moves += [Speed("pos"), Speed("range", me=-1), Speed("range", me=1)]
        moves += [Speed("range", foe=-1), Speed("range", foe=1)]
        for c in data.cards:
            moves += [Discard(c.slug), React(c.slug)]
            moves += _card_plays(data, c, -1)
            if c.action == "missile_bonus":
                moves.append(Act(c.slug))
        moves += [Word(verb) for verb in SIMPLE_2]
        moves += [Skill(slug(s.name)) for s in data.skills]
        moves += [Rate(r, d) for r in RATINGS for d in ("up", "down")]
        moves += [Wild(c.slug, verb=v) for v in ("agile", "jink") for c in data.cards]
        moves += [Pairs(m.slug, k) for m in data.missiles for k in (1, 2)]
        for t in range(aircraft):  # several aircraft: every targeted move, then "next"
            moves += [Speed("pos", t=t)]
            moves += [
                Speed("range", me=x, foe=y, t=t) for x, y in ((-1, 0), (1, 0), (0, -1), (0, 1))
            ]
            for c in data.cards:
                moves += _card_plays(data, c, t)
        moves += [Next(t=t) for t in range(aircraft)]
        for t in range(aircraft):  # 90° and 0° Angle: a starting band and an enemy (R58)
            moves += [Angle(r.lower(), t=t) for r in RANGES]
        # Aircraft Expertise (R60): a card taken from the set-aside pool, played next.
        moves += [Expertise(c.slug) for c in data.cards]
        self.moves: tuple[Move, ...] = tuple(moves)
        self.table = ActionTable(moves)
        self.by_text = {str(m): m for m in moves}
        # The legal-move tables look their moves up rather than build them (building a frozen
        # dataclass costs about ten lookups).
        self.by_fields = {(type(m), *m.fields(), m.t): m for m in moves}
        assert len(self.by_text) == len(moves), "two moves share a notation"
        self.data = data
        # The duel's moves of each card, indexed by card index: the legal-move generators read
        # these instead of building a move per card on every call. The list's own objects, as
        # the tables' moves are (a batch looks a legal move's index up by identity first).
        own = {m: m for m in moves}
        self.discard = tuple(own[Discard(c.slug)] for c in data.cards)
        self.react = tuple(own[React(c.slug)] for c in data.cards)
        self.attack = tuple(own[Attack(c.slug)] if c.can_gun else None for c in data.cards)
        # A missile bonus (Break, Yo-Yo) is played once, whatever the targets.
        self.bonus = tuple(
            own[Act(c.slug)] if c.action == "missile_bonus" else None for c in data.cards
        )

    def get(self, kind: type[M], *fields: object, t: int = -1) -> M:
        """The catalogue's ``kind(*fields, t=t)``."""
        return cast(M, self.by_fields[(kind, *fields, t)])

    def parse(self, text: str) -> Move:
        words = text.strip().lower().split()
        key = " ".join(words)
        key = _ALIASES.get(key, key)
        move = self.by_text.get(key)
        if move is None:
            raise NotationError(
                _(
                    "cannot read {text}: see `aerodeck rules down-in-flames` for the notation "
                    "(e.g. 'pos ace-pilot 2', 'attack guns', 'react barrel-roll', 'pass')",
                    text=excerpt(text.strip()),
                )
            )
        return move


def _card_plays(data: DataSet, c: CardType, t: int) -> list[Move]:
    """Card ``c``'s maneuvers, attacks and actions (aimed at aircraft ``t``; -1 in the duel,
    where a missile bonus is listed after them)."""
    s = c.slug
    moves: list[Move] = [Position(s, k, t=t) for k in range(1, min(c.positioning, 4) + 1)]
    moves += [Range(s, me, foe, t=t) for me, foe in _deltas(c.range)]
    if c.can_gun:
        moves.append(Attack(s, t=t))
    if c.can_tone:
        moves += [Tone(s, m.slug, t=t) for m in data.missiles]
    if c.action == "altitude_1":
        moves += [Act(s, "up", t=t), Act(s, "down", t=t)]
    elif c.action in ("pos_to_neutral", "disadv_to_adv"):
        moves.append(Act(s, t=t))
    return moves


_ALIASES = {"p": "pass", "no": "pass", "done": "end", "countermeasure": "cm", "fire": "launch"}
