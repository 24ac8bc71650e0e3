"""Ratings for leagues of several bots: openskill's Plackett-Luce model (sequential) and a
Bradley-Terry maximum-likelihood fit over all games (independent of their order).

Each game is one match between the bots that sat at the table: a bot ranks by the best return
any of its seats got (so a bot holding two seats wins when either wins), and bots with equal
returns tie. Games are rated in index order, so a run's ratings do not depend on the job count.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np
from openskill.models import PlackettLuce

ELO = 400 / np.log(10)  # log-strength to the Elo scale
Z95 = 1.959964


MODEL = PlackettLuce()
"""The one openskill model: the simulator's leagues and the table server's ratings."""


@dataclass(frozen=True)
class Skill:
    """One openskill rating: ``mu`` and its uncertainty ``sigma``."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> float:
        """The conservative estimate, mu - 3 sigma: what a leaderboard sorts by."""
        return self.mu - 3 * self.sigma


def best_returns(lineup: Sequence[str], returns: Sequence[float]) -> dict[str, float]:
    """Each name's best return over the seats it held (a name at two seats ranks by the better
    one)."""
    best: dict[str, float] = {}
    for name, value in zip(lineup, returns, strict=True):
        best[name] = max(best.get(name, 0.0), value)
    return best


def rate_game(skills: Mapping[str, Skill], best: Mapping[str, float]) -> dict[str, Skill]:
    """The new skills of one game's names (``best``: each name's return, equal returns tie),
    from their ``skills`` before it (a name missing there starts at the model's default); {}
    when fewer than two names met."""
    if len(best) < 2:
        return {}
    names = sorted(best)
    teams = [[MODEL.rating(*_skill(skills, name), name=name)] for name in names]
    rated = MODEL.rate(teams, scores=[best[name] for name in names])
    return {name: Skill(team[0].mu, team[0].sigma) for name, team in zip(names, rated, strict=True)}


def _skill(skills: Mapping[str, Skill], name: str) -> tuple[float, float]:
    skill = skills.get(name, Skill())
    return skill.mu, skill.sigma


class Ratings:
    """Ratings updated one game at a time; the caller feeds games in index order."""

    def __init__(self) -> None:
        self._ratings: dict[str, Skill] = {}

    def add(self, lineup: Sequence[str], returns: Sequence[float]) -> None:
        self._ratings.update(rate_game(self._ratings, best_returns(lineup, returns)))

    def result(self) -> dict[str, dict[str, float]]:
        """Per bot: ``mu``, ``sigma`` and the conservative ``ordinal`` (mu - 3 sigma)."""
        return {
            name: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal}
            for name, r in sorted(self._ratings.items())
        }


def rate(outcomes: Iterable[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """The openskill ratings of a list of outcomes (sorted by index here)."""
    ratings = Ratings()
    for outcome in sorted(outcomes, key=lambda o: o["index"]):
        ratings.add(outcome["lineup"], outcome["returns"])
    return ratings.result()


def strengths(outcomes: Iterable[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """The Bradley-Terry fit of a list of outcomes (any order)."""
    fit = Strengths()
    for outcome in outcomes:
        fit.add(outcome["lineup"], outcome["returns"])
    return fit.result()


class Strengths:
    """Bradley-Terry strengths fitted by maximum likelihood over all the games at once.

    Every game is broken into the pairs of bots that sat at it (a bot counts its best seat, as
    above): the better return wins the pair, equal returns count half a win each. The fit does
    not depend on the order of the games, so it cannot contradict a league's results the way a
    sequential rating can after a streak late in the run; openskill stays beside it for what it
    is good at (an estimate after every game, uncertainty that shrinks with play).

    Only the pair counts are kept, so a million games cost as little as ten. Each bot also gets
    one virtual draw against an average bot (a weak prior), so a bot that won every game has a
    large finite rating instead of an infinite one.
    """

    PRIOR_GAMES = 1.0

    def __init__(self) -> None:
        self._wins: dict[tuple[str, str], float] = defaultdict(float)
        self._games: dict[tuple[str, str], float] = defaultdict(float)
        self._bots: set[str] = set()

    def add(self, lineup: Sequence[str], returns: Sequence[float]) -> None:
        best = best_returns(lineup, returns)
        self._bots.update(best)
        for a, b in combinations(sorted(best), 2):
            win = 1.0 if best[a] > best[b] else 0.0 if best[a] < best[b] else 0.5
            self.add_pair(a, b, win, 1.0)

    def add_pair(self, a: str, b: str, wins: float, games: float) -> None:
        """``a`` met ``b`` in ``games`` pairs and won ``wins`` of them (draws count half): all
        the fit keeps of a game, so a saved match's counts rebuild it exactly."""
        if a > b:
            a, b, wins = b, a, games - wins
        self._bots.update((a, b))
        self._wins[a, b] += wins
        self._games[a, b] += games

    def result(self) -> dict[str, dict[str, float]]:
        """Per bot: ``elo`` (the strength on the Elo scale, mean 0: +100 wins 64 % of its
        games against a bot at 0), its 95% interval ``low``/``high``, and ``games`` (pairs)."""
        fit = self._fit()
        if fit is None:
            return {}
        names, theta, covariance, played = fit
        spread = np.sqrt(np.clip(np.diag(covariance), 0, None))
        return {
            name: {
                "elo": float(ELO * theta[k]),
                "low": float(ELO * (theta[k] - Z95 * spread[k])),
                "high": float(ELO * (theta[k] + Z95 * spread[k])),
                "games": float(played[k]),
            }
            for k, name in enumerate(names)
        }

    def gaps(self) -> list[dict[str, Any]]:
        """Every pair of bots: how much stronger the second is than the first (``elo``, Elo
        scale) with its 95% interval ``low``/``high``.

        This is the measure that tells two bots apart. Its variance is var(a) + var(b) -
        2 cov(a, b) from the same fit. Reading two bots' own intervals for overlap instead is
        far stricter than 95% (two equal independent intervals that just touch are already 2.8
        standard errors of the difference apart), and lets a bot whose other results pin its
        strength poorly (all wins against the weak ones) hide a clear head-to-head result
        (docs/bots.md, the ladder check).
        """
        fit = self._fit()
        if fit is None:
            return []
        names, theta, covariance, _ = fit
        out = []
        for i, j in combinations(range(len(names)), 2):
            spread = float(
                np.sqrt(max(covariance[i, i] + covariance[j, j] - 2 * covariance[i, j], 0.0))
            )
            gap = float(theta[j] - theta[i])
            out.append(
                {
                    "bots": [names[i], names[j]],
                    "elo": ELO * gap,
                    "low": ELO * (gap - Z95 * spread),
                    "high": ELO * (gap + Z95 * spread),
                }
            )
        return out

    def _fit(self) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray] | None:
        """The bots, their log-strengths (mean 0), the covariance of those and the pairs each
        played; None with fewer than two bots."""
        names = sorted(self._bots)
        if len(names) < 2:
            return None
        n = len(names)
        index = {name: k for k, name in enumerate(names)}
        wins = np.zeros((n + 1, n + 1))  # the last row and column: the virtual average bot
        games = np.zeros((n + 1, n + 1))
        for (a, b), count in self._games.items():
            i, j = index[a], index[b]
            games[i, j] += count
            games[j, i] += count
            wins[i, j] += self._wins[a, b]
            wins[j, i] += count - self._wins[a, b]
        prior = self.PRIOR_GAMES
        games[:n, n] += prior
        games[n, :n] += prior
        wins[:n, n] += prior / 2
        wins[n, :n] += prior / 2
        theta = _fit_bradley_terry(wins, games)[:n]
        theta -= theta.mean()
        return names, theta, _covariance(theta, games[:n, :n]), games[:n, :n].sum(axis=1)


def _fit_bradley_terry(wins: np.ndarray, games: np.ndarray) -> np.ndarray:
    """Log-strengths maximising the Bradley-Terry likelihood (Hunter's MM iterations)."""
    strength = np.ones(len(wins))
    total_wins = wins.sum(axis=1)
    for _ in range(10_000):
        denominator = (games / (strength[:, None] + strength[None, :])).sum(axis=1)
        updated = total_wins / denominator
        updated /= np.exp(np.log(updated).mean())
        if np.max(np.abs(np.log(updated) - np.log(strength))) < 1e-10:
            strength = updated
            break
        strength = updated
    return np.asarray(np.log(strength))


def _covariance(theta: np.ndarray, games: np.ndarray) -> np.ndarray:
    """The covariance of the real bots' log-strengths, centred on their mean (the scale's
    zero), from the observed information of the games between them (pseudo-inverse: the
    information is singular along a shift of every strength)."""
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    weight = games * p * (1 - p)
    information = np.diag(weight.sum(axis=1)) - weight
    return np.asarray(np.linalg.pinv(information))
