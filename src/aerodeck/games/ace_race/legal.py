"""Which moves are open (``LegalMoves``: the legal list and why a move is not), from what the
rule in force allows: pure functions of the rule state and a hand (no game state).

The rule state is small: the rule and its announced suit, the last play on the pile since the
last Ace (its cards and kind), and, under Above/Below, the direction the next card must take.
Keeping it apart from the state machine makes the nine rules table-testable.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from aerodeck.core.api import OVER, Action
from aerodeck.core.cards import SUIT_SYMBOLS
from aerodeck.core.i18n import _, n_
from aerodeck.games.ace_race.actions import (
    ABOVE_BELOW,
    ACE_PLAYS,
    BIDS,
    DIRECTED,
    DRAW,
    GIVES,
    HIGH,
    HIGHER,
    JOKER_PLAYS,
    LOW,
    LOWER,
    MEDIUM,
    MULTIPLE_PLAYS,
    MULTIPLES,
    PASS,
    PRIME,
    SERIES,
    SERIES_PLAYS,
    SET_RULES,
    SINGLES,
    SUITS_RULE,
    AcePlay,
    Bid,
    Draw,
    Give,
    JokerPlay,
    Pass,
    Play,
    SetRule,
    rule_choices,
)
from aerodeck.games.ace_race.cards import (
    IS_ACE,
    JOKER,
    JOKERS,
    NUM_CARDS,
    PRIMES,
    SUIT,
    TEXT,
    VALUE,
    is_joker,
)
from aerodeck.games.ace_race.state import BID, DRAWN, GIVE, RULE, TURN, AceRaceBase, Hand

# Kinds of play lying on top of the pile (what the next play may follow).
NONE, SINGLE, MULTIPLE, RUN, ON_JOKER = "", "single", "multiple", "series", "joker"

BANDS: Final = {HIGH: (10, 13), MEDIUM: (6, 9), LOW: (2, 5)}
RULE_NAMES: Final = {
    MULTIPLES: "Multiples",
    SERIES: "Series",
    HIGH: "High",
    MEDIUM: "Medium",
    LOW: "Low",
    SUITS_RULE: "Suits",
    PRIME: "Prime",
    ABOVE_BELOW: "Above/Below",
}


class RuleState(NamedTuple):
    """The rule in force and what lies on top of the pile under it.

    A named tuple rather than a dataclass: one is built at every play, and it keys ``_TABLES``,
    so its construction and hash are in C.
    """

    rule: str
    suit: str = ""  # the suit announced under Suits
    last: tuple[int, ...] = ()  # the cards of the last play since the rule was set
    kind: str = NONE  # SINGLE, MULTIPLE, RUN or ON_JOKER
    direction: int = 0  # Above/Below: HIGHER or LOWER for the next card; 0 before the first card


def _single_allowed(rs: RuleState, c: int) -> bool:
    """The rule itself, card by card; ``table`` caches its answers for all 54 cards."""
    v = VALUE[c]
    rule = rs.rule
    if rule in BANDS:
        low, high = BANDS[rule]
        return low <= v <= high
    if rule == PRIME:
        return v in PRIMES
    if rule == SUITS_RULE:
        return SUIT[c] == rs.suit
    if rule == MULTIPLES:
        return rs.kind == MULTIPLE and v == VALUE[rs.last[0]]
    if rule == SERIES:
        return rs.kind == RUN and abs(v - VALUE[rs.last[-1]]) == 1
    # Above/Below
    if rs.direction == 0:
        return True
    ref = VALUE[rs.last[-1]]
    return v > ref if rs.direction == HIGHER else v < ref


@dataclass(frozen=True, slots=True)
class Table:
    """What one rule state allows, card by card (cards 0..53), so moves are table look-ups."""

    allowed: tuple[bool, ...]  # may the card be played alone (``single_allowed``)
    singles: tuple[Action | None, ...]  # a numeral's play alone when allowed, else None
    jokers: tuple[Action | None, ...]  # a numeral's play on a joker when forbidden, else None
    directed: bool  # Above/Below's first card: every numeral both ways, nothing for a joker
    combos: str  # MULTIPLES or SERIES when the rule also makes plays of several cards, else ""
    drawn: tuple[tuple[Action, ...] | None, ...]  # R5: the moves after drawing the card, the pass
    # last; None for a numeral the rule forbids (then a joker in hand may carry it)


DIRECTED_PAIRS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    (DIRECTED[(c, HIGHER)], DIRECTED[(c, LOWER)]) if c in SINGLES else () for c in range(NUM_CARDS)
)
"""Above/Below's first card: each numeral announced higher, then lower (no entry otherwise)."""
ACE_MOVES: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(ACE_PLAYS[choice] for choice in rule_choices(SUIT[c])) if IS_ACE[c] else ()
    for c in range(NUM_CARDS)
)
"""Each Ace's plays, one per rule of its suit (no entry for other cards)."""
UNVALUED: Final = frozenset(c for c in range(NUM_CARDS) if not VALUE[c])
"""Aces and jokers: one scan of a hand for them serves both the joker and the Ace plays."""
_TABLES: dict[RuleState, Table] = {}
"""Tables by rule state, built on first use (about 2,200 rule states occur in play)."""
_BY_SIGHT: dict[tuple[str, str, str, int, int, int], Table] = {}
"""Tables by what ``_single_allowed`` reads of a rule state (under 300 occur in play)."""
_SHARED: dict[tuple[tuple[bool, ...], bool, str], Table] = {}
"""One table per distinct answer (about 50), so equal tables are one object."""


def table(rs: RuleState) -> Table:
    """The card-by-card table of what ``rs`` allows (cached: rule states are immutable)."""
    found = _TABLES.get(rs)
    if found is None:
        found = _TABLES[rs] = _table_by_sight(rs)
    return found


def _table_by_sight(rs: RuleState) -> Table:
    """``_single_allowed`` reads only the rule, suit, kind, direction and two values of ``last``."""
    last = rs.last
    sight = (
        rs.rule,
        rs.suit,
        rs.kind,
        rs.direction,
        VALUE[last[0]] if last else 0,
        VALUE[last[-1]] if last else 0,
    )
    found = _BY_SIGHT.get(sight)
    if found is None:
        found = _BY_SIGHT[sight] = _build_table(rs)
    return found


def _build_table(rs: RuleState) -> Table:
    allowed = tuple(_single_allowed(rs, c) for c in range(NUM_CARDS))
    directed = rs.rule == ABOVE_BELOW and rs.direction == 0
    combos = rs.rule if rs.rule in (MULTIPLES, SERIES) else ""
    shared = _SHARED.get((allowed, directed, combos))
    if shared is None:
        numeral = [c in SINGLES and not directed for c in range(NUM_CARDS)]
        shared = _SHARED[(allowed, directed, combos)] = Table(
            allowed,
            tuple(SINGLES[c] if numeral[c] and allowed[c] else None for c in range(NUM_CARDS)),
            tuple(
                JOKER_PLAYS[c] if numeral[c] and not allowed[c] else None for c in range(NUM_CARDS)
            ),
            directed,
            combos,
            tuple(_drawn_moves(c, allowed[c], directed) for c in range(NUM_CARDS)),
        )
    return shared


def _drawn_moves(c: int, allowed: bool, directed: bool) -> tuple[Action, ...] | None:
    """R5: after a draw only the drawn card may be played (alone, as an Ace, or on a joker)."""
    if IS_ACE[c]:
        return (*ACE_MOVES[c], PASS)
    if not VALUE[c]:
        return (PASS,)
    if directed:
        return (*DIRECTED_PAIRS[c], PASS)
    return (SINGLES[c], PASS) if allowed else None


def single_allowed(rs: RuleState, c: int) -> bool:
    """May the numeral ``c`` be played alone under the rule (Above/Below's first card included)?"""
    return table(rs).allowed[c]


def rule_plays(rs: RuleState, numerals: Sequence[int]) -> list[Action]:
    """Every play the rule allows from these numerals (2..K cards of a hand)."""
    t = table(rs)
    if t.directed:
        return [a for c in numerals for a in DIRECTED_PAIRS[c]]
    singles = t.singles
    out = [a for c in numerals if (a := singles[c]) is not None]
    if t.combos == MULTIPLES:
        out.extend(multiples(numerals))
    elif t.combos == SERIES:
        out.extend(series(numerals))
    return out


def turn_plays(t: Table, hand: tuple[int, ...]) -> list[Action]:
    """Every play of a turn under ``t = table(rs)``: under the rule, on a joker, then the Aces
    (draw or pass not included): ``rule_plays`` + ``joker_plays`` + ``ace_plays``, off the tables.
    """
    # Five hands in six at a turn hold no Ace and no joker: a set test in C says so.
    unvalued = [] if UNVALUED.isdisjoint(hand) else [c for c in hand if c in UNVALUED]
    if t.directed:
        out = [a for c in hand for a in DIRECTED_PAIRS[c]]
    else:
        singles = t.singles
        out = [a for c in hand if (a := singles[c]) is not None]
        combos = t.combos
        if combos:
            out.extend((multiples if combos == MULTIPLES else series)(numerals_of(hand)))
        if unvalued and (JOKERS[0] in unvalued or JOKERS[1] in unvalued):
            jokers = t.jokers
            out += [a for c in hand if (a := jokers[c]) is not None]
    for c in unvalued:
        out += ACE_MOVES[c]
    return out


MULTIPLE_SETS: Final = {
    group: tuple(
        MULTIPLE_PLAYS[combo]
        for size in range(2, len(group) + 1)
        for combo in itertools.combinations(group, size)
    )
    for group in MULTIPLE_PLAYS
}
"""A value's cards in hand (sorted) to every multiple they make, smallest first."""
SERIES_BOTH: Final = {
    (a, b, c): (SERIES_PLAYS[(a, b, c)], SERIES_PLAYS[(c, b, a)])
    for a, b, c in SERIES_PLAYS
    if VALUE[a] < VALUE[c]
}
"""A run of three cards, lowest first, to its plays in both orders."""


VALUE_BIT: Final = tuple(1 << v if v else 0 for v in VALUE)
"""Each card's value as a bit, so one pass over a hand finds pairs or runs, or that it has none."""


def multiples(numerals: Sequence[int]) -> list[Action]:
    """Every set of two or more cards of one value (listed in suit order)."""
    seen = 0
    for c in numerals:  # about half the hands hold no two cards of one value
        if seen & VALUE_BIT[c]:
            break
        seen |= VALUE_BIT[c]
    else:
        return []
    by_value: dict[int, list[int]] = {}
    for c in numerals:
        by_value.setdefault(VALUE[c], []).append(c)
    out: list[Action] = []
    for group in by_value.values():
        if len(group) >= 2:
            out += MULTIPLE_SETS[tuple(sorted(group))]
    return out


def series(numerals: Sequence[int]) -> list[Action]:
    """Every three-card run of consecutive values, each in both orders of play."""
    values = 0
    for c in numerals:
        values |= VALUE_BIT[c]
    lows = values & (values >> 1) & (values >> 2)  # bit v: values v, v+1 and v+2 are in hand
    if not lows:  # most hands
        return []
    by_value: dict[int, list[int]] = {}
    for c in numerals:
        by_value.setdefault(VALUE[c], []).append(c)
    out: list[Action] = []
    for low in range(2, 12):
        if lows >> low & 1:
            for run in itertools.product(by_value[low], by_value[low + 1], by_value[low + 2]):
                out += SERIES_BOTH[run]
    return out


def joker_plays(rs: RuleState, numerals: Sequence[int]) -> list[Action]:
    """A joker carries one card that could not be played alone under the rule."""
    jokers = table(rs).jokers
    return [a for c in numerals if (a := jokers[c]) is not None]


def ace_plays(hand: tuple[int, ...]) -> list[Action]:
    """Each Ace in hand with each rule of its suit."""
    return [a for c in hand for a in ACE_MOVES[c]]


def after(rs: RuleState, cards: tuple[int, ...], on_joker: bool, direction: int) -> RuleState:
    """The rule state once ``cards`` lie on top (``direction``: an Above/Below announcement)."""
    if on_joker:
        kind = ON_JOKER
    elif len(cards) == 1:
        kind = SINGLE
    elif VALUE[cards[0]] == VALUE[cards[1]]:
        kind = MULTIPLE
    else:
        kind = RUN
    new_direction = rs.direction
    if rs.rule == ABOVE_BELOW:
        new_direction = direction if direction else -rs.direction
    return RuleState(rs.rule, rs.suit, cards, kind, new_direction)


_AFTER: dict[tuple[str, str, int, tuple[int, ...], bool, int], tuple[RuleState, Table]] = {}
"""``after`` and the new state's table by all that ``after`` reads (about 2,300 occur)."""


def after_table(
    rs: RuleState, cards: tuple[int, ...], on_joker: bool, direction: int
) -> tuple[RuleState, Table]:
    """``after(rs, ...)`` and its ``table``, cached: a play's new rule state is built once."""
    key = (rs.rule, rs.suit, rs.direction, cards, on_joker, direction)
    found = _AFTER.get(key)
    if found is None:
        new = after(rs, cards, on_joker, direction)
        found = _AFTER[key] = (new, table(new))
    return found


def need_text(rs: RuleState) -> str:
    """What the next play must be, in players' words (shown at every turn)."""
    rule = rs.rule
    if rule in BANDS:
        low, high = BANDS[rule]
        return f"one card from {low} to {high} (J=11, Q=12, K=13)"
    if rule == PRIME:
        return "one card of prime value: 2, 3, 5, 7, J or K"
    if rule == SUITS_RULE:
        return f"one card of suit {rs.suit}"
    if rule == MULTIPLES:
        text = "two or more cards of one value"
        if rs.kind == MULTIPLE:
            text += f", or one more {_value_text(VALUE[rs.last[0]])}"
        return text
    if rule == SERIES:
        text = "three cards of consecutive values, in order up or down"
        if rs.kind == RUN:
            v = VALUE[rs.last[-1]]
            options = " or ".join(_value_text(x) for x in (v - 1, v + 1) if 2 <= x <= 13)
            text += f", or one {options}"
        return text
    if rs.direction == 0:
        return "any one card, announcing whether the next must be higher or lower"
    ref = VALUE[rs.last[-1]]
    if rs.direction == HIGHER:
        return f"one card higher than {_value_text(ref)}" + (
            " (none: dead end)" if ref == 13 else ""
        )
    return f"one card lower than {_value_text(ref)}" + (" (none: dead end)" if ref == 2 else "")


def rule_name(rule: str) -> str:
    """A rule's name as the rulebook gives it."""
    names = {
        "multiples": _("Multiples"),
        "series": _("Series"),
        "high": _("High"),
        "medium": _("Medium"),
        "low": _("Low"),
        "suits": _("Suits"),
        "prime": _("Prime"),
        "abovebelow": _("Above/Below"),
    }
    return names.get(rule, rule)


def need_words(rs: RuleState) -> str:
    """What the next play must be (``legal.need_text`` in the reader's language)."""
    rule = rs.rule
    if rule in BANDS:
        low, high = BANDS[rule]
        return _("one card from {low} to {high} (J=11, Q=12, K=13)", low=low, high=high)
    if rule == PRIME:
        return _("one card of prime value: 2, 3, 5, 7, J or K")
    if rule == SUITS_RULE:
        return _("one {suit} card", suit=SUIT_SYMBOLS.get(rs.suit, rs.suit))
    if rule == MULTIPLES:
        if rs.kind == MULTIPLE:
            return _(
                "two or more cards of one value, or one more {value}",
                value=_value_text(VALUE[rs.last[0]]),
            )
        return _("two or more cards of one value")
    if rule == SERIES:
        text = _("three cards of consecutive values, in order up or down")
        if rs.kind == RUN:
            v = VALUE[rs.last[-1]]
            options = [_value_text(x) for x in (v - 1, v + 1) if 2 <= x <= 13]
            text += _(", or one {values}", values=_(" or ").join(options))
        return text
    if rs.direction == 0:
        return _("any one card, announcing whether the next must be higher or lower")
    ref = VALUE[rs.last[-1]]
    if rs.direction == HIGHER:
        if ref == 13:
            return _("one card higher than {value} (none: dead end)", value=_value_text(ref))
        return _("one card higher than {value}", value=_value_text(ref))
    if ref == 2:
        return _("one card lower than {value} (none: dead end)", value=_value_text(ref))
    return _("one card lower than {value}", value=_value_text(ref))


def _value_text(v: int) -> str:
    return {11: "J", 12: "Q", 13: "K"}.get(v, str(v))


def numerals_of(hand: tuple[int, ...]) -> list[int]:
    """The cards of a hand that have a value (not Aces, not jokers)."""
    return [c for c in hand if VALUE[c]]


def has_joker(hand: tuple[int, ...]) -> bool:
    return JOKERS[0] in hand or JOKERS[1] in hand


class LegalMoves(AceRaceBase):
    """The moves open to the seat to act, and why a move is not."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        phase = self.phase
        hand = self.hands[seat]
        t = self.tbl
        if phase == TURN:
            assert t is not None
            out = turn_plays(t, hand)
            out.append(DRAW if self.draw else PASS)
            return out
        if phase == DRAWN:
            c = self.drawn
            assert t is not None
            moves = t.drawn[c]
            if moves is None:  # R5: a drawn numeral the rule forbids goes only on a joker
                return [JOKER_PLAYS[c], PASS] if has_joker(hand) else [PASS]
            return list(moves)
        if phase == GIVE:  # R11: a giveaway is offered, never forced: pass keeps the rest
            cards = sorted({JOKER if is_joker(c) else c for c in hand})
            return [GIVES[(c, s)] for c in cards for s in range(self.n) if s != seat] + [PASS]
        if phase == BID:
            return [*BIDS[self.bid_high + 1 :], PASS]
        return list(SET_RULES.values())

    def forced_reason(self) -> str | None:
        """Why the seat to act has a single move, in players' words; None when there is a
        choice. Asked by the faces only, never on the bots' path."""
        legal = self.legal_actions()
        if len(legal) != 1:
            return None
        if self.phase == BID:
            return _("the bid is already 6, the most there is: pass")
        if self.phase == DRAWN:
            return _("the card you drew cannot be played under the rule: pass")
        if legal[0] == DRAW:
            return _(
                "no card in your hand can be played under the rule, and you hold no Ace or "
                "joker: draw a card"
            )
        if legal[0] == PASS:
            return _("the draw pile is empty and you cannot play under the rule: pass")
        return None

    def why_illegal(self, action: Action) -> str:
        if self.phase == OVER:
            return _("the match is over")
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        phase = self.phase
        if phase == BID:
            if isinstance(action, Bid):
                return _(
                    "a bid must be higher than the current bid ({high}) and at most 6",
                    high=self.bid_high,
                )
            return _("it is the bidding: bid a number of cards (0 to 6) or pass")
        if phase == RULE:
            return _("the bid winner first sets the rule, e.g. 'rule high' or 'rule suits H'")
        if phase == GIVE:
            if isinstance(action, Give):
                if action.seat == seat:
                    return _("a giveaway goes to other players, not to yourself")
                if action.seat >= self.n:
                    return _("there is no seat {n} at this table", n=action.seat)
                return _("you do not hold {card}", card=TEXT[action.card])
            return n_(
                "you may give away {count} more card ('give 7H to 1') or keep them ('pass')",
                "you may give away {count} more cards ('give 7H to 1') or keep them ('pass')",
                self.give_left,
            )
        if isinstance(action, Bid | SetRule | Give):
            return _("that is not a move during play: play cards, an Ace, a joker, draw or pass")
        if isinstance(action, Draw):
            if phase == DRAWN:
                return _("you have drawn: play the drawn card or pass")
            return _("the draw pile is empty: play or pass")
        if isinstance(action, Pass):
            return _(
                "you may pass only after drawing (or when the draw pile is empty): draw a card"
            )
        missing = _missing(hand, action)
        if missing:
            return _("you do not hold {card}", card=missing)
        if phase == DRAWN and _cards_of(action) != (self.drawn,):
            return _(
                "after a draw you may only play the card you drew ({card}) or pass",
                card=TEXT[self.drawn],
            )
        rs = self.rs
        assert rs is not None
        if isinstance(action, JokerPlay):
            if rs.rule == ABOVE_BELOW and rs.direction == 0:
                return _("any card may start Above/Below, so a joker has nothing to break")
            return _(
                "{card} is playable under the rule: a joker only carries a card the rule forbids",
                card=TEXT[action.card],
            )
        if isinstance(action, Play):
            return _("under {rule} a play is {need}", rule=rule_name(rs.rule), need=need_words(rs))
        return _("{move} is not a legal move now", move=action)


def _cards_of(action: Action) -> tuple[int, ...]:
    """The non-joker cards an action puts on the pile."""
    if isinstance(action, Play):
        return action.cards
    if isinstance(action, JokerPlay | AcePlay):
        return (action.card,)
    return ()


def _missing(hand: Hand, action: Action) -> str:
    """The first card an action needs that the hand lacks ('' if it has them all)."""
    needed: tuple[int, ...] = ()
    if isinstance(action, Play):
        needed = action.cards
    elif isinstance(action, JokerPlay):
        if not has_joker(hand):
            return _("a joker")
        needed = (action.card,)
    elif isinstance(action, AcePlay):
        needed = (action.card,)
    for c in needed:
        if c not in hand:
            return TEXT[c]
    return ""
