"""Locked-On moves: one small frozen value type, its notation, and the catalogue of every move.

All moves of a data set are enumerated once (``Catalogue``): that list is the fixed integer
encoding, and parsing is a lookup of the canonical text, so notation round-trips by construction.
Cards, aircraft and missiles are named by their notation names (``guns-good-angle``).
"""

from __future__ import annotations

from dataclasses import dataclass

from aerodeck.core.api import Action, ActionTable
from aerodeck.core.errors import NotationError, excerpt
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES, DataSet, slug
from aerodeck.games.down_in_flames.flight import range_change_ok
from aerodeck.games.down_in_flames.skills import RATINGS

# Verbs without arguments (the rest take a card, aircraft, missile or altitude).
SIMPLE = (
    "first",
    "second",
    "burner",
    "no-burner",
    "draw",
    "climb",
    "dive",
    "level",
    "follow",
    "stay",
    "neutral",
    "end",
    "pass",
    "cm",
    "launch",
    "hold",
)
# Verbs added with skills and the 2nd missile; listed after the duel's moves so that the
# integer encoding of every earlier move stays the same.
SIMPLE_2 = ("ready", "lucky", "timely", "launch2", "clean")
# Chosen in secret and revealed together (aircraft, loads, altitude, skills), or taken from the
# hidden Aircraft Expertise pool: another seat's move history shows only the verb.
SECRET_VERBS = frozenset({"fly", "pairs", "clean", "alt", "skill", "rate", "expertise"})
MAX_DELTA = 3


@dataclass(frozen=True, slots=True)
class Move(Action):
    """``verb`` with an optional card/aircraft ``name``, a missile or direction ``extra``, and
    two numbers (steps, or own and enemy range deltas)."""

    verb: str
    name: str = ""
    extra: str = ""
    a: int = 0
    b: int = 0
    t: int = -1  # the target aircraft with several aircraft (R46); -1 in the duel

    def __str__(self) -> str:
        text = self._text()
        return text if self.t < 0 else f"{text} @{self.t}"

    def _text(self) -> str:
        if self.verb == "range" or (self.verb == "speed" and self.name == "range"):
            parts = [self.verb] if self.verb == "speed" else [self.verb, self.name]
            if self.a:
                parts.append(f"me{self.a:+d}")
            if self.b:
                parts.append(f"foe{self.b:+d}")
            return " ".join(parts)
        if self.verb == "pos":
            return f"pos {self.name} {self.a}"
        return " ".join(p for p in (self.verb, self.name, self.extra) if p)


def _deltas(total: int) -> list[tuple[int, int]]:
    """Own and enemy range deltas whose steps add up to at most ``total``."""
    out = []
    for me in range(-MAX_DELTA, MAX_DELTA + 1):
        for foe in range(-MAX_DELTA, MAX_DELTA + 1):
            if range_change_ok(total, me, foe):
                out.append((me, foe))
    return out


class Catalogue:
    """Every move a data set allows, in a fixed order, with lookups by key and by text."""

    def __init__(self, data: DataSet, aircraft: int = 0) -> None:
        moves: list[Move] = [Move(verb) for verb in SIMPLE]
        moves += [Move("fly", a.slug) for a in data.aircraft]
        moves += [Move("alt", alt.lower()) for alt in ALTITUDES]
        moves += [Move("speed", "pos"), Move("speed", "range", a=-1), Move("speed", "range", a=1)]
        moves += [Move("speed", "range", b=-1), Move("speed", "range", b=1)]
        for c in data.cards:
            moves.append(Move("discard", c.slug))
            moves.append(Move("react", c.slug))
            moves += [Move("pos", c.slug, a=k) for k in range(1, min(c.positioning, 4) + 1)]
            moves += [Move("range", c.slug, a=me, b=foe) for me, foe in _deltas(c.range)]
            if c.can_gun:
                moves.append(Move("attack", c.slug))
            if c.can_tone:
                moves += [Move("tone", c.slug, m.slug) for m in data.missiles]
            if c.action == "altitude_1":
                moves += [Move("act", c.slug, "up"), Move("act", c.slug, "down")]
            elif c.action in ("pos_to_neutral", "disadv_to_adv", "missile_bonus"):
                moves.append(Move("act", c.slug))
        moves += [Move(verb) for verb in SIMPLE_2]
        moves += [Move("skill", slug(s.name)) for s in data.skills]
        moves += [Move("rate", r, d) for r in RATINGS for d in ("up", "down")]
        moves += [Move(verb, c.slug) for verb in ("agile", "jink") for c in data.cards]
        moves += [Move("pairs", m.slug, str(k)) for m in data.missiles for k in (1, 2)]
        for t in range(aircraft):  # several aircraft: every targeted move, then "next"
            moves += _targeted(data, t)
        moves += [Move("next", t=t) for t in range(aircraft)]
        for t in range(aircraft):  # 90° and 0° Angle: a starting band and an enemy (R58)
            moves += [Move("angle", r.lower(), t=t) for r in RANGES]
        # Aircraft Expertise (R60): a card taken from the set-aside pool, played next.
        moves += [Move("expertise", c.slug) for c in data.cards]
        self.moves: tuple[Move, ...] = tuple(moves)
        self.table = ActionTable(moves)
        self.by_key = {(m.verb, m.name, m.extra, m.a, m.b, m.t): m for m in moves}
        self.by_text = {str(m): m for m in moves}
        assert len(self.by_text) == len(moves), "two moves share a notation"
        self.data = data
        # The duel's moves of each card, indexed by card index: the legal-move generators read
        # these instead of building a lookup key per card on every call.
        self.discard = tuple(self.get("discard", c.slug) for c in data.cards)
        self.react = tuple(self.get("react", c.slug) for c in data.cards)
        self.attack = tuple(self.get("attack", c.slug) if c.can_gun else None for c in data.cards)
        # A missile bonus (Break, Yo-Yo) is played once, whatever the targets.
        self.bonus = tuple(
            self.get("act", c.slug) if c.action == "missile_bonus" else None for c in data.cards
        )

    def get(
        self, verb: str, name: str = "", extra: str = "", a: int = 0, b: int = 0, t: int = -1
    ) -> Move:
        """The interned move (moves are also equal by value)."""
        return self.by_key[verb, name, extra, a, b, t]

    def parse(self, text: str) -> Move:
        words = text.strip().lower().split()
        key = " ".join(words)
        key = _ALIASES.get(key, key)
        move = self.by_text.get(key)
        if move is None:
            raise NotationError(
                f"cannot read {excerpt(text.strip())}: see `aerodeck rules down-in-flames` for the "
                "notation (e.g. 'pos ace-pilot 2', 'attack guns', 'react barrel-roll', 'pass')"
            )
        return move


def _targeted(data: DataSet, t: int) -> list[Move]:
    """The moves aimed at aircraft ``t``: Speed Maneuvers, maneuvers, attacks, actions."""
    moves = [Move("speed", "pos", t=t)]
    moves += [Move("speed", "range", a=x, b=y, t=t) for x, y in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    for c in data.cards:
        moves += [Move("pos", c.slug, a=k, t=t) for k in range(1, min(c.positioning, 4) + 1)]
        moves += [Move("range", c.slug, a=me, b=foe, t=t) for me, foe in _deltas(c.range)]
        if c.can_gun:
            moves.append(Move("attack", c.slug, t=t))
        if c.can_tone:
            moves += [Move("tone", c.slug, m.slug, t=t) for m in data.missiles]
        if c.action == "altitude_1":
            moves += [Move("act", c.slug, "up", t=t), Move("act", c.slug, "down", t=t)]
        elif c.action in ("pos_to_neutral", "disadv_to_adv"):
            moves.append(Move("act", c.slug, t=t))
    return moves


_ALIASES = {"p": "pass", "no": "pass", "done": "end", "countermeasure": "cm", "fire": "launch"}
