"""Ratings for leagues of several bots (openskill's Plackett-Luce model).

Each game is one match between the bots that sat at the table: a bot ranks by the best return
any of its seats got (so a bot holding two seats wins when either wins), and bots with equal
returns tie. Games are rated in index order, so a run's ratings do not depend on the job count.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from openskill.models import PlackettLuce


class Ratings:
    """Ratings updated one game at a time; the caller feeds games in index order."""

    def __init__(self) -> None:
        self._model = PlackettLuce()
        self._ratings: dict[str, Any] = {}

    def add(self, lineup: Sequence[str], returns: Sequence[float]) -> None:
        best: dict[str, float] = {}
        for bot, value in zip(lineup, returns, strict=True):
            best[bot] = max(best.get(bot, 0.0), value)
        if len(best) < 2:
            return
        names = sorted(best)
        for name in names:
            self._ratings.setdefault(name, self._model.rating(name=name))
        teams = [[self._ratings[name]] for name in names]
        scores = [best[name] for name in names]
        for name, team in zip(names, self._model.rate(teams, scores=scores), strict=True):
            self._ratings[name] = team[0]

    def result(self) -> dict[str, dict[str, float]]:
        """Per bot: ``mu``, ``sigma`` and the conservative ``ordinal`` (mu - 3 sigma)."""
        return {
            name: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma}
            for name, r in sorted(self._ratings.items())
        }


def rate(outcomes: Iterable[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """The ratings of a list of outcomes (sorted by index here)."""
    ratings = Ratings()
    for outcome in sorted(outcomes, key=lambda o: o["index"]):
        ratings.add(outcome["lineup"], outcome["returns"])
    return ratings.result()
