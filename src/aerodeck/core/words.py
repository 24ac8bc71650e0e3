"""A reader's own seat as ``you``: the games write in the third person (``seat 2 attacks``) and
every face that shows a seat its game (the terminal, the table server's event lines) turns that
seat into ``you`` here, in one place."""

from __future__ import annotations

import re
from collections.abc import Iterable

from aerodeck.core.i18n import ENGLISH, _, language
from aerodeck.core.text import and_list, seat_name


def seats_text(seats: Iterable[int], you: int | None = None) -> str:
    """The seats in words: ``seat 1``, ``you and seat 2``."""
    return and_list([seat_name(s, you) for s in seats])


_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_NOT_VERBS = frozenset({"this", "its", "plus", "minus"})
# a seat after a preposition is no subject: "seat 1's RADAR on seat 2 stands" keeps "stands"
_PREPOSITIONS = (
    "about|after|against|at|before|behind|beside|between|by|for|from|in|into|of|on|onto|over"
    "|past|than|through|to|toward|towards|under|with"
)
_SEAT = re.compile(
    rf"(?P<object>\b(?:{_PREPOSITIONS})\s+)?"
    r"\b[Ss]eat (?P<n>\d+)(?:(?P<own>'s)|(?P<gap>\s+)(?P<word>[a-z]+)\b)?"
)
_THEIR = re.compile(r"\byou (\w+) their\b")
# a second verb of a clause whose subject is "you": "you win the bidding and takes" -> "take"
_AND_VERB = re.compile(
    r"((?:^\s*|[;:.]\s+|\n\s*)you \w+(?:(?![Ss]eat \d)[^;:.\n])*? and )([a-z]+s)\b"
)


def _base_form(verb: str) -> str:
    """The verb after ``you``: ``attacks`` -> ``attack``, ``passes`` -> ``pass``."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def as_seen_by(text: str, you: int | None) -> str:
    """A line about the game as the person at ``you`` reads it: ``seat 2 attacks`` becomes
    ``you attack``, ``seat 2's JAMMIT!`` becomes ``your JAMMIT!``.

    The games describe every event in the third person, the same for every seat (the log of a
    replay, a spectator, the simulator); a face turns its reader's seat into ``you`` here, so the
    log, the table and the history name the person the same way.
    """
    if you is None:
        return text
    if language() != ENGLISH:  # a language whose verbs do not change with the person
        return re.sub(re.escape(seat_name(you)) + r"(?!\d)", _("you"), text)

    def person(match: re.Match[str]) -> str:
        if int(match.group("n")) != you:
            return match.group(0)
        before = match.group("object") or ""
        if match.group("own"):
            return f"{before}your"
        word = match.group("word")
        if word is None:
            return f"{before}you"
        if word.endswith("s") and word not in _NOT_VERBS and not before:
            word = _base_form(word)
        return f"{before}you{match.group('gap')}{word}"

    def second_verb(match: re.Match[str]) -> str:
        verb = match.group(2)
        return match.group(1) + (verb if verb in _NOT_VERBS else _base_form(verb))

    seen = _AND_VERB.sub(second_verb, _SEAT.sub(person, text))
    return _THEIR.sub(lambda m: f"you {m.group(1)} your", seen)


def in_sentences(lines: Iterable[str], you: int | None) -> str:
    """Event lines as one run of sentences for the reader at ``you`` (what a move would do, in
    analysis and hints): ``You play 9♣. The rule is now Medium``."""
    said = [as_seen_by(line, you) for line in lines if line]
    return _(". ").join(line[:1].upper() + line[1:] for line in said)
