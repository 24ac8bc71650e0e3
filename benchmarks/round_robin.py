"""The round-robin of docs/bots.md: every pair of levels and outside opponents, per game, two
players, seats rotated; each pair's win share with its 95% Wilson interval, Bradley-Terry
strengths over each game's pairs with 95% intervals, and each bot's CPU time per move.

Run (docs/bots.md, "Round-robin"):

    nice .venv/bin/python -m benchmarks.round_robin --games 10 --rounds 20 --seed 33 --jobs 1 \
        --json docs/results/round-robin.json [--ppo FILE]

The bots are ``easy``, ``medium``, ``hard``, ``expert`` and ``openspiel-ismcts`` (OpenSpiel's
Python IS-MCTS with random rollouts, ``rl/openspiel_ismcts.py``, at ``SIMULATIONS[game]``
simulations a move: the count whose mean CPU a move matched ``hard``'s, ``--calibrate``), plus
``ppo:FILE`` with ``--ppo``. ``--bot`` and ``--game`` narrow the table.

Games are played in rounds so that a run cut short still has every pair at nearly the same
count: round ``r`` plays ``--games`` games of every pair with the simulator's seed ``seed + r``
(game ``i`` seeded ``derive_seed(seed + r, i)``, the lineup rotated by ``i``), and each round of
a pair is exactly one ``aerodeck simulate`` command (printed with its row). The JSON is written
after every match; ``--resume`` skips the matches it already holds. ``--render FILE
--with-strength docs/results/strength.json`` fits the strength table's matches between the
levels (other seeds, 200 games a pair) beside the run's, and ``--with-run FILE`` (repeatable)
another run's matches (an earlier session's seeds; its timings are not shown).

Bradley-Terry: the simulator's fit (``sim.ratings.Strengths``: maximum likelihood over the pair
counts, one virtual draw per bot against an average bot), Elo scale with mean 0; its 95%
intervals come from the Fisher information at the fit (the observed information of the pair
counts), not a bootstrap. Each pair's difference is told apart by the interval of the
difference, as the simulator's ladder check does.

CPU per move: ``--moves`` decisions with a choice per bot and game, from games between heuristic
bots (``benchmarks/strength.py``'s ``time_per_move``: one process's CPU time).

``--calibrate`` times ``hard`` and ``openspiel-ismcts`` at a fixed count on the same positions
and prints the simulations that give the same mean CPU a move as ``hard`` (then set
``SIMULATIONS``).

Backs: docs/bots.md, "Expert and outside opponents".
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import defaultdict
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from aerodeck.core.registry import list_games, make
from aerodeck.sim.ratings import Strengths
from aerodeck.sim.runner import SimSpec, run
from aerodeck.sim.stats import wilson
from benchmarks.strength import PLAYERS, options_for, time_per_move

BOTS = ("openspiel-ismcts", "easy", "medium", "hard", "expert")
OUTSIDE = "openspiel-ismcts"
SIMULATIONS = {
    "ace_race": 13,
    "aces_versus_aces": 37,
    "air_racing": 23,
    "down_in_flames": 20,
    "race_to_ace": 58,
}
"""OpenSpiel IS-MCTS simulations a move per game: the count whose mean CPU a move matched
``hard``'s (``--calibrate --moves 40 --seed 11``, 2026-11-27, docs/bots.md)."""
CALIBRATION_SIMULATIONS = 20


def bot_name(bot: str, game_id: str) -> str:
    """The registry's name of a round-robin bot in a game (the outside opponent at its count)."""
    return f"{OUTSIDE}:{SIMULATIONS[game_id]}" if bot == OUTSIDE else bot


def command(game_id: str, bots: tuple[str, str], games: int, seed: int, jobs: int) -> str:
    variant = "".join(f" --variant {k}={str(v).lower()}" for k, v in options_for(game_id).items())
    names = ",".join(bot_name(b, game_id) for b in bots)
    return (
        f"aerodeck simulate {game_id.replace('_', '-')} -p {PLAYERS}{variant} --games {games} "
        f"--bots {names} --seed {seed} -j {jobs}"
    )


def match(game_id: str, bots: tuple[str, str], games: int, seed: int, jobs: int) -> dict[str, Any]:
    """One round of one pair: the simulator's games, the first bot's wins (draws count half)."""
    game = make(game_id, PLAYERS, **options_for(game_id))
    names = tuple(bot_name(b, game_id) for b in bots)
    spec = SimSpec(game.id, PLAYERS, names, games, seed, game.options)
    started = time.perf_counter()
    rate = run(spec, jobs=jobs).report()["bots"][names[0]]
    return {
        "game": game_id,
        "bots": list(bots),
        "games": games,
        "seed": seed,
        "wins": rate["value"] * rate["n"],
        "seconds": time.perf_counter() - started,
        "command": command(game_id, bots, games, seed, jobs),
    }


def pairs(bots: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair once, the later-listed bot first (``BOTS`` lists the outside opponent, then
    the levels weakest to strongest: each row reads as a level against the one it should
    beat)."""
    return [(b, a) for a, b in combinations(bots, 2)]


def table(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per game: each pair's total over its rounds (wins, games, Wilson interval, seeds) and the
    Bradley-Terry strengths and pair differences fitted on them."""
    totals: dict[tuple[str, str, str], dict[str, Any]] = {}
    for r in rows:
        key = (r["game"], *r["bots"])
        entry = totals.setdefault(key, {"wins": 0.0, "games": 0, "seeds": []})
        entry["wins"] += r["wins"]
        entry["games"] += r["games"]
        entry["seeds"].append(r["seed"])
    games: dict[str, Any] = defaultdict(lambda: {"pairs": [], "fit": Strengths()})
    for (game_id, a, b), entry in totals.items():
        found = games[game_id]
        found["fit"].add_pair(a, b, entry["wins"], entry["games"])
        share = wilson(entry["wins"], entry["games"]).as_dict()
        found["pairs"].append({"bots": [a, b], **entry, "share": share})
    out = {}
    for game_id, found in games.items():
        fit: Strengths = found["fit"]
        out[game_id] = {"pairs": found["pairs"], "strengths": fit.result(), "gaps": fit.gaps()}
    return out


def strength_rows(path: str) -> list[dict[str, Any]]:
    """The matches of a ``benchmarks/strength.py`` result as round-robin rows (the same bots,
    measured on other seeds: ``--with-strength`` fits them beside this run's)."""
    with open(path, encoding="utf-8") as handle:
        saved = json.load(handle)
    return [
        {
            "game": r["game"],
            "bots": r["bots"],
            "games": r["games"],
            "seed": r["seed"],
            "wins": r["win_rate"]["value"] * r["win_rate"]["n"],
            "seconds": r["seconds"],
            "command": r["command"],
        }
        for r in saved["rows"]
    ]


def markdown(result: dict[str, Any]) -> str:
    """The docs' tables: the pairs, the strengths, the CPU per move."""
    lines = [
        "| game | pair | games | seeds | first bot's win share [95%] | first bot stronger by, "
        "Elo [95%] |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    summary = table(result["rows"])
    for game_id, found in summary.items():
        gaps = {tuple(g["bots"]): g for g in found["gaps"]}
        for p in found["pairs"]:
            seeds = _seed_span(p["seeds"])
            s = p["share"]
            first, second = p["bots"]
            gap = gaps.get((second, first))
            sign = 1
            if gap is None:
                gap, sign = gaps[first, second], -1
            low, high = sorted((sign * gap["low"], sign * gap["high"]))
            lines.append(
                f"| {game_id} | {first} vs {second} | {p['games']} | {seeds} | "
                f"{s['value']:.3f} [{s['low']:.3f}, {s['high']:.3f}] | "
                f"{sign * gap['elo']:+.0f} [{low:+.0f}, {high:+.0f}] |"
            )
    lines += ["", "| game | Bradley-Terry strength, Elo [95%] |", "| --- | --- |"]
    for game_id, found in summary.items():
        strengths = found["strengths"]
        order = sorted(strengths, key=lambda b: strengths[b]["elo"])
        rated = ", ".join(
            f"{b} {strengths[b]['elo']:+.0f} [{strengths[b]['low']:+.0f}, "
            f"{strengths[b]['high']:+.0f}]"
            for b in order
        )
        lines.append(f"| {game_id} | {rated} |")
    if result.get("timing"):
        lines += ["", "| game | bot | CPU ms a move (mean) | 95th percentile | max | decisions |"]
        lines.append("| --- | --- | --- | --- | --- | --- |")
        for t in result["timing"]:
            lines.append(
                f"| {t['game']} | {t['level']} | {t['mean_ms']:.2f} | {t['p95_ms']:.2f} | "
                f"{t['max_ms']:.2f} | {t['decisions']} |"
            )
    return "\n".join(lines)


def _seed_span(seeds: Sequence[int]) -> str:
    """The seeds as runs of consecutive numbers: ``33-38, 7001-7010`` (a seed met twice once)."""
    spans: list[list[int]] = []
    for seed in sorted(set(seeds)):
        if spans and seed == spans[-1][1] + 1:
            spans[-1][1] = seed
        else:
            spans.append([seed, seed])
    return ", ".join(f"{a}-{b}" if b > a else str(a) for a, b in spans)


def calibrate(game_ids: Sequence[str], moves: int, seed: int) -> list[dict[str, Any]]:
    """The outside opponent's simulations matching ``hard``'s mean CPU a move, per game."""
    out = []
    for game_id in game_ids:
        hard = time_per_move(game_id, "hard", moves, seed)
        probe = time_per_move(game_id, f"{OUTSIDE}:{CALIBRATION_SIMULATIONS}", moves, seed)
        per_simulation = probe["mean_ms"] / CALIBRATION_SIMULATIONS
        matched = max(1, round(hard["mean_ms"] / per_simulation))
        out.append(
            {
                "game": game_id,
                "hard_mean_ms": hard["mean_ms"],
                "ms_a_simulation": per_simulation,
                "simulations": matched,
            }
        )
        print(
            f"{game_id}: hard {hard['mean_ms']:.1f} ms a move, IS-MCTS "
            f"{per_simulation:.2f} ms a simulation: {matched} simulations",
            flush=True,
        )
    return out


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games of every pair a round")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--bot", action="append", help="only these bots (repeatable)")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--ppo", help="add the trained policy ppo:FILE to the bots")
    parser.add_argument("--moves", type=int, default=60, help="decisions timed per bot and game")
    parser.add_argument("--json", help="write the results to this file (after every match)")
    parser.add_argument("--resume", action="store_true", help="keep the --json file's matches")
    parser.add_argument(
        "--with-strength",
        help="also fit the matches of a benchmarks/strength.py result (its levels' own pairs)",
    )
    parser.add_argument(
        "--with-run",
        action="append",
        default=[],
        help="also fit another saved round-robin result's matches (repeatable; with --render)",
    )
    parser.add_argument("--render", help="print the markdown tables of a saved result, and stop")
    parser.add_argument("--calibrate", action="store_true", help="match IS-MCTS to hard's CPU")
    args = parser.parse_args(argv)
    if args.render:
        with open(args.render, encoding="utf-8") as handle:
            saved: dict[str, Any] = json.load(handle)
        for other in args.with_run:
            with open(other, encoding="utf-8") as handle:
                saved["rows"] = json.load(handle)["rows"] + saved["rows"]
        if args.with_strength:
            saved["rows"] = strength_rows(args.with_strength) + saved["rows"]
        print(markdown(saved))
        return saved
    ids = args.game or [info.id for info in list_games()]
    if args.calibrate:
        return {"calibration": calibrate(ids, args.moves, args.seed)}
    bots = list(args.bot or BOTS) + ([f"ppo:{args.ppo}"] if args.ppo else [])
    result: dict[str, Any] = {"seed": args.seed, "jobs": args.jobs, "rows": [], "timing": []}
    if args.resume and args.json and os.path.exists(args.json):
        with open(args.json, encoding="utf-8") as handle:
            result = json.load(handle)
    done = {(r["game"], *r["bots"], r["seed"]) for r in result["rows"]}
    result.setdefault("load_average_at_start", os.getloadavg())
    for r in range(args.rounds):
        for game_id in ids:
            for pair in pairs(bots):
                seed = args.seed + r
                if (game_id, *pair, seed) in done:
                    continue
                row = match(game_id, pair, args.games, seed, args.jobs)
                result["rows"].append(row)
                said = f"{row['wins']:g} of {row['games']} ({row['seconds']:.0f} s)"
                print(f"{row['command']}: {said}", flush=True)
                _save(result, args.json)
    timed = {(t["game"], t["level"]) for t in result["timing"]}
    for game_id in ids:
        for bot in bots:
            if args.moves and (game_id, bot) not in timed:
                found = time_per_move(game_id, bot_name(bot, game_id), args.moves, args.seed)
                result["timing"].append({**found, "level": bot})
                _save(result, args.json)
    result["load_average_at_end"] = os.getloadavg()
    _save(result, args.json)
    print(markdown(result))
    return result


def _save(result: dict[str, Any], path: str | None) -> None:
    if path:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(result, handle, indent=1)


if __name__ == "__main__":
    main()
