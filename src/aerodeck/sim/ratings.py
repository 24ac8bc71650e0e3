"""Ratings for leagues of several bots (openskill's Plackett-Luce model).

Each game is one match between the bots that sat at the table: a bot ranks by the best return
any of its seats got (so a bot holding two seats wins when either wins), and bots with equal
returns tie. Games are rated in index order, so a run's ratings do not depend on the job count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce


def rate(outcomes: Sequence[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per bot: ``mu``, ``sigma`` and the conservative ``ordinal`` (mu - 3 sigma)."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for outcome in sorted(outcomes, key=lambda o: o["index"]):
        best: dict[str, float] = {}
        for bot, value in zip(outcome["lineup"], outcome["returns"], strict=True):
            best[bot] = max(best.get(bot, 0.0), value)
        if len(best) < 2:
            continue
        names = sorted(best)
        for name in names:
            ratings.setdefault(name, model.rating(name=name))
        teams = [[ratings[name]] for name in names]
        scores = [best[name] for name in names]
        for name, team in zip(names, model.rate(teams, scores=scores), strict=True):
            ratings[name] = team[0]
    return {
        name: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma}
        for name, r in sorted(ratings.items())
    }
