"""Ace Race's simulator figures: the rules chosen, read from the moves' notation."""

from __future__ import annotations

from aerodeck.core.figures import ChoiceFigure, word_after


def rule_set(text: str) -> str | None:
    """The rule set by a move: ``rule high`` (the bid winner's first rule) or ``AH series``."""
    words = text.split()
    if len(words) < 2:
        return None
    if words[0] == "rule" or (len(words[0]) == 2 and words[0][0] == "A" and words[0][1] in "CDHS"):
        return words[1]
    return None


FIGURES = (
    ChoiceFigure("rules_chosen", "Rules chosen (first rule and Aces)", rule_set),
    ChoiceFigure("first_rule", "First rule, set by the bid winner", word_after("rule")),
)
