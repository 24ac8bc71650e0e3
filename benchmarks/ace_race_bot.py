"""Ace Race: the heuristic bot against random players, with a 95% Wilson interval.

One heuristic seat (rotating through the seats) against random players, fixed seeds.
Usage: python benchmarks/ace_race_bot.py [games per player count] [first seed]

Backs: docs/games/ace_race.md, "The heuristic bot": its win rates against random players.
"""

from __future__ import annotations

import math
import sys
import time

import aerodeck
from aerodeck.agents import RandomAgent
from aerodeck.core.rng import derive_seed
from aerodeck.games.ace_race.bot import HeuristicBot
from aerodeck.sim.match import play


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def measure(players: int, games: int, first_seed: int) -> tuple[float, int]:
    """The heuristic seat's share of wins (shared wins split) over ``games`` games."""
    game = aerodeck.make("ace_race", players=players)
    wins = 0.0
    for i in range(games):
        seed = first_seed + i
        hero = i % players
        agents = [
            HeuristicBot(game, derive_seed(seed, s))
            if s == hero
            else RandomAgent(game, derive_seed(seed, s))
            for s in range(players)
        ]
        state = play(game.new_game(seed=seed), agents)
        wins += state.returns()[hero]
    return wins, games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    first_seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    for players in (2, 3, 4, 6):
        start = time.perf_counter()
        wins, n = measure(players, games, first_seed)
        low, high = wilson(wins, n)
        print(
            f"{players} players: heuristic wins {wins / n:.1%} (95% CI {low:.1%}-{high:.1%}) "
            f"over {n} games, seeds {first_seed}..{first_seed + n - 1}; random share "
            f"{1 / players:.1%}; {time.perf_counter() - start:.1f}s"
        )


if __name__ == "__main__":
    main()
