"""Heuristic bot against the random agent in Down In Flames: Locked-On, seats alternating.

Run: .venv/bin/python benchmarks/down_in_flames_bot.py [games] [seed] [option=value ...]
(for instance ``skills=true vp_limit=60`` to measure with skills).
Prints wins, draws and losses of the heuristic bot, its score (win 1, draw 1/2) with a 95%
Wilson interval on the win rate, and random-playout speed.

Backs: docs/games/down_in_flames.md, "The heuristic bot": its duel figures against random.
"""

from __future__ import annotations

import math
import random
import sys
import time

import aerodeck
from aerodeck.agents import RandomAgent
from aerodeck.core.rng import derive_seed
from aerodeck.games.down_in_flames.bot import HeuristicBot
from aerodeck.sim.match import play


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(games: int = 200, seed: int = 2026, **options: str) -> None:
    game = aerodeck.make("down_in_flames", **options)
    wins = draws = losses = 0
    for number in range(games):
        bot_seat = number % 2
        agents = [RandomAgent(game, derive_seed(seed, number, 0)) for _ in range(2)]
        agents[bot_seat] = HeuristicBot(game, derive_seed(seed, number, 1))  # type: ignore[call-overload]
        state = play(game.new_game(seed=derive_seed(seed, number)), agents)
        value = state.returns()[bot_seat]
        wins += value == 1.0
        draws += value == 0.5
        losses += value == 0.0
    low, high = wilson(wins, games)
    print(f"heuristic vs random, {games} games, seed {seed}:")
    print(f"  {wins} wins, {draws} draws, {losses} losses")
    score = (wins + draws / 2) / games
    print(f"  win rate {wins / games:.3f} (95% CI {low:.3f}..{high:.3f}); score {score:.3f}")
    start, steps, count = time.perf_counter(), 0, 0
    rng = random.Random(seed)
    while time.perf_counter() - start < 3.0:
        state = game.new_game(seed=rng.getrandbits(63))
        while not state.is_terminal:
            state.apply_unchecked(rng.choice(state.legal_actions()))
            steps += 1
        count += 1
    elapsed = time.perf_counter() - start
    print(f"random playouts: {count / elapsed:.0f} games/s, {steps / elapsed:.0f} steps/s")


if __name__ == "__main__":
    numbers = [int(a) for a in sys.argv[1:] if "=" not in a]
    main(*numbers, **dict(a.split("=", 1) for a in sys.argv[1:] if "=" in a))
