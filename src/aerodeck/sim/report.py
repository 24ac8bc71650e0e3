"""Summaries of a run: win rate per bot and per seat with 95% intervals, and game length."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from aerodeck.sim.stats import Estimate, mean_interval, wilson


def summarize(outcomes: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
    """Per bot: share of wins over the seats it held; per seat: share of games won from it."""
    seat_games: dict[str, int] = defaultdict(int)
    seat_wins: dict[str, float] = defaultdict(float)
    by_seat = [0.0] * players
    for outcome in outcomes:
        for seat, (bot, value) in enumerate(
            zip(outcome["lineup"], outcome["returns"], strict=True)
        ):
            seat_games[bot] += 1
            seat_wins[bot] += value
            by_seat[seat] += value
    games = len(outcomes)
    bots: dict[str, Estimate] = {b: wilson(seat_wins[b], seat_games[b]) for b in sorted(seat_games)}
    seats = [wilson(w, games) for w in by_seat]
    length = mean_interval([float(o["decisions"]) for o in outcomes])
    return {
        "games": games,
        "players": players,
        "fair_share": 1 / players,
        "bots": {b: e.as_dict() for b, e in bots.items()},
        "seats": [e.as_dict() for e in seats],
        "length": length.as_dict(),
    }
