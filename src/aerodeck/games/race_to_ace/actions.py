"""Race to Ace moves, their notation and their fixed integer encoding.

Every move names the card and what it is played on, from the acting pilot's point of view:

- ``pass``: no answer, break off, or hold fire;
- ``discard guns``: the turn's one card thrown on the discard pile;
- ``relight``, ``hotstick``, ``goldenbird``: a card with no target (a special displayed, a FLAMEOUT
  relit; a held special revealed as the answer awaited); ``jammit`` and ``malfunction`` alone
  answer an incoming weapon (variant ``weapon_counters``);
- ``visual 2``, ``radar 2``, ``guns 2``, ``missile 2``, ``flameout 2``: a card aimed at pilot 2;
- ``maneuver V2>3``: a card played on an acquisition in play, written kind (``V`` VISUAL or
  ``R`` RADAR), the pilot who placed it, ``>``, the pilot it was played on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from aerodeck.core.api import Action
from aerodeck.core.errors import NotationError, excerpt
from aerodeck.core.i18n import _
from aerodeck.core.notation import ascii_number
from aerodeck.games.race_to_ace.cards import KINDS, RADAR, VISUAL, WORDS, kind_of

MAX_SEATS: Final = 5
STACK_LETTER: Final = {RADAR: "R", VISUAL: "V"}
_STACK_RE: Final = re.compile(r"^([vr])([0-9])>([0-9])$")


@dataclass(frozen=True, slots=True)
class Move(Action):
    """One move. ``card`` is -1 for a pass; ``stack`` is -1 unless played on an acquisition."""

    card: int
    discard: bool = False
    pilot: int = -1
    stack: int = -1
    source: int = -1

    def __str__(self) -> str:
        if self.card < 0:
            return "pass"
        word = WORDS[self.card]
        if self.discard:
            return f"discard {word}"
        if self.stack >= 0:
            return f"{word} {STACK_LETTER[self.stack]}{self.source}>{self.pilot}"
        if self.pilot >= 0:
            return f"{word} {self.pilot}"
        return word


def _all_moves() -> tuple[Move, ...]:
    moves = [Move(-1)]
    moves += [Move(k, discard=True) for k in KINDS]
    moves += [Move(k) for k in KINDS]
    moves += [Move(k, pilot=p) for k in KINDS for p in range(MAX_SEATS)]
    moves += [
        Move(k, pilot=t, stack=s, source=src)
        for k in KINDS
        for s in (RADAR, VISUAL)
        for src in range(MAX_SEATS)
        for t in range(MAX_SEATS)
    ]
    return tuple(moves)


# Interned: one object per move, so identity and set membership are cheap.
ALL_MOVES: Final = _all_moves()
NUM_ACTIONS: Final = len(ALL_MOVES)
_INDEX: Final = {move: i for i, move in enumerate(ALL_MOVES)}
PASS: Final = ALL_MOVES[0]


def intern(move: Move) -> Move:
    """The interned object equal to ``move``."""
    return ALL_MOVES[_INDEX[move]]


def discard(kind: int) -> Move:
    return ALL_MOVES[1 + kind]


def bare(kind: int) -> Move:
    return ALL_MOVES[12 + kind]


def at_pilot(kind: int, pilot: int) -> Move:
    return ALL_MOVES[23 + kind * MAX_SEATS + pilot]


def on_stack(kind: int, stack: int, source: int, target: int) -> Move:
    """``kind`` played on the ``stack`` acquisition (RADAR or VISUAL) from source on target."""
    block = 23 + len(KINDS) * MAX_SEATS
    return ALL_MOVES[block + ((kind * 2 + stack) * MAX_SEATS + source) * MAX_SEATS + target]


def action_index(action: Action) -> int:
    if isinstance(action, Move) and action in _INDEX:
        return _INDEX[action]
    raise NotationError(_("{move} is not a Race to Ace move", move=excerpt(action)))


def parse(text: str) -> Move:
    """Read canonical notation (case-insensitive); context-free."""
    words = text.strip().lower().split()
    if words in (["pass"], ["p"], ["break"], ["breakoff"], ["hold"]):
        return PASS
    if len(words) == 2 and words[0] in ("discard", "d"):
        return discard(kind_of(words[1]))
    if len(words) == 1:
        return bare(kind_of(words[0]))
    if len(words) == 2:
        kind = kind_of(words[0])
        arg = words[1]
        seat = ascii_number(arg)
        if seat is not None and seat >= MAX_SEATS:
            raise NotationError(_("there is no pilot {n} at this table", n=seat))
        if seat is not None:
            return at_pilot(kind, seat)
        match = _STACK_RE.match(arg)
        if match:
            stack = RADAR if match.group(1) == "r" else VISUAL
            source, target = int(match.group(2)), int(match.group(3))
            if source < MAX_SEATS and target < MAX_SEATS:
                return on_stack(kind, stack, source, target)
    raise NotationError(
        _(
            "cannot read {text}: write e.g. 'visual 2', 'guns 2', 'maneuver V1>3', "
            "'discard relight', 'relight' or 'pass'",
            text=excerpt(text.strip()),
        )
    )
