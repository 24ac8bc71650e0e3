"""The bots' ladder: did the documented order of strength hold in a run? A balance conclusion
drawn from bots relies on it, so every report checks it.

The order is the one docs/bots.md measures, weakest first:

    random < ismcts-easy < heuristic <= ismcts <= ismcts-hard

``<`` is a documented clear gap; ``<=`` says the stronger bot matches or beats the weaker one (the
16-iteration search only matches the heuristic bots in three games). ``ismcts-easy`` (random
playouts) is meant to sit below the heuristic bots: it losing to them is the ladder holding.
Bots off the ladder (Air Racing's ``money`` and ``speed``) are not checked.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

# (bot, relation to the rung below): "<" a documented clear gap, "<=" match or beat
LADDER: tuple[tuple[str, str], ...] = (
    ("random", ""),
    ("ismcts-easy", "<"),
    ("heuristic", "<"),
    ("ismcts", "<="),
    ("ismcts-hard", "<="),
)
_RUNG = {bot: rung for rung, (bot, _) in enumerate(LADDER)}


def ladder_rung(bot: str) -> int | None:
    """Where a bot sits on the documented ladder (0 is the weakest); None when it is not on it."""
    return _RUNG.get(bot)


def ladder_text() -> str:
    """The documented ladder in one line: ``random < ismcts-easy < heuristic <= ...``."""
    text = LADDER[0][0]
    for bot, relation in LADDER[1:]:
        text += f" {relation} {bot}"
    return text


def _strict(lower: int, upper: int) -> bool:
    """Whether the ladder promises a clear gap between these rungs (some ``<`` between them)."""
    return any(LADDER[r][1] == "<" for r in range(lower + 1, upper + 1))


def check_ladder(bots: dict[str, dict[str, float]]) -> dict[str, Any]:
    """Compare every pair of ladder bots in the run with the documented order.

    For a pair (weaker, stronger) by the ladder: *broken* when the stronger bot's 95% interval
    lies wholly below the weaker's; *separated* when it lies wholly above; otherwise the run does
    not tell them apart, and the note says which way the point estimates lean. ``held`` is no
    pair broken; ``separated`` is every pair with a documented gap (``<``) separated.
    """
    on = sorted((b for b in bots if b in _RUNG), key=lambda b: _RUNG[b])
    if len(on) < 2:
        return {
            "checked": False,
            "held": None,
            "separated": False,
            "broken": [],
            "pairs": [],
            "ladder": ladder_text(),
            "note": "fewer than two bots of the documented ladder in the run",
        }
    pairs: list[dict[str, Any]] = []
    for weaker, stronger in combinations(on, 2):
        low, high = bots[weaker], bots[stronger]
        strict = _strict(_RUNG[weaker], _RUNG[stronger])
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
            {"weaker": weaker, "stronger": stronger, "gap": strict, "status": status, "text": text}
        )
    broken = [p["text"] for p in pairs if p["status"] == "broken"]
    loose = [p["text"] for p in pairs if p["status"] == "unseparated" and p["gap"]]
    leaning = [p["text"] for p in pairs if p["status"] == "unseparated" and not p["gap"]]
    if broken:
        note = "broken: " + "; ".join(broken)
    elif loose:
        note = "held (no bot clearly below one the ladder puts under it), not separated: "
        note += "; ".join(loose + leaning)
    else:
        note = "held: " + "; ".join(p["text"] for p in pairs)
    return {
        "checked": True,
        "held": not broken,
        "separated": not broken and not loose,
        "broken": broken,
        "pairs": pairs,
        "ladder": ladder_text(),
        "note": note,
    }
