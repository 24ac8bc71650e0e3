"""Random playouts of every game in two source trees, side by side in one run, in CPU time.

    .venv/bin/python -m benchmarks.compare_trees OLD_SRC NEW_SRC [--games 800] [--rounds 9]
    git worktree add /tmp/old <commit>   # e.g. the old tree: its src/ is OLD_SRC

Each round runs one child process per tree (that tree's ``src`` first on PYTHONPATH), in
alternation, each playing the same seeded uniform-random games of every shipped game at every
player count and counting decisions per CPU second. It prints, per row, the best of the rounds for
each tree and their ratio (new / old), and the ratio of the medians: this machine is a noisy
virtual machine, where the medians of back-to-back runs swing by about 10 % and the best of
several rounds is the steadier figure.

Backs: docs/performance.md, "Comparing two trees" (a change may cost at most 10 % of speed).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

CHILD = """
import json, random, sys, time
import aerodeck
games, shipped = int(sys.argv[1]), sys.argv[2].split(",")
rates = {}
for info in aerodeck.list_games():
    if info.id not in shipped:
        continue
    for players in info.player_counts:
        game = aerodeck.make(info.id, players=players)
        rng, decisions = random.Random(1), 0
        started = time.process_time()
        for seed in range(games):
            state = game.new_game(seed=seed).mute_events()
            while not state.is_terminal:
                state.apply_unchecked(rng.choice(state.legal_actions()))
                decisions += 1
        rates[f"{info.id}/{players}"] = decisions / (time.process_time() - started)
print(json.dumps(rates))
"""

SHIPPED = "ace_race,aces_versus_aces,air_racing,down_in_flames,race_to_ace"


def measure(src: str, games: int, only: str) -> dict[str, float]:
    environ = {**os.environ, "PYTHONPATH": src}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(games), only],
        env=environ,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"error: the tree {src} failed: {done.stderr.strip().splitlines()[-1:]}")
    rates: dict[str, float] = json.loads(done.stdout)
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("old", help="the old tree's src folder")
    parser.add_argument("new", help="the new tree's src folder")
    parser.add_argument("--games", type=int, default=800, help="games per row and round")
    parser.add_argument("--rounds", type=int, default=9, help="alternating rounds")
    parser.add_argument("--only", default=SHIPPED, help="comma-separated game ids")
    args = parser.parse_args()
    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    for _ in range(args.rounds):
        runs["old"].append(measure(args.old, args.games, args.only))
        runs["new"].append(measure(args.new, args.games, args.only))
    print(f"{'game/players':26} {'old best':>10} {'new best':>10} {'ratio':>6} {'medians':>8}")
    for row in runs["old"][0]:
        old = [run[row] for run in runs["old"]]
        new = [run[row] for run in runs["new"]]
        best = max(new) / max(old)
        medians = statistics.median(new) / statistics.median(old)
        print(f"{row:26} {max(old):10,.0f} {max(new):10,.0f} {best:6.3f} {medians:8.3f}")


if __name__ == "__main__":
    main()
