"""The bots' ladder: did the documented order of strength hold in a run? A balance conclusion
drawn from bots relies on it, so every report checks it.

The order is the one docs/bots.md measures, weakest first, every step a clear gap:

    random < easy < medium < hard

``heuristic`` is ``medium`` (the same bot), and the older names are aliases of the levels:
``ismcts-easy`` is easy, ``ismcts`` medium, ``ismcts-hard`` hard. Bots off the ladder (Air
Racing's ``money`` and ``speed``) are not checked.

Pairs are compared on the run's Bradley-Terry strengths (``sim.ratings.Strengths``) when the
report has them, else on the bots' win rates. The strengths are the right measure when more
than two bots share a run: a run's lineups rotate, so each bot meets some opponents more than
others, and a raw win rate says as much about whom a bot met as about the bot.

Why the check once printed a red "BROKEN" for ``ismcts-easy`` losing to ``heuristic``: the
first version placed bots by name prefix, so every ``ismcts-*`` name sat on the search rung
above the heuristic bots, and ``ismcts-easy`` (random playouts, documented below the heuristic
bots) losing to them read as the ladder broken. Every name now has its own rung here, aliases
on their level's (``tests/sim/test_report.py`` checks both).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

# The levels, weakest first; each a clear gap ("<") above the one before.
LADDER: tuple[str, ...] = ("random", "easy", "medium", "hard")
SAME_AS: dict[str, str] = {
    "ismcts-easy": "easy",
    "heuristic": "medium",
    "ismcts": "medium",
    "ismcts-hard": "hard",
}
"""Names that are (or play as) a level: the heuristic bot is medium; the older names."""
_RUNG = {bot: rung for rung, bot in enumerate(LADDER)}
_RUNG.update({name: _RUNG[level] for name, level in SAME_AS.items()})


def ladder_rung(bot: str) -> int | None:
    """Where a bot sits on the documented ladder (0 is the weakest); None when it is not on it."""
    return _RUNG.get(bot)


def ladder_text() -> str:
    """The documented ladder in one line, aliases in brackets."""
    parts = []
    for level in LADDER:
        same = [name for name, of in SAME_AS.items() if of == level]
        parts.append(f"{level} ({', '.join(same)})" if same else level)
    return " < ".join(parts)


def check_ladder(
    bots: dict[str, dict[str, float]], strengths: dict[str, dict[str, float]] | None = None
) -> dict[str, Any]:
    """Compare every pair of ladder bots on different rungs with the documented order.

    ``bots``: each bot's win rate with its 95% interval (``value``, ``low``, ``high``);
    ``strengths``: the Bradley-Terry fit (``elo``, ``low``, ``high``), used when it rates
    every ladder bot of the run. For a pair (weaker, stronger) by the ladder: *broken* when
    the stronger bot's interval lies wholly below the weaker's; *separated* when wholly above;
    otherwise the run does not tell them apart, and the note says which way the estimates lean.
    ``held`` is no pair broken; ``separated`` is every pair separated.
    """
    on = sorted((b for b in bots if b in _RUNG), key=lambda b: (_RUNG[b], b))
    rated = strengths is not None and all(b in strengths for b in on)
    measure = "strength (Elo)" if rated else "win rate"
    pairs: list[dict[str, Any]] = []
    for weaker, stronger in combinations(on, 2):
        if _RUNG[weaker] == _RUNG[stronger]:
            continue  # the same level under two names: no order to check
        if rated:
            assert strengths is not None
            low, high = _estimate(strengths[weaker]), _estimate(strengths[stronger])
            rates = f"{stronger} {high['value']:+.0f}, {weaker} {low['value']:+.0f}"
        else:
            low, high = bots[weaker], bots[stronger]
            rates = f"{stronger} {high['value']:.3f}, {weaker} {low['value']:.3f}"
        if high["high"] < low["low"]:
            status, text = "broken", f"{stronger} lost clearly to {weaker} ({rates})"
        elif high["low"] > low["high"]:
            status, text = "separated", f"{weaker} < {stronger} ({rates})"
        elif high["value"] >= low["value"]:
            status = "unseparated"
            text = f"{weaker} <= {stronger}, not separated ({rates})"
        else:
            status = "unseparated"
            text = f"{stronger} below {weaker} here, but not significantly ({rates})"
        pairs.append(
            {"weaker": weaker, "stronger": stronger, "gap": True, "status": status, "text": text}
        )
    if not pairs:
        return {
            "checked": False,
            "held": None,
            "separated": False,
            "broken": [],
            "pairs": [],
            "measure": measure,
            "ladder": ladder_text(),
            "note": "fewer than two levels of the documented ladder in the run",
        }
    broken = [p["text"] for p in pairs if p["status"] == "broken"]
    loose = [p["text"] for p in pairs if p["status"] == "unseparated"]
    if broken:
        note = "broken: " + "; ".join(broken)
    elif loose:
        note = "held (no bot clearly below one the ladder puts under it), not separated: "
        note += "; ".join(loose)
    else:
        note = "held: " + "; ".join(p["text"] for p in pairs)
    return {
        "checked": True,
        "held": not broken,
        "separated": not broken and not loose,
        "broken": broken,
        "pairs": pairs,
        "measure": measure,
        "ladder": ladder_text(),
        "note": f"{note} [by {measure}]",
    }


def _estimate(strength: dict[str, float]) -> dict[str, float]:
    return {"value": strength["elo"], "low": strength["low"], "high": strength["high"]}
