"""The bots' strength table of docs/bots.md: every level against every other level, in every
game, two players, seats rotated, 95% Wilson intervals; the simulator's ladder check over each
game's matches (Bradley-Terry strengths); and each level's time per move.

Run (the docs' table, about an hour of one core a game at the default counts):

    .venv/bin/python benchmarks/strength.py --games 200 --search-games 60 --jobs 2 --seed 8 \
        --json docs/results/strength.json

``--games`` is the number of games of every match except those of ``hard`` against ``random``
and ``easy`` (``--search-games``: search is dear, and those gaps are wide); ``--level`` and
``--game`` narrow the table. Each match is one ``aerodeck simulate`` run (same seeds, same
lineups), so any row can be reproduced alone with the command printed beside it.

Backs: docs/bots.md, "Strength, measured": every level against every other, the ladder check
and the time per move.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from aerodeck.agents.registry import make_agent
from aerodeck.core.registry import list_games, make
from aerodeck.sim.ladder import LADDER, check_ladder
from aerodeck.sim.ratings import Strengths
from aerodeck.sim.runner import SimSpec, run
from aerodeck.sim.stats import wilson

PLAYERS = 2  # every game plays with two; Race to Ace then needs its wingmen variant
SEARCHING = "hard"


def options_for(game_id: str) -> dict[str, Any]:
    return {"wingmen": True} if game_id == "race_to_ace" else {}


def command(game_id: str, bots: tuple[str, str], games: int, seed: int, jobs: int) -> str:
    variant = "".join(f" --variant {k}={str(v).lower()}" for k, v in options_for(game_id).items())
    return (
        f"aerodeck simulate {game_id.replace('_', '-')} -p {PLAYERS}{variant} --games {games} "
        f"--bots {','.join(bots)} --seed {seed} -j {jobs}"
    )


def measure(
    game_id: str, bots: tuple[str, str], games: int, seed: int, jobs: int
) -> dict[str, Any]:
    """One match: the first bot's win rate over its seats, as `aerodeck simulate` reports it."""
    game = make(game_id, PLAYERS, **options_for(game_id))
    spec = SimSpec(game.id, PLAYERS, bots, games, seed, game.options)
    started = time.perf_counter()
    report = run(spec, jobs=jobs).report()
    return {
        "game": game_id,
        "match": f"{bots[0]} vs {bots[1]}",
        "bots": list(bots),
        "games": games,
        "seed": seed,
        "win_rate": report["bots"][bots[0]],
        "seconds": time.perf_counter() - started,
        "command": command(game_id, bots, games, seed, jobs),
    }


def game_ladder(game_id: str, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The simulator's ladder check over a game's matches: the Bradley-Terry fit keeps only who
    beat whom how often, so the saved rows' counts rebuild it exactly (and a saved run can be
    judged again when the check changes: ``--render`` does)."""
    fit = Strengths()
    won: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    for r in rows:
        if r["game"] == game_id:
            (a, b), n = r["bots"], r["win_rate"]["n"]
            wins = r["win_rate"]["value"] * n
            fit.add_pair(a, b, wins, n)
            won[a], won[b] = won[a] + wins, won[b] + n - wins
            played[a], played[b] = played[a] + n, played[b] + n
    strengths, gaps = fit.result(), fit.gaps()
    rates = {bot: wilson(won[bot], played[bot]).as_dict() for bot in played}
    return {
        "game": game_id,
        "strengths": strengths,
        "gaps": gaps,
        "ladder": check_ladder(rates, strengths, gaps),
    }


def time_per_move(game_id: str, level: str, decisions: int, seed: int) -> dict[str, Any]:
    """CPU seconds a level takes to choose, over ``decisions`` positions with a choice to make,
    taken from games between heuristic bots (one process: one core's time, so other work on
    the machine does not inflate it)."""
    game = make(game_id, PLAYERS, **options_for(game_id))
    rng = random.Random(seed)
    heuristic = make_agent("heuristic", game, seed)
    bot = make_agent(level, game, seed)
    times: list[float] = []
    game_seed = seed
    while len(times) < decisions:
        state = game.new_game(seed=game_seed)
        game_seed += 1
        state.mute_events()
        while not state.is_terminal and len(times) < decisions:
            seat = state.current_player
            assert seat is not None
            observation = state.observation(seat)
            if len(observation.legal_actions) > 1 and rng.random() < 0.5:
                started = time.process_time()  # CPU time: one core's, whatever else runs
                bot.choose(state.observation(seat))
                times.append(time.process_time() - started)
            state.apply(heuristic.choose(observation))
    return {
        "game": game_id,
        "level": level,
        "decisions": len(times),
        "mean_ms": 1000 * statistics.fmean(times),
        "p95_ms": 1000 * sorted(times)[int(0.95 * (len(times) - 1))],
        "max_ms": 1000 * max(times),
    }


def matches(levels: Sequence[str], games: int, search_games: int) -> list[tuple[str, str, int]]:
    """Every pair of levels, the stronger first; ``hard`` against the two weakest levels plays
    ``search_games`` games, every other match ``games``."""
    out = []
    order = sorted(levels, key=lambda b: LADDER.index(b) if b in LADDER else len(LADDER))
    for weaker, stronger in combinations(order, 2):
        dear = stronger == SEARCHING and weaker in ("random", "easy")
        out.append((stronger, weaker, search_games if dear else games))
    return out


def row(result: dict[str, Any]) -> str:
    est = result["win_rate"]
    seconds = "" if result["seconds"] is None else f"{result['seconds']:.0f}"  # not timed
    return (
        f"| {result['game']} | {result['match']} | {result['games']} | "
        f"{est['value']:.3f} [{est['low']:.3f}, {est['high']:.3f}] | {seconds} | "
        f"`{result['command']}` |"
    )


def markdown(result: dict[str, Any]) -> str:
    """The docs' tables from a saved result: the matches, each game's ladder, the timings."""
    lines = [
        "| game | match | games | first bot's win share [95%] | seconds | command |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    lines += [row(r) for r in result["rows"]]
    lines += [
        "",
        "| game | Bradley-Terry strength, Elo [95%] | ladder check |",
        "| --- | --- | --- |",
    ]
    for game_id in dict.fromkeys(r["game"] for r in result["rows"]):
        entry = game_ladder(game_id, result["rows"])
        strengths = entry["strengths"]
        order = sorted(strengths, key=lambda b: strengths[b]["elo"])
        rated = ", ".join(
            f"{b} {s['elo']:+.0f} [{s['low']:+.0f}, {s['high']:+.0f}]"
            for b, s in ((b, strengths[b]) for b in order)
        )
        lines.append(f"| {entry['game']} | {rated} | {entry['ladder']['note']} |")
    lines += ["", "| game | level | CPU ms a move (mean) | 95th percentile | max | decisions |"]
    lines.append("| --- | --- | --- | --- | --- | --- |")
    for t in result["timing"]:
        lines.append(
            f"| {t['game']} | {t['level']} | {t['mean_ms']:.2f} | {t['p95_ms']:.2f} | "
            f"{t['max_ms']:.2f} | {t['decisions']} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--search-games", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--level", action="append", help="only these levels (repeatable)")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--moves", type=int, default=60, help="decisions timed per level")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--render", help="print the markdown tables of a saved result, and stop")
    args = parser.parse_args(argv)
    if args.render:
        with open(args.render, encoding="utf-8") as handle:
            saved: dict[str, Any] = json.load(handle)
        print(markdown(saved))
        return saved
    ids = args.game or [info.id for info in list_games()]
    levels = args.level or list(LADDER)
    result: dict[str, Any] = {"seed": args.seed, "jobs": args.jobs, "rows": [], "ladders": []}
    result["load_average_at_start"] = os.getloadavg()
    result["timing"] = [
        time_per_move(game_id, level, args.moves, args.seed)
        for game_id in ids
        for level in levels
        if level != "random"
    ]
    for timing in result["timing"]:
        print(
            f"{timing['game']} {timing['level']}: {timing['mean_ms']:.1f} ms a move "
            f"(95th percentile {timing['p95_ms']:.1f}, max {timing['max_ms']:.1f})",
            flush=True,
        )
    print("| game | match | games | first bot's win rate [95%] | seconds | command |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game_id in ids:
        for stronger, weaker, games in matches(levels, args.games, args.search_games):
            found = measure(game_id, (stronger, weaker), games, args.seed, args.jobs)
            result["rows"].append(found)
            print(row(found), flush=True)
            _save(result, args.json)
        entry = game_ladder(game_id, result["rows"])
        result["ladders"].append(entry)
        print(f"{game_id} ladder: {entry['ladder']['note']}", flush=True)
        result["load_average_at_end"] = os.getloadavg()
        _save(result, args.json)
    return result


def _save(result: dict[str, Any], path: str | None) -> None:
    """Write what is measured so far (a long run keeps its finished rows if stopped)."""
    if path:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(result, handle, indent=1)


if __name__ == "__main__":
    main()
