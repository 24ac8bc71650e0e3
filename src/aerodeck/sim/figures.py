"""Game-specific figures: each game declares its own (``Game.figures()``, ``ChoiceFigure``s of
``core.figures``); a game without figures simply has none.

A figure reads only the outcomes' moves (the seat and notation of each, as the runner writes
them) and never looks inside a game's state: "how often is each choice made, and how often does
the seat that made it win?" (weapons, rules, cards bought, aircraft flown). Each outcome is
reduced to its ``picks`` as it arrives, so the figures of a run of any length are a few counters.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from aerodeck.core.figures import ChoiceFigure
from aerodeck.core.registry import make
from aerodeck.sim.stats import Estimate, wilson


@dataclass(frozen=True)
class Figure:
    """A bar chart: per category, how often it was chosen and the chooser's win rate."""

    key: str
    title: str
    categories: tuple[str, ...]
    counts: tuple[int, ...]
    win_rates: tuple[Estimate, ...]
    names: tuple[str, ...] = ()
    """Each category in a report's words (``ChoiceFigure.name``); empty: the categories."""

    def as_dict(self) -> dict[str, Any]:
        names = self.names or self.categories
        return {
            "key": self.key,
            "title": self.title,
            "rows": [
                {"choice": c, "name": w, "count": n, "chooser_win_rate": e.as_dict()}
                for c, w, n, e in zip(
                    self.categories, names, self.counts, self.win_rates, strict=True
                )
            ],
        }


# One game's contribution to its figures: (figure key, choice, seat, times that seat chose it).
Picks = tuple[tuple[str, str, int, int], ...]


@cache
def game_figures(game_id: str) -> tuple[ChoiceFigure, ...]:
    """The figures the game declares (none for no game: a tally of mixed outcomes)."""
    return make(game_id).figures() if game_id else ()


def moves(outcome: dict[str, Any]) -> Iterator[tuple[int, str]]:
    """(seat, notation) for every move: from the outcome's ``seats`` (written by the runner), else
    by replaying the record through the contract (outcomes of older runs)."""
    record = outcome["record"]
    if "seats" in outcome:
        yield from zip(outcome["seats"], record["actions"], strict=True)
        return
    game = make(record["game"], record["players"], **record["options"])
    state = game.new_game(seed=record["seed"], setup=record.get("setup"))
    for text in record["actions"]:
        seat = state.current_player
        assert seat is not None
        state.apply(text)
        yield seat, text


def picks(game_id: str, outcome: dict[str, Any]) -> Picks:
    """What one outcome adds to its game's figures (nothing for a game without figures)."""
    figures = game_figures(game_id)
    if not figures:
        return ()
    chosen: Counter[tuple[str, str, int]] = Counter()
    for seat, text in moves(outcome):
        for figure in figures:
            choice = figure.pick(text)
            if choice is not None:
                chosen[figure.key, choice, seat] += 1
    return tuple((key, choice, seat, times) for (key, choice, seat), times in chosen.items())


class FigureTally:
    """A game's figures accumulated one outcome at a time: counters only, never the records."""

    def __init__(self, game_id: str) -> None:
        self._figures = game_figures(game_id)
        self._counts: dict[str, Counter[str]] = defaultdict(Counter)
        self._wins: dict[tuple[str, str], float] = defaultdict(float)
        self._holders: Counter[tuple[str, str]] = Counter()

    def add(self, game_picks: Picks, returns: Sequence[float]) -> None:
        """Count each choice every time it is made, and its chooser's result once per game."""
        for key, choice, seat, times in game_picks:
            self._counts[key][choice] += times
            self._wins[key, choice] += returns[seat]
            self._holders[key, choice] += 1

    def figures(self) -> list[Figure]:
        made = []
        for figure in self._figures:
            counts = self._counts[figure.key]
            if not counts:
                continue
            categories = tuple(sorted(counts, key=lambda c: (-counts[c], c)))
            rates = tuple(
                wilson(self._wins[figure.key, c], self._holders[figure.key, c]) for c in categories
            )
            made.append(
                Figure(
                    figure.key,
                    figure.title,
                    categories,
                    tuple(counts[c] for c in categories),
                    rates,
                    tuple(map(figure.name, categories)) if figure.name else (),
                )
            )
        return made


def figures_for(game_id: str, outcomes: Sequence[dict[str, Any]]) -> list[Figure]:
    """The figures of a list of outcomes."""
    tally = FigureTally(game_id)
    for outcome in outcomes:
        tally.add(picks(game_id, outcome), outcome["returns"])
    return tally.figures()
