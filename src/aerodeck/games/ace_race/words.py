"""Ace Race's words for people, in the reader's language (core/i18n.py): the rules' names, what the
next play must be (both in legal.py, beside the English the view carries, since a refusal says
them too), the reasons a game ends or a giveaway is earned. The engine's own English (the
view's ``rule.name`` and ``rule.need``, the events' ``why``) stays data: these say the same facts
at the moment they are shown, never on the bots' path."""

from __future__ import annotations

from aerodeck.core.cards import suit_markup
from aerodeck.core.i18n import _
from aerodeck.games.ace_race.actions import SUITS_RULE
from aerodeck.games.ace_race.legal import RuleState, need_words, rule_name

EMPTIED = "emptied their hand"


def rule_label(rule: str, suit: str) -> str:
    """The rule's name, with the suit announced under Suits (a coloured symbol)."""
    name = rule_name(rule)
    return f"{name} ({suit_markup(suit)})" if suit else name


def need(rs: RuleState) -> str:
    """What the next play must be, a suit as its coloured symbol (``one ♦ card``), as the screen
    shows suits everywhere else."""
    if rs.rule == SUITS_RULE and rs.suit:
        return _("one {suit} card", suit=suit_markup(rs.suit))
    return need_words(rs)


def reason(why: str, yours: bool = False) -> str:
    """An event's ``why`` (the end of a game, the bidding, a giveaway) in the reader's language;
    ``yours``: the reader is the one it is about (``emptied your hand``)."""
    if why == EMPTIED and yours:
        return _("emptied your hand")
    reasons = {
        "turn limit reached": _("turn limit reached"),
        "blocked: the draw pile is empty and nobody played for a round": _(
            "blocked: the draw pile is empty and nobody played for a round"
        ),
        "emptied their hand": _("emptied their hand"),
        "everyone passed": _("everyone passed"),
        "highest bid": _("highest bid"),
        "four of a kind on top of the discard pile": _("four of a kind on top of the discard pile"),
        "a repeated three-card series": _("a repeated three-card series"),
    }
    return reasons.get(why, why)


def direction_word(direction: str) -> str:
    return _("higher") if direction == "higher" else _("lower")
