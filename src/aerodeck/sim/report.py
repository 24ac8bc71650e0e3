"""Summaries of a list of outcomes (as the runner writes them): the same report a run's
``Tally`` builds, for callers holding outcomes in memory (tests, notebooks, older runs' files)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from aerodeck.sim.ladder import check_ladder, ladder_rung
from aerodeck.sim.tally import Tally, digest
from aerodeck.sim.tally import compare as compare_tallies

__all__ = ["check_ladder", "compare", "full_report", "ladder_rung", "summarize", "tally"]


def tally(
    game_id: str,
    outcomes: Sequence[dict[str, Any]],
    players: int,
    figures: bool = True,
    paired: bool = False,
) -> Tally:
    """A tally of the outcomes, fed in index order."""
    counted = Tally(game_id, players, figures=figures, paired=paired)
    for position, outcome in enumerate(sorted(outcomes, key=lambda o: o.get("index", 0))):
        counted.add(digest(game_id, {"index": position, **outcome}, figures))
    return counted


def summarize(outcomes: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
    """Per bot: share of wins over the seats it held; per seat: share of games won from it."""
    return tally("", outcomes, players, figures=False).report()


def full_report(
    game_id: str, outcomes: Sequence[dict[str, Any]], players: int, figures: bool = True
) -> dict[str, Any]:
    """Everything `aerodeck simulate` writes: summary, ratings, ladder and figures."""
    return tally(game_id, outcomes, players, figures).report()


def compare(
    first: Sequence[dict[str, Any]], second: Sequence[dict[str, Any]], players: int
) -> dict[str, Any]:
    """A/B on paired seeds (see ``tally.compare``)."""
    return compare_tallies(
        tally("", first, players, figures=False, paired=True),
        tally("", second, players, figures=False, paired=True),
    )
