"""Why a dogfight ended: the reason as the state keeps it (``end_reason``, the game-end event's
``why``: English, the same in every language, as the record and the log hold it) and as a person
reads it, in the language in use (``told``).

The rules build the reason with the functions below and nothing else, so ``told`` can read it
back: every cause of the end (each aircraft shot down, the site's shot, the rounds flown) is in
the English text, and ``told`` writes the same causes in the reader's language. A reason it does
not recognise comes back as it is."""

from __future__ import annotations

import re
from collections.abc import Sequence

from aerodeck.core.i18n import _, n_
from aerodeck.core.text import and_list, seat_name
from aerodeck.core.words import as_seen_by

Downed = tuple[str, int, int | None]
"""An aircraft shot down: its type, its owner's seat, its number (None where every player flies
one aircraft)."""


def english_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: the state's own text is English in every language."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def shot_down(plane: str, owner: int, by: int, site: str = "") -> str:
    """The duel's end (R23): the first aircraft shot down (its type and its owner's seat), by
    the enemy (its seat ``by``) or by the enemy's site."""
    shooter = f"the {site} site" if site else f"seat {by}"
    return f"{plane} (seat {owner}) shot down by {shooter}"


def every_enemy_down(downed: Sequence[Downed], site: str = "") -> str:
    """With several aircraft (R51): every aircraft of the beaten sides, the last perhaps by the
    defending site."""
    items = [
        f"{plane} (seat {owner})" if number is None else f"{plane} (seat {owner}, #{number})"
        for plane, owner, number in downed
    ]
    last = f", the last by the {site} site" if site else ""
    return f"{english_list(items)} shot down{last}: every enemy aircraft shot down"


def time_up(rounds: int, best: int) -> str:
    """After the last round (R51): the side(s) with the most enemy aircraft shot down win."""
    flown = f"{rounds} round flown" if rounds == 1 else f"{rounds} rounds flown"
    if best == 0:
        return f"{flown} and nobody shot down: a draw"
    return f"{flown}: most aircraft shot down ({best})"


_SITE = r"(?: by the (?P<site>.+) site)?"
_DUEL = re.compile(rf"^(?P<plane>.+?) shot down{_SITE}$")  # a reason before the owner was given
_DUEL_BY = re.compile(
    r"^(?P<plane>.+) \(seat (?P<owner>\d+)\) shot down by "
    r"(?:seat (?P<by>\d+)|the (?P<site>.+) site)$"
)
_MELEE = re.compile(
    r"^(?P<items>.+) shot down(?:, the last by the (?P<site>.+) site)?: "
    r"every enemy aircraft shot down$"
)
_ITEM = re.compile(r"(?P<plane>.+?) \(seat (?P<owner>\d+)(?:, #(?P<number>\d+))?\)(?:, | and |$)")
_DRAW = re.compile(r"^(?P<rounds>\d+) rounds? flown and nobody shot down: a draw$")
_MOST = re.compile(r"^(?P<rounds>\d+) rounds? flown: most aircraft shot down \((?P<best>\d+)\)$")


def told(why: str, you: int | None = None) -> str:
    """``why`` (one of the reasons above) in the language in use, every cause named (the seat
    ``you`` as "you")."""
    if not why:
        return ""
    if found := _MELEE.match(why):
        items = [
            _("{plane} ({seat})", plane=m["plane"], seat=seat_name(int(m["owner"]), you))
            if m["number"] is None
            else _(
                "{plane} ({seat}, #{number})",
                plane=m["plane"],
                seat=seat_name(int(m["owner"]), you),
                number=m["number"],
            )
            for m in _ITEM.finditer(found["items"])
        ]
        if found["site"]:
            return _(
                "{planes} shot down, the last by the {site} site: every enemy aircraft shot down",
                planes=and_list(items),
                site=found["site"],
            )
        return _("{planes} shot down: every enemy aircraft shot down", planes=and_list(items))
    if found := _DRAW.match(why):
        rounds = int(found["rounds"])
        return n_(
            "{count} round flown and nobody shot down: a draw",
            "{count} rounds flown and nobody shot down: a draw",
            rounds,
        )
    if found := _MOST.match(why):
        return n_(
            "{count} round flown: most aircraft shot down ({best})",
            "{count} rounds flown: most aircraft shot down ({best})",
            int(found["rounds"]),
            best=found["best"],
        )
    if found := _DUEL_BY.match(why):
        owner = seat_name(int(found["owner"]))
        if found["site"]:
            text = _(
                "the {site} site shot down {owner}'s {plane}",
                site=found["site"],
                owner=owner,
                plane=found["plane"],
            )
        else:
            text = _(
                "{shooter} shot down {owner}'s {plane}",
                shooter=seat_name(int(found["by"])),
                owner=owner,
                plane=found["plane"],
            )
        return as_seen_by(text, you)
    if found := _DUEL.match(why):
        if found["site"]:
            return _(
                "{plane} shot down by the {site} site", plane=found["plane"], site=found["site"]
            )
        return _("{plane} shot down", plane=found["plane"])
    return why


def names_the_kills(why: str) -> bool:
    """Whether the reason is the aircraft shot down (which a list of the kills already says),
    rather than the rounds flown."""
    return bool(_MELEE.match(why) or _DUEL_BY.match(why) or _DUEL.match(why))


def game_over(why: str, winners: Sequence[int]) -> str:
    """The game-end line in the third person: why it ended, then who won (nobody in a draw)."""
    reason = told(why)
    if not winners or _DRAW.match(why):
        return _("Game over: {why}", why=reason)
    return n_(
        "Game over: {why}; {winners} wins",
        "Game over: {why}; {winners} win",
        len(winners),
        why=reason,
        winners=and_list([seat_name(s) for s in winners]),
    )
