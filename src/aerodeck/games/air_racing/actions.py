"""Air Racing moves, their notation and their fixed integer encoding.

Season: ``start BBF`` (the three starting speed mods), ``play team-effort``, ``double night-shift``
or ``tunnel cash`` (a Wind Tunnel's choice), ``redraw`` then ``toss dollar``... ``draw`` (Team
Effort's discard-and-redraw), ``buys`` (end the action phase), ``buy microknot``, ``end``.
Race: ``alt low|mid|high``, ``boost``, ``cancel``/``accept`` (after a backfire), ``fly 2`` (lane),
``side in|out`` (which way round a blocking aircraft).
"""

from __future__ import annotations

from dataclasses import dataclass

from aerodeck.core.api import Action
from aerodeck.core.errors import NotationError, excerpt
from aerodeck.core.i18n import _
from aerodeck.core.notation import ascii_number
from aerodeck.games.air_racing.cards import ACTIONS, KINDS, NAMES, kind
from aerodeck.games.air_racing.course import MAX_LANES

ALTITUDES = ("low", "mid", "high")
SIDES = ("in", "out")


@dataclass(frozen=True, slots=True)
class Move(Action):
    """One move: a verb and its argument (a card kind, a count, a lane, a level or a side)."""

    verb: str
    arg: int = 0

    def __str__(self) -> str:
        verb, arg = self.verb, self.arg
        if verb == "start":
            return "start " + "B" * arg + "F" * (3 - arg)
        if verb in ("play", "double", "toss", "buy"):
            return f"{verb} {NAMES[arg]}"
        if verb == "cash":
            return "tunnel cash"
        if verb == "alt":
            return f"alt {ALTITUDES[arg]}"
        if verb == "fly":
            return f"fly {arg}"
        if verb == "side":
            return f"side {SIDES[arg]}"
        return verb


START = tuple(Move("start", b) for b in range(4))
PLAY = {k: Move("play", k) for k in ACTIONS}
DOUBLE = {k: Move("double", k) for k in ACTIONS}
CASH = Move("cash")
REDRAW = Move("redraw")
TOSS = tuple(Move("toss", k) for k in KINDS)
DRAW = Move("draw")
BUYS = Move("buys")
BUY = tuple(Move("buy", k) for k in KINDS)
END = Move("end")
ALT = tuple(Move("alt", a) for a in range(3))
BOOST = Move("boost")
CANCEL = Move("cancel")
ACCEPT = Move("accept")
FLY = tuple(Move("fly", lane) for lane in range(MAX_LANES))
SIDE = tuple(Move("side", s) for s in range(2))

ALL_ACTIONS: tuple[Move, ...] = (
    *START,
    *PLAY.values(),
    *DOUBLE.values(),
    CASH,
    REDRAW,
    *TOSS,
    DRAW,
    BUYS,
    *BUY,
    END,
    *ALT,
    BOOST,
    CANCEL,
    ACCEPT,
    *FLY,
    *SIDE,
)
INDEX = {action: i for i, action in enumerate(ALL_ACTIONS)}
NUM_ACTIONS = len(ALL_ACTIONS)
_WORDS = {
    "tunnel cash": CASH,
    "cash": CASH,
    "redraw": REDRAW,
    "draw": DRAW,
    "buys": BUYS,
    "end actions": BUYS,
    "end": END,
    "done": END,
    "boost": BOOST,
    "cancel": CANCEL,
    "accept": ACCEPT,
}


def action_index(action: Action) -> int:
    found = INDEX.get(action) if isinstance(action, Move) else None
    if found is None:
        raise NotationError(f"{excerpt(action)} is not an Air Racing move")
    return found


def parse(text: str) -> Move:
    """Read notation (case-insensitive; card names also as ``team_effort`` or ``TE``)."""
    cleaned = " ".join(text.strip().lower().split())
    if cleaned in _WORDS:
        return _WORDS[cleaned]
    verb, _space, rest = cleaned.partition(" ")
    try:
        if verb == "start" and len(rest) == 3 and set(rest) <= {"b", "f"}:
            return START[rest.count("b")]
        if verb in ("play", "double") and rest:
            chosen = kind(rest)
            table = PLAY if verb == "play" else DOUBLE
            if chosen in table:
                return table[chosen]
            raise NotationError(
                _(
                    "{card} is not an action card: '{verb}' takes {cards}",
                    card=NAMES[chosen],
                    verb=verb,
                    cards=", ".join(NAMES[k] for k in ACTIONS),
                )
            )
        if verb == "toss" and rest:
            return TOSS[kind(rest)]
        if verb == "buy" and rest:
            return BUY[kind(rest)]
    except NotationError as error:
        raise NotationError(str(error)) from None
    if verb == "alt" and rest in ALTITUDES:
        return ALT[ALTITUDES.index(rest)]
    lane = ascii_number(rest) if verb == "fly" else None
    if lane is not None and lane < MAX_LANES:
        return FLY[lane]
    if verb == "side" and rest in SIDES:
        return SIDE[SIDES.index(rest)]
    raise NotationError(
        _(
            "cannot read {text}: see `aerodeck rules air-racing` for the notation "
            "(e.g. 'play team-effort', 'buy microknot', 'end', 'alt high', 'boost', 'fly 0')",
            text=excerpt(text.strip()),
        )
    )
