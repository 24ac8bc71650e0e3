"""Our random playouts against RLCard's bare UNO in the same run, in CPU time: wall-clock rates from
different runs on a shared machine are not comparable.

Usage: ``python benchmarks/uno_same_run.py [seconds] [out.json]``.

Backs: docs/performance.md, "Beside the peers": the same-run ratio to RLCard's UNO.
"""

from __future__ import annotations

import importlib.util
import json
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from benchmarks.peers import rlcard_uno
from benchmarks.playouts import playouts

CASES = (
    ("uno", 2),
    ("down_in_flames", 2),
    ("down_in_flames", 3),
    ("down_in_flames", 4),
    ("race_to_ace", 2),
    ("race_to_ace", 3),
    ("race_to_ace", 4),
    ("race_to_ace", 5),
)


def cpu_rate(run: Callable[[], dict[str, Any]]) -> float:
    """Decisions per CPU second: the loop's own decision count over the CPU time it took."""
    wall, cpu = time.perf_counter(), time.process_time()
    row = run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return float(row["decisions_per_s"]) * wall / cpu


def measure(seconds: float, rounds: int = 3) -> dict[str, list[float]]:
    """Every case ``rounds`` times, alternated so drift in the machine hits each alike."""
    rates: dict[str, list[float]] = {f"{g}-{n}": [] for g, n in CASES}
    for _ in range(rounds):
        for game, players in CASES:
            run = (
                partial(rlcard_uno, players, seconds)
                if game == "uno"
                else partial(playouts, game, players, seconds)
            )
            rates[f"{game}-{players}"].append(cpu_rate(run))
    return rates


def main(argv: list[str]) -> dict[str, list[float]]:
    if importlib.util.find_spec("rlcard") is None:
        raise SystemExit("RLCard is not installed: pip install -e '.[rl-bench]'")
    seconds = float(argv[0]) if argv else 2.5
    rates = measure(seconds)
    uno = statistics.median(rates["uno-2"])
    for case, values in rates.items():
        median = statistics.median(values)
        print(f"{case}: {median:,.0f} decisions/s (CPU, median) = {median / uno:.2f}x uno 2p")
    if len(argv) > 1:
        with open(argv[1], "w", encoding="utf-8") as out:
            json.dump(rates, out, indent=1)
    return rates


if __name__ == "__main__":
    main(sys.argv[1:])
