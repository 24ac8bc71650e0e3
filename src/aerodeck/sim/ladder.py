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

A pair is told apart by the 95% interval of the difference of its two strengths (from the
fit's covariance), not by whether the two bots' own intervals overlap: non-overlap is a far
stricter test than 95%, and a bot whose other results are nearly all wins has a wide interval
of its own, which once hid Air Racing's hard beating medium 0.790 over 200 games head to head.

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
    bots: dict[str, dict[str, float]],
    strengths: dict[str, dict[str, float]] | None = None,
    gaps: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Compare every pair of ladder bots on different rungs with the documented order.

    ``bots``: each bot's win rate with its 95% interval (``value``, ``low``, ``high``);
    ``strengths``: the Bradley-Terry fit (``elo``, ``low``, ``high``), used when it rates
    every ladder bot of the run; ``gaps``: the fit's difference in strength of each pair with
    its 95% interval (``Strengths.gaps``). A pair (weaker, stronger) by the ladder is
    *separated* when the stronger bot is clearly stronger, *broken* when it is clearly weaker,
    otherwise the run does not tell them apart and the note says which way the estimates lean.
    "Clearly" reads the interval of the pair's difference when there is one (the sound test),
    else whether the two bots' own intervals overlap (win rates, or an old summary without
    gaps). ``held`` is no pair broken; ``separated`` is every pair separated.
    """
    on = sorted((b for b in bots if b in _RUNG), key=lambda b: (_RUNG[b], b))
    rated = strengths is not None and all(b in strengths for b in on)
    between = {tuple(g["bots"]): g for g in gaps or ()} if rated else {}
    measure = "strength (Elo)" if rated else "win rate"
    if between:
        measure += ", difference of the pair"
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
        gap = _gap(between, weaker, stronger)
        if gap is not None:
            rates += f"; {stronger} by {gap['elo']:+.0f} [{gap['low']:+.0f}, {gap['high']:+.0f}]"
            clearly_below, clearly_above = gap["high"] < 0, gap["low"] > 0
        else:
            clearly_below, clearly_above = high["high"] < low["low"], high["low"] > low["high"]
        if clearly_below:
            status, text = "broken", f"{stronger} lost clearly to {weaker} ({rates})"
        elif clearly_above:
            status, text = "separated", f"{weaker} < {stronger} ({rates})"
        elif high["value"] >= low["value"]:
            status = "unseparated"
            text = f"{weaker} <= {stronger}, not separated ({rates})"
        else:
            status = "unseparated"
            text = f"{stronger} below {weaker} here, but not significantly ({rates})"
        pair = {"weaker": weaker, "stronger": stronger, "gap": True, "status": status}
        pairs.append({**pair, "text": text, "difference": gap})
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


def _gap(
    between: dict[tuple[Any, ...], dict[str, Any]], weaker: str, stronger: str
) -> dict[str, float] | None:
    """How much stronger ``stronger`` is than ``weaker``, with its interval, if fitted."""
    if (weaker, stronger) in between:
        return between[weaker, stronger]
    if (stronger, weaker) in between:
        g = between[stronger, weaker]
        return {"elo": -g["elo"], "low": -g["high"], "high": -g["low"]}
    return None


def _estimate(strength: dict[str, float]) -> dict[str, float]:
    return {"value": strength["elo"], "low": strength["low"], "high": strength["high"]}
