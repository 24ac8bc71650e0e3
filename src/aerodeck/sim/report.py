"""Summaries of a run: win rate per bot and per seat with 95% intervals, seat advantage, game
length, ratings, the bots' ladder check, game-specific figures, and A/B comparisons."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from aerodeck.sim.figures import figures_for
from aerodeck.sim.ratings import rate
from aerodeck.sim.stats import Estimate, mean_interval, paired_difference, wilson

# The order of strength a balance conclusion relies on: the weakest first.
LADDER = ("random", "heuristic", "ismcts")


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
    fair = 1 / players
    return {
        "games": games,
        "players": players,
        "fair_share": fair,
        "bots": {b: e.as_dict() for b, e in bots.items()},
        "seats": [e.as_dict() for e in seats],
        "seat_advantage": [
            {"value": e.value - fair, "low": e.low - fair, "high": e.high - fair, "n": e.n}
            for e in seats
        ],
        "length": length.as_dict(),
    }


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


def full_report(
    game_id: str, outcomes: Sequence[dict[str, Any]], players: int, figures: bool = True
) -> dict[str, Any]:
    """Everything `aerodeck simulate` writes: summary, ratings, ladder and figures."""
    summary = summarize(outcomes, players)
    summary["ratings"] = rate(outcomes) if len(summary["bots"]) > 1 else {}
    summary["ladder"] = check_ladder(summary["bots"])
    summary["figures"] = [f.as_dict() for f in figures_for(game_id, outcomes)] if figures else []
    return summary


def compare(
    first: Sequence[dict[str, Any]], second: Sequence[dict[str, Any]], players: int
) -> dict[str, Any]:
    """A/B on paired seeds: per game of the same index (same deal, same lineup), the difference
    B - A in each bot's share of the wins, in seat 0's result, and in game length."""
    pairs = {o["index"]: o for o in first}
    matched = [(pairs[o["index"]], o) for o in second if o["index"] in pairs]
    if not matched:
        return {"games": 0, "differences": {}}

    def bot_share(outcome: dict[str, Any], bot: str) -> float:
        seats = [v for b, v in zip(outcome["lineup"], outcome["returns"], strict=True) if b == bot]
        return sum(seats) / len(seats) if seats else 0.0

    bots = sorted({b for a, _ in matched for b in a["lineup"]})
    differences: dict[str, dict[str, float | int]] = {}
    for bot in bots:
        differences[f"win share of {bot}"] = paired_difference(
            [bot_share(b, bot) for _, b in matched], [bot_share(a, bot) for a, _ in matched]
        ).as_dict()
    for seat in range(players):
        differences[f"seat {seat} result"] = paired_difference(
            [b["returns"][seat] for _, b in matched], [a["returns"][seat] for a, _ in matched]
        ).as_dict()
    differences["game length"] = paired_difference(
        [float(b["decisions"]) for _, b in matched], [float(a["decisions"]) for a, _ in matched]
    ).as_dict()
    return {"games": len(matched), "differences": differences}
