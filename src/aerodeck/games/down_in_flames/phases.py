"""Names shared by the state machines and their helpers: the phases and the moves each accepts,
the typed continuations of the pending steps, and the state's small records (an aircraft's sheet
and flight, the cycle in progress, a payment)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum, StrEnum
from typing import Any, Literal, NamedTuple

from aerodeck.core.i18n import _
from aerodeck.games.down_in_flames.actions import (
    Act,
    Altitude,
    Angle,
    Attack,
    Discard,
    Fly,
    Move,
    Next,
    Pairs,
    Position,
    Range,
    Rate,
    React,
    Skill,
    Speed,
    Tone,
    Wild,
    Word,
    WordVerb,
)
from aerodeck.games.down_in_flames.data import Aircraft

PICK, ALT_PICK, INITIATIVE = "pick", "alt-pick", "initiative"
BURNER, DISCARD, ALTITUDE, SPEED, PLAY = "burner", "discard", "altitude", "speed", "play"
REACT, LAUNCH, FOLLOW, PAY = "react", "launch", "follow", "pay"
SKILL = "skill"
ORDER = "order"  # several aircraft: the side to fly names its next aircraft (R53)
ANGLE = "angle"  # 90° and 0° Angle set the start of a campaign dogfight (R58)
POSITION_WORDS = ("tailed", "disadvantaged", "neutral", "advantage", "tailing")


class PhaseRule(NamedTuple):
    """What a phase asks for, in players' words, and the moves it accepts: those of the
    classes ``kinds``, and the moves without arguments whose verbs are ``words``."""

    asks: Callable[[], str]  # looked up when a refusal is written (the reader's language)
    kinds: tuple[type[Move], ...]
    words: frozenset[WordVerb]

    def accepts(self, move: Move) -> bool:
        if isinstance(move, Word):
            return move.verb in self.words
        return isinstance(move, self.kinds)


def _rule(asks: Callable[[], str], *moves: type[Move] | WordVerb) -> PhaseRule:
    kinds = tuple(m for m in moves if isinstance(m, type))
    return PhaseRule(asks, kinds, frozenset(m for m in moves if isinstance(m, str)))


# The one list of the moves each phase accepts: reasons.py explains a refusal with it, and the
# tests check that every legal move is here (an Aircraft Expertise card, 'expertise <card>', is
# offered in any phase where a card may be played: R60).
PHASES: dict[str, PhaseRule] = {
    PICK: _rule(
        lambda: _(
            "choose your aircraft in secret ('fly <aircraft>'; with custom loads 'pairs <missile> "
            "1|2', 'clean', then 'ready')"
        ),
        *(Fly, Pairs, "clean", "ready"),
    ),
    SKILL: _rule(
        lambda: _(
            "choose skills in secret ('skill <skill>', 'rate <rating> up|down') then 'ready'"
        ),
        *(Skill, Rate, "ready"),
    ),
    ALT_PICK: _rule(
        lambda: _("choose your starting altitude in secret ('alt low|medium|high')"), Altitude
    ),
    ANGLE: _rule(lambda: _("90°/0° Angle (R58): 'angle g|hs|rh|ah @<enemy>'"), Angle),
    INITIATIVE: _rule(
        lambda: _("the aircraft with the higher EW chooses 'first' or 'second'"), "first", "second"
    ),
    ORDER: _rule(
        lambda: _("name the aircraft of your side that flies next ('next @<aircraft>')"), Next
    ),
    BURNER: _rule(
        lambda: _("light an afterburner ('burner') or not ('no-burner')"), "burner", "no-burner"
    ),
    DISCARD: _rule(
        lambda: _("discard any cards ('discard <card>') then 'draw'"), Discard, "draw", "neutral"
    ),
    ALTITUDE: _rule(
        lambda: _("'climb' (discard 1), 'dive' (draw 1) or 'level'"), "climb", "dive", "level"
    ),
    SPEED: _rule(
        lambda: _("use a Speed Maneuver ('speed pos', 'speed me-1', ...) or 'end'"), Speed, "end"
    ),
    PLAY: _rule(
        lambda: _("play a card (pos/range/attack/tone/act), 'neutral', or 'end'"),
        *(Position, Range, Attack, Tone, Act, "neutral", "end", "timely"),
    ),
    REACT: _rule(
        lambda: _("react with a card whose React To names the card just played, 'cm', or 'pass'"),
        *(React, "cm", "pass", "lucky", Wild),
    ),
    LAUNCH: _rule(
        lambda: _("the Tone stands: 'launch' the missile or 'hold'"), "launch", "hold", "launch2"
    ),
    FOLLOW: _rule(lambda: _("'follow' the enemy's altitude change or 'stay'"), "follow", "stay"),
    PAY: _rule(lambda: _("choose a card to discard ('discard <card>')"), Discard),
}


class Phase(NamedTuple):
    """One step of the state machine: what it accepts (``rule``), the moves open in it
    (``legal``, given the state) and what a move does (``apply``, given the state and the move)."""

    rule: PhaseRule
    legal: Callable[[Any], list[Any]]
    apply: Callable[[Any, Move], None]


Handlers = tuple[Callable[[Any], list[Any]], Callable[[Any, Move], None]]


def machine(handlers: Mapping[str, Handlers]) -> dict[str, Phase]:
    """The phase table: each phase of ``PHASES`` with its legal-move and apply functions.
    A phase without both, or a handler for no phase, is an error when the rules load."""
    missing = [phase for phase in PHASES if phase not in handlers]
    unknown = [phase for phase in handlers if phase not in PHASES]
    if missing or unknown:
        raise TypeError(f"phase table: no handlers for {missing}, handlers for unknown {unknown}")
    table: dict[str, Phase] = {}
    for phase, rule in PHASES.items():
        legal, apply = handlers[phase]
        if not (callable(legal) and callable(apply)):
            raise TypeError(f"phase table: {phase!r} needs a legal and an apply function")
        table[phase] = Phase(rule, legal, apply)
    return table


class TurnStep(StrEnum):
    """Which discard-and-draw step of the turn is under way (R7, R33)."""

    PRE = "pre"
    POST = "post"
    TIMELY = "timely"  # Timely: the discards of the Play Cards step, then as many drawn


class AfterPay(StrEnum):
    """What a cost paid card by card (phase PAY) leads to; its value names the discards."""

    STALL = "stall"  # back to the draw step
    ENVELOPE = "envelope"  # Edge of Envelope's discards down to Performance: back to the draw
    CLIMB = "climb"  # the climb, then the enemy's offer to follow
    FOLLOW = "follow"  # the follower's altitude change
    TACTIC = "tactic"  # a Tactic card's effect
    OPEN = "open"  # an action card's cost (guns, maneuvers): the reaction window


class AfterFollow(Enum):
    """Where the turn goes once an altitude change has been followed or not (R15)."""

    SPEED = "speed"  # a dive or climb of the altitude step: the Speed Maneuver step
    AFTER = "after"  # a card's altitude change: back to the step that played it


# The members as module names: a member read through its Enum class costs several times a
# global read (Python 3.11), and the turn's steps are read on every discard decision.
PRE, POST, TIMELY = TurnStep.PRE, TurnStep.POST, TurnStep.TIMELY
THEN_SPEED, THEN_AFTER = AfterFollow.SPEED, AfterFollow.AFTER

Hand = tuple[int, ...]
Load = tuple[tuple[int, int], ...]  # (missile index, pairs)
Link = tuple[int, int, str, str]  # (seat, card index or -1, title reacted to, source)
NO_CARD = -1


class Cycle(NamedTuple):
    """What the first card of the action/reaction cycle in progress set (R2): its use
    (``pos``, ``range``, ``gun``, ``tone``, ``missile``, ``site``, a card's action), the card
    (NO_CARD when none), its numbers (position steps, or the range band or altitude change of
    the aircraft acting, and the target's range band change) and the missile a Tone fires."""

    kind: str
    card: int
    change: int
    foe_change: int
    missile: int


NO_CYCLE = Cycle("", NO_CARD, 0, 0, -1)


class Sheet(NamedTuple):
    """One aircraft as the set-up chooses it: the aircraft type flown (an index into
    ``DataSet.aircraft``, -1 before the choice), its custom missile load (None for the printed
    one, R44), its skills (indices into ``DataSet.skills``) and their rating changes (R56)."""

    plane: int
    load: Load | None
    skills: Hand
    rating_mods: Hand


class Payment(NamedTuple):
    """A cost paid card by card (phase PAY): the aircraft paying, the cards left to choose and
    what the cost leads to."""

    payer: int
    left: int
    then: AfterPay


NONE = (-1, 0)  # an aircraft holding no position


class Flight(NamedTuple):
    """One aircraft in the dogfight: its sheet and what it has now. ``plane`` and ``reach``
    follow from the sheet and the missiles left (``Dogfight._refit`` derives them: never set
    them by hand)."""

    sheet: Sheet  # the aircraft type, load, skills and ratings chosen
    plane: Aircraft  # the aircraft as flown: printed ratings, with its skills once revealed
    reach: int  # the farthest band its gun and missiles left reach (R8)
    altitude: int  # Low 0, Medium 1, High 2 (-1 before it is chosen)
    band: int  # its range band: G 0, HS 1, RH 2, AH 3
    position: tuple[int, int]  # (the aircraft it holds, 1 Advantage | 2 Tailing), or NONE
    alive: bool  # not shot down
    round_flown: int  # the last round it flew (0 before its first turn)
    missiles: Hand  # missiles left, per missile type
    countermeasures: int  # countermeasures left
    afterburners: int  # afterburner uses left
    burner_lit: bool  # its afterburner is lit this turn
    skills_spent: Hand  # once-per-game skills used
    pool: Hand  # its Aircraft Expertise pool (R60)
    pool_given_turn: int  # the aircraft turn (``turns_flown``) the pool last gave a card


FLIGHT_FIELD = {name: i for i, name in enumerate(Flight._fields)}
"""Each field's place in a ``Flight``: ``Dogfight._refit`` changes fields by their places."""

Refit = Literal[
    "sheet",
    "altitude",
    "band",
    "position",
    "alive",
    "round_flown",
    "missiles",
    "countermeasures",
    "afterburners",
    "burner_lit",
    "skills_spent",
    "pool",
    "pool_given_turn",
]
"""The fields of a ``Flight`` that ``Dogfight._refit`` sets (its ``plane`` and ``reach`` are
derived, never set)."""
