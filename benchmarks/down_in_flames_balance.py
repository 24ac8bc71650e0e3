"""Aircraft balance study for Down In Flames: Locked-On: every shipped aircraft against every
other, both flown by the heuristic bot (equal skill), seats swapped every other game.

Run: .venv/bin/python benchmarks/down_in_flames_balance.py [games_per_pair] [seed]
Prints, for each aircraft, its VP, its mean score over all opponents (win 1, draw 1/2), and the
score matrix row by row (row aircraft's score against the column aircraft), as Markdown.

Backs: docs/games/down_in_flames.md, "Aircraft balance study": the score matrix.
"""

from __future__ import annotations

import sys
import time

import aerodeck
from aerodeck.core.rng import derive_seed
from aerodeck.games.down_in_flames.bot import HeuristicBot
from aerodeck.sim.match import play


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def spearman(a: list[int], b: list[float]) -> float:
    """Rank correlation (ties share their mean rank)."""
    ra, rb = _ranks([float(x) for x in a]), _ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    sa = sum((x - ma) ** 2 for x in ra) ** 0.5
    sb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (sa * sb)


def main(games: int = 20, seed: int = 7) -> None:
    game = aerodeck.make("down_in_flames", vp_limit=999, year=2100)
    data = game.data  # type: ignore[attr-defined]
    planes = [a.name for a in data.aircraft]
    n = len(planes)
    score = [[0.5] * n for _ in range(n)]
    start = time.perf_counter()
    for i in range(n):
        for j in range(i + 1, n):
            total = 0.0
            for k in range(games):
                swap = k % 2
                pair = [planes[j], planes[i]] if swap else [planes[i], planes[j]]
                game_seed = derive_seed(seed, i, j, k)
                agents = [HeuristicBot(game, derive_seed(game_seed, s)) for s in (0, 1)]
                state = play(game.new_game(seed=game_seed, setup={"aircraft": pair}), agents)  # type: ignore[arg-type]
                total += state.returns()[swap]
            score[i][j] = total / games
            score[j][i] = 1.0 - score[i][j]
    elapsed = time.perf_counter() - start
    mean = [sum(score[i][j] for j in range(n) if j != i) / (n - 1) for i in range(n)]
    order = sorted(range(n), key=lambda i: -mean[i])
    print(f"{games} games per pair, seed {seed}, {elapsed:.0f} s\n")
    print("| aircraft | VP | mean score |")
    print("| --- | --- | --- |")
    for i in order:
        print(f"| {planes[i]} | {data.aircraft[i].vp_loaded} | {mean[i]:.2f} |")
    vps = [data.aircraft[i].vp_loaded for i in range(n)]
    print(f"\nSpearman rank correlation of VP and mean score: {spearman(vps, mean):.2f}")
    short = [p.split()[0] for p in planes]
    print("\n| row vs column | " + " | ".join(short[j] for j in order) + " |")
    print("| --- " * (n + 1) + "|")
    for i in order:
        cells = " | ".join("-" if i == j else f"{score[i][j]:.2f}" for j in order)
        print(f"| {short[i]} | {cells} |")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
