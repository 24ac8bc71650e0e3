"""Hostile input at length: the fuzz suite's generators (``aerodeck.testing.hostile``) for every
game, many more inputs than the tests send.

    PYTHONPATH=src nice -n 10 .venv/bin/python benchmarks/fuzz.py --inputs 500000 [--json out.json]

``--inputs`` is per game, shared evenly between its player counts. Prints, per game, the inputs by
kind, how many were accepted, the refusals by error class and the undocumented outcomes (an
exception that is not ConfigError, IllegalActionError, NotationError or RecordError, an illegal
move accepted, a refused move that changed the state, a tampered record that replayed), then the
peak memory of the process. The figures go in docs/hardening.md; the exit code is 1 if anything
undocumented happened.

Backs: docs/hardening.md (the long run of the fuzz suite's generators) and docs/server.md,
"Hostile input: 0 accepted, 0 crashes".
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import sys
import time
from typing import Any

import aerodeck
from aerodeck.testing.hostile import Fuzzer, Tally


def fuzz_game(game_id: str, inputs: int, seed: int, view_every: int) -> dict[str, Any]:
    """``inputs`` hostile inputs for one game, split between its player counts."""
    info = next(i for i in aerodeck.list_games() if i.id == game_id)
    counts = info.player_counts
    tally = Tally()
    started = time.perf_counter()
    for k, players in enumerate(counts):
        share = inputs // len(counts) + (1 if k < inputs % len(counts) else 0)
        tally.merge(Fuzzer(game_id, players, seed + k, view_every).run(share))
    elapsed = time.perf_counter() - started
    row: dict[str, Any] = {"game": game_id, "players": list(counts), **tally.summary()}
    row["seconds"] = round(elapsed, 1)
    row["peak_rss_mb"] = round(_peak_rss_mb(), 1)
    return row


def _peak_rss_mb() -> float:
    """The process's peak resident memory so far (ru_maxrss is in KiB on Linux)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def main(argv: list[str]) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--inputs", type=int, default=20_000, help="hostile inputs per game")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generators")
    parser.add_argument(
        "--view-every", type=int, default=16, help="compare every view after every n-th refusal"
    )
    parser.add_argument("--json", help="write the results to this file")
    args = parser.parse_args(argv)
    ids = [i.id for i in aerodeck.list_games() if not args.games or i.id in args.games]
    print(
        f"{'game':18} {'inputs':>9} {'accepted':>9} {'refused':>9} {'undoc':>6} {'s':>7} {'MB':>7}"
    )
    rows = []
    for game_id in ids:
        row = fuzz_game(game_id, args.inputs, args.seed, args.view_every)
        rows.append(row)
        print(
            f"{game_id:18} {row['inputs']:>9,} {row['accepted']:>9,} "
            f"{sum(row['refused'].values()):>9,} {row['undocumented']:>6} "
            f"{row['seconds']:>7.1f} {row['peak_rss_mb']:>7.1f}",
            flush=True,
        )
        print(f"  {'refused':>16}: {row['refused']}", flush=True)
        print(f"  {'inputs by kind':>16}: {row['by_kind']}", flush=True)
        print(f"  {'notes':>16}: {row['notes']}", flush=True)
        for example in row["examples"]:
            print(f"  UNDOCUMENTED {example}", flush=True)
    result = {
        "machine": {"python": platform.python_version(), "system": platform.platform()},
        "arguments": {
            "inputs_per_game": args.inputs,
            "seed": args.seed,
            "view_every": args.view_every,
        },
        "rows": rows,
        "total_inputs": sum(r["inputs"] for r in rows),
        "total_undocumented": sum(r["undocumented"] for r in rows),
        "peak_rss_mb": round(_peak_rss_mb(), 1),
    }
    print(
        f"total: {result['total_inputs']:,} inputs, {result['total_undocumented']} undocumented, "
        f"peak memory {result['peak_rss_mb']} MB"
    )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(result, handle, indent=1)
    return result


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:])["total_undocumented"] else 0)
