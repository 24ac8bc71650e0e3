"""A run's summary accumulated one game at a time: counters, never the games themselves.

The runner reduces each finished game to a ``Digest`` (no record) and feeds the digests to a
``Tally`` in index order, so a run of a million games holds the same few counters as a run of
ten, and its ratings (which depend on order) do not depend on the job count. Only an A/B
comparison keeps something per game: the results and length it pairs by index, about 50 bytes.
"""

from __future__ import annotations

from array import array
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from aerodeck.sim.figures import FigureTally, Picks, picks
from aerodeck.sim.ladder import check_ladder
from aerodeck.sim.ratings import Ratings, Strengths
from aerodeck.sim.stats import Moments, wilson


@dataclass(frozen=True, slots=True)
class Digest:
    """What a summary needs of one game."""

    index: int
    lineup: tuple[str, ...]
    returns: tuple[float, ...]
    decisions: int
    picks: Picks = ()


def digest(game_id: str, outcome: dict[str, Any], figures: bool = True) -> Digest:
    """Reduce an outcome line (as the runner writes it) to its digest."""
    return Digest(
        outcome["index"],
        tuple(outcome["lineup"]),
        tuple(outcome["returns"]),
        outcome["decisions"],
        picks(game_id, outcome) if figures and "record" in outcome else (),
    )


class Tally:
    """Win counts per bot and seat, game length, ratings and figures of a run."""

    def __init__(self, game_id: str, players: int, figures: bool = True, paired: bool = False):
        self.game_id, self.players, self.with_figures = game_id, players, figures
        self.games = 0
        self._seat_games: Counter[str] = Counter()
        self._seat_wins: dict[str, float] = defaultdict(float)
        self._by_seat = [0.0] * players
        self._length = Moments()
        self._lengths: Counter[int] = Counter()
        self._ratings = Ratings()
        self._strengths = Strengths()
        self._figures = FigureTally(game_id)
        self._paired = paired
        self._bots: dict[str, int] = {}
        self._index = array("q")
        self._returns = array("d")
        self._seated = array("H")
        self._decisions = array("q")

    def add(self, game: Digest) -> None:
        """Count one game; games must come in index order (the ratings depend on it)."""
        self.games += 1
        for seat, (bot, value) in enumerate(zip(game.lineup, game.returns, strict=True)):
            self._seat_games[bot] += 1
            self._seat_wins[bot] += value
            self._by_seat[seat] += value
        self._length.add(game.decisions)
        self._lengths[game.decisions] += 1
        self._ratings.add(game.lineup, game.returns)
        self._strengths.add(game.lineup, game.returns)
        if self.with_figures:
            self._figures.add(game.picks, game.returns)
        if self._paired:
            self._index.append(game.index)
            self._returns.extend(game.returns)
            self._seated.extend(self._bots.setdefault(b, len(self._bots)) for b in game.lineup)
            self._decisions.append(game.decisions)

    def report(self) -> dict[str, Any]:
        """Everything `aerodeck simulate` writes: summary, ratings, ladder, figures, lengths."""
        fair = 1 / self.players
        games = self._seat_games
        bots = {b: wilson(self._seat_wins[b], games[b]) for b in sorted(games)}
        seats = [wilson(w, self.games) for w in self._by_seat]
        summary: dict[str, Any] = {
            "games": self.games,
            "players": self.players,
            "fair_share": fair,
            "bots": {b: e.as_dict() for b, e in bots.items()},
            "seats": [e.as_dict() for e in seats],
            "seat_advantage": [
                {"value": e.value - fair, "low": e.low - fair, "high": e.high - fair, "n": e.n}
                for e in seats
            ],
            "length": self._length.estimate().as_dict(),
            "length_histogram": sorted(self._lengths.items()),
        }
        summary["ratings"] = self._ratings.result() if len(bots) > 1 else {}
        summary["strengths"] = self._strengths.result() if len(bots) > 1 else {}
        summary["strength_gaps"] = self._strengths.gaps() if len(bots) > 1 else []
        summary["ladder"] = check_ladder(
            summary["bots"], summary["strengths"], summary["strength_gaps"]
        )
        summary["figures"] = [f.as_dict() for f in self._figures.figures()]
        return summary

    def paired_rows(self) -> Iterator[tuple[int, dict[str, float], tuple[float, ...], int]]:
        """Per game, in index order: each bot's share of the wins, the returns, the length."""
        if not self._paired:
            raise ValueError("this tally was not kept for an A/B comparison (paired=True)")
        names = list(self._bots)
        n = self.players
        for k, index in enumerate(self._index):
            returns = tuple(self._returns[k * n : (k + 1) * n])
            held: dict[str, list[float]] = defaultdict(list)
            for seat, bot in enumerate(self._seated[k * n : (k + 1) * n]):
                held[names[bot]].append(returns[seat])
            shares = {bot: sum(v) / len(v) for bot, v in held.items()}
            yield index, shares, returns, self._decisions[k]


def compare(first: Tally, second: Tally) -> dict[str, Any]:
    """A/B on paired seeds: per game of the same index (same deal, same lineup), the difference
    B - A in each bot's share of the wins, in each seat's result, and in game length."""
    a_rows = first.paired_rows()
    differences: dict[str, Moments] = defaultdict(Moments)
    games = 0
    a = next(a_rows, None)
    for b in second.paired_rows():
        while a is not None and a[0] < b[0]:
            a = next(a_rows, None)
        if a is None or a[0] != b[0]:
            continue
        games += 1
        for bot in sorted(set(a[1]) | set(b[1])):
            differences[f"win share of {bot}"].add(b[1].get(bot, 0.0) - a[1].get(bot, 0.0))
        for seat in range(first.players):
            differences[f"seat {seat} result"].add(b[2][seat] - a[2][seat])
        differences["game length"].add(float(b[3] - a[3]))
    return {
        "games": games,
        "differences": {k: m.estimate().as_dict() for k, m in differences.items()},
    }
