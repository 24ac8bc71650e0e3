"""The bots' ladder: did random < heuristic < ISMCTS hold in a run? A balance conclusion drawn
from bots relies on it, so every report checks it."""

from __future__ import annotations

from collections import defaultdict
from itertools import pairwise
from typing import Any

# The order of strength a balance conclusion relies on: the weakest first.
LADDER = ("random", "heuristic", "ismcts")


def ladder_rung(bot: str) -> int | None:
    """Where a bot sits on the ladder: every ISMCTS level counts as the search rung."""
    for rung, prefix in enumerate(LADDER):
        if bot == prefix or bot.startswith(prefix + "-"):
            return rung
    return None


def check_ladder(bots: dict[str, dict[str, float]]) -> dict[str, Any]:
    """Did random < heuristic < ISMCTS hold in this run? For each pair of rungs, the upper rung's
    best bot is compared with every bot of the rung below: *broken* when its 95% interval lies
    wholly below the other's, *separated* when it lies wholly above. With fewer than two rungs
    the ladder cannot be checked, and the report says so instead of trusting unproven bots."""
    rungs: dict[int, dict[str, dict[str, float]]] = defaultdict(dict)
    for bot, est in bots.items():
        rung = ladder_rung(bot)
        if rung is not None:
            rungs[rung][bot] = est
    present = sorted(rungs)
    if len(present) < 2:
        return {
            "checked": False,
            "held": None,
            "separated": False,
            "broken": [],
            "note": "fewer than two of random, heuristic, ISMCTS in the run",
        }
    broken, unseparated = [], []
    for lower, upper in pairwise(present):
        best = max(rungs[upper], key=lambda b: rungs[upper][b]["value"])
        top = rungs[upper][best]
        for weaker, est in rungs[lower].items():
            if top["high"] < est["low"]:
                broken.append(f"{best} lost to {weaker}")
            elif top["low"] <= est["high"]:
                unseparated.append(f"{best} ~ {weaker}")
    order = " < ".join(LADDER[r] for r in present)
    if broken:
        note = "; ".join(broken)
    elif unseparated:
        note = f"{order} held, but not separated: " + "; ".join(unseparated)
    else:
        note = f"{order} held"
    return {
        "checked": True,
        "held": not broken,
        "separated": not broken and not unseparated,
        "broken": broken,
        "note": note,
    }
