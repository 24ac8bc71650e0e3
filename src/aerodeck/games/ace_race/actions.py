"""Ace Race moves, their notation and their fixed integer encoding.

Every move is one action (no sub-decisions), so the integer encoding is a fixed table:

- ``bid 3`` / ``pass`` (bidding; ``pass`` also ends a turn after a draw, or when the pile is empty)
- ``rule suits H`` : the bid winner sets the first rule (no Ace needed)
- ``AC suits H`` : play an Ace and set one of its suit's rules (``AS abovebelow``, ``AD high`` ...)
- ``play 7H`` / ``play 7H 7S`` / ``play 6H 7S 8D`` / ``play 9C higher`` : cards under the rule
- ``joker 7H`` : a card that the rule forbids, carried by a joker
- ``draw`` : take the top card of the draw pile
- ``give 7H to 2`` : one card of a giveaway to seat 2
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Final

from aerodeck.core.api import Action
from aerodeck.core.cards import SUIT_SYMBOLS, SUITS
from aerodeck.core.errors import NotationError, excerpt
from aerodeck.core.i18n import _
from aerodeck.core.notation import ascii_number
from aerodeck.games.ace_race.cards import ACE_OF, JOKER, NUMERALS, SUIT, TEXT, VALUE, card_id
from aerodeck.games.ace_race.cards import parse_card as _parse_card

MULTIPLES, SERIES, HIGH, MEDIUM, LOW = "multiples", "series", "high", "medium", "low"
SUITS_RULE, PRIME, ABOVE_BELOW = "suits", "prime", "abovebelow"
RULES_OF_SUIT: Final = {
    "H": (MULTIPLES, SERIES),
    "D": (HIGH, MEDIUM, LOW),
    "C": (SUITS_RULE, PRIME),
    "S": (ABOVE_BELOW,),
}
SUIT_OF_RULE: Final = {rule: suit for suit, rules in RULES_OF_SUIT.items() for rule in rules}
RULE_ALIASES: Final = {
    "multiple": MULTIPLES,
    "sets": MULTIPLES,
    "sequence": SERIES,
    "suit": SUITS_RULE,
    "primes": PRIME,
    "above": ABOVE_BELOW,
    "below": ABOVE_BELOW,
    "above/below": ABOVE_BELOW,
    "ab": ABOVE_BELOW,
}
HIGHER, LOWER = 1, -1
MAX_BID = 6
MAX_SEATS = 6


def rule_choices(suit: str) -> tuple[tuple[str, str], ...]:
    """The (rule, announced suit) pairs an Ace of ``suit`` offers; Suits names its suit."""
    out: list[tuple[str, str]] = []
    for rule in RULES_OF_SUIT[suit]:
        if rule == SUITS_RULE:
            out.extend((rule, s) for s in SUITS)
        else:
            out.append((rule, ""))
    return tuple(out)


ALL_RULE_CHOICES: Final = tuple(choice for s in ("H", "D", "C", "S") for choice in rule_choices(s))


def _rule_text(rule: str, suit: str) -> str:
    return f"{rule} {suit}" if suit else rule


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid for that many of the undealt cards (and the first rule)."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass in the bidding, after a draw, or (empty draw pile) instead of playing."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top card of the draw pile; it may then be played."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class SetRule(Action):
    """The bid winner's first rule (with the announced suit for Suits)."""

    rule: str
    suit: str

    def __str__(self) -> str:
        return f"rule {_rule_text(self.rule, self.suit)}"


@dataclass(frozen=True, slots=True)
class AcePlay(Action):
    """Play the Ace of the rule's suit and set that rule."""

    rule: str
    suit: str

    @property
    def card(self) -> int:
        return ACE_OF[SUIT_OF_RULE[self.rule]]

    def __str__(self) -> str:
        return f"{TEXT[self.card]} {_rule_text(self.rule, self.suit)}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Cards played under the rule: one card, a multiple (suit order) or an ordered series.

    ``direction`` is the announcement of the first card under Above/Below (1 higher, -1 lower).
    """

    cards: tuple[int, ...]
    direction: int = 0

    def __str__(self) -> str:
        text = "play " + " ".join(TEXT[c] for c in self.cards)
        if self.direction:
            text += " higher" if self.direction == HIGHER else " lower"
        return text


@dataclass(frozen=True, slots=True)
class JokerPlay(Action):
    """A card the rule forbids, played on a joker."""

    card: int

    def __str__(self) -> str:
        return f"joker {TEXT[self.card]}"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """One card of a giveaway, to ``seat``."""

    card: int
    seat: int

    def __str__(self) -> str:
        return f"give {TEXT[self.card]} to {self.seat}"


# --- interned tables ---------------------------------------------------------------------------

BIDS: Final = tuple(Bid(n) for n in range(MAX_BID + 1))
PASS: Final = Pass()
DRAW: Final = Draw()
SET_RULES: Final = {choice: SetRule(*choice) for choice in ALL_RULE_CHOICES}
ACE_PLAYS: Final = {choice: AcePlay(*choice) for choice in ALL_RULE_CHOICES}
SINGLES: Final = {c: Play((c,)) for c in NUMERALS}
DIRECTED: Final = {(c, d): Play((c,), d) for c in NUMERALS for d in (HIGHER, LOWER)}
MULTIPLE_PLAYS: Final = {
    cards: Play(cards)
    for value in range(2, 14)
    for size in (2, 3, 4)
    for cards in itertools.combinations([card_id(value, s) for s in SUITS], size)
}
SERIES_PLAYS: Final = {
    cards: Play(cards)
    for low in range(2, 12)
    for suits in itertools.product(SUITS, repeat=3)
    for cards in (
        tuple(card_id(low + k, suits[k]) for k in range(3)),
        tuple(card_id(low + 2 - k, suits[k]) for k in range(3)),
    )
}
JOKER_PLAYS: Final = {c: JokerPlay(c) for c in NUMERALS}
GIVES: Final = {(c, s): Give(c, s) for c in range(JOKER + 1) for s in range(MAX_SEATS)}

ALL_ACTIONS: Final[tuple[Action, ...]] = (
    *BIDS,
    PASS,
    DRAW,
    *SET_RULES.values(),
    *ACE_PLAYS.values(),
    *SINGLES.values(),
    *DIRECTED.values(),
    *MULTIPLE_PLAYS.values(),
    *SERIES_PLAYS.values(),
    *JOKER_PLAYS.values(),
    *GIVES.values(),
)
NUM_ACTIONS: Final = len(ALL_ACTIONS)
_INDEX: Final = {action: i for i, action in enumerate(ALL_ACTIONS)}


def action_index(action: Action) -> int:
    try:
        return _INDEX[action]
    except (KeyError, TypeError):
        raise NotationError(_("{move} is not an Ace Race move", move=excerpt(action))) from None


# --- reading notation --------------------------------------------------------------------------


def _help() -> str:
    return _(
        "write e.g. 'bid 2', 'pass', 'draw', 'rule high', 'AC suits H', 'play 7H', 'play 7H 7S', "
        "'play 9C higher', 'joker 7H' or 'give 7H to 2'"
    )


def _rule(words: list[str]) -> tuple[str, str]:
    """Read a rule and its announced suit (``suits h``, ``high``, ``above/below``)."""
    if not words:
        raise NotationError(
            _("name a rule: multiples, series, high, medium, low, suits S, prime ...")
        )
    rule = RULE_ALIASES.get(words[0], words[0])
    if rule not in SUIT_OF_RULE:
        raise NotationError(_("{word} is not a rule of Ace Race", word=excerpt(words[0])))
    if rule == SUITS_RULE:
        if len(words) != 2 or words[1].upper() not in SUITS:
            raise NotationError(_("the Suits rule names its suit: 'suits H' (S, H, D or C)"))
        return rule, words[1].upper()
    if len(words) != 1:
        raise NotationError(_("{rule} takes no parameter", rule=rule))
    return rule, ""


def _ace(words: list[str]) -> Action:
    ace = _parse_card(words[0])
    if not (ace < 52 and VALUE[ace] == 0):
        raise NotationError(_("{word} is not an Ace", word=excerpt(words[0])))
    rule, suit = _rule(words[1:])
    if SUIT_OF_RULE[rule] != SUIT[ace]:
        allowed = ", ".join(RULES_OF_SUIT[SUIT[ace]])
        raise NotationError(
            _(
                "the Ace of {suit} sets {allowed}, not {rule}",
                suit=SUIT_SYMBOLS[SUIT[ace]],
                allowed=allowed,
                rule=rule,
            )
        )
    return ACE_PLAYS[(rule, suit)]


def _play(words: list[str]) -> Action:
    direction = 0
    if words and words[-1] in ("higher", "lower", "up", "down", "h+", "l-"):
        direction = HIGHER if words[-1] in ("higher", "up", "h+") else LOWER
        words = words[:-1]
    if not words:
        raise NotationError(_("name the cards to play: 'play 7H' or 'play 7H 7S'"))
    if len(words) >= 2 and _parse_card(words[0]) == JOKER:
        if len(words) != 2 or direction:
            raise NotationError(_("a joker carries exactly one card: 'joker 7H'"))
        return _joker(words[1:])
    if _parse_card(words[0]) < 52 and VALUE[_parse_card(words[0])] == 0 and len(words) > 1:
        return _ace(words)
    cards = tuple(_parse_card(w) for w in words)
    if len(cards) == 1:
        c = cards[0]
        if c not in SINGLES:
            raise NotationError(
                _(
                    "an Ace is played with its rule ('AH series'); "
                    "a joker carries a card ('joker 7H')"
                )
            )
        return DIRECTED[(c, direction)] if direction else SINGLES[c]
    if direction:
        raise NotationError(_("only a single card is announced higher or lower"))
    if len(set(VALUE[c] for c in cards)) == 1:
        action = MULTIPLE_PLAYS.get(tuple(sorted(cards)))
    else:
        action = SERIES_PLAYS.get(cards)
    if action is None:
        raise NotationError(
            _(
                "several cards are either a multiple (same value, 2-4 cards) or a series of three "
                "consecutive values in the order played"
            )
        )
    return action


def _joker(words: list[str]) -> Action:
    if len(words) != 1:
        raise NotationError(_("a joker carries exactly one card: 'joker 7H'"))
    c = _parse_card(words[0])
    if c not in JOKER_PLAYS:
        raise NotationError(_("a joker carries one card from 2 to King"))
    return JOKER_PLAYS[c]


def _give(words: list[str]) -> Action:
    if len(words) == 3 and words[1] == "to":
        words = [words[0], words[2]]
    seat = ascii_number(words[1]) if len(words) == 2 else None
    if seat is None:
        raise NotationError(_("write 'give 7H to 2' (a card, then a seat number)"))
    if seat >= MAX_SEATS:
        raise NotationError(_("there is no seat {n}", n=seat))
    return GIVES[(_parse_card(words[0]), seat)]


def parse(text: str) -> Action:
    """Read any move's notation (case-insensitive); NotationError names what was expected."""
    words = text.strip().lower().split()
    if not words:
        raise NotationError(_("empty move: {help}", help=_help()))
    head, rest = words[0], words[1:]
    try:
        amount = ascii_number(rest[0]) if head == "bid" and len(rest) == 1 else None
        if amount is not None:
            if amount > MAX_BID:
                raise NotationError(_("bids go from 0 to {most}", most=MAX_BID))
            return BIDS[amount]
        if words in (["pass"], ["p"]):
            return PASS
        if words in (["draw"], ["d"]):
            return DRAW
        if head == "rule":
            return SET_RULES[_rule(rest)]
        if head in ("play", "p"):
            return _play(rest)
        if head in ("joker", "jk"):
            return _joker(rest)
        if head == "give":
            return _give(rest)
        if head in ("ace", "a") and rest:
            return _ace(rest)
        return _play(words)
    except NotationError as error:
        if "is not a card" in str(error):
            raise NotationError(
                _("cannot read {text}: {help}", text=excerpt(text.strip()), help=_help())
            ) from None
        raise
