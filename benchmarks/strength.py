"""The bots' strength table of docs/bots.md: every game, ISMCTS against random and against the
game's heuristic bot (and the heuristic against random), seats rotated, 95% Wilson intervals.

Run: .venv/bin/python benchmarks/strength.py --games 40 --jobs 2 --seed 8 [--bot ismcts]
     [--game ace_race ...] [--against heuristic ...] [--json strength.json]

Each match is one `aerodeck simulate` run (same seeds, same lineups), so any row can be
reproduced alone with the command printed beside it.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from aerodeck.core.registry import list_games, make
from aerodeck.sim.runner import SimSpec, run

PLAYERS = 2  # every game plays with two; Race to Ace then needs its wingmen variant


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
    game = make(game_id, PLAYERS, **options_for(game_id))
    spec = SimSpec(game.id, PLAYERS, bots, games, seed, game.options)
    started = time.perf_counter()
    report = run(spec, jobs=jobs).report()
    seconds = time.perf_counter() - started
    first = report["bots"][bots[0]]
    return {
        "game": game_id,
        "match": f"{bots[0]} vs {bots[1]}",
        "games": games,
        "win_rate": first,
        "seconds": seconds,
        "command": command(game_id, bots, games, seed, jobs),
    }


def row(result: dict[str, Any]) -> str:
    est = result["win_rate"]
    return (
        f"| {result['game']} | {result['match']} | {result['games']} | "
        f"{est['value']:.3f} [{est['low']:.3f}, {est['high']:.3f}] | {result['seconds']:.0f} | "
        f"`{result['command']}` |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--bot", default="ismcts", help="the search bot to measure")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument(
        "--against", action="append", help="only these opponents of --bot (repeatable)"
    )
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    ids = args.game or [info.id for info in list_games()]
    if args.against:
        matches = [(args.bot, other) for other in args.against]
    else:
        matches = [(args.bot, "random"), (args.bot, "heuristic"), ("heuristic", "random")]
    print("| game | match | games | first bot's win rate [95%] | seconds | command |")
    print("| --- | --- | --- | --- | --- | --- |")
    results = []
    for game_id in ids:
        for bots in matches:
            result = measure(game_id, bots, args.games, args.seed, args.jobs)
            results.append(result)
            print(row(result), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=1)


if __name__ == "__main__":
    main()
