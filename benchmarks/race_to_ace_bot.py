"""Race to Ace: the heuristic bot against random players, with a 95% Wilson interval.

    .venv/bin/python benchmarks/race_to_ace_bot.py [--games 2000] [--seed 0]

The bot takes each seat in turn (game ``g`` puts it in seat ``g % players``); the figures are
in docs/games/race_to_ace.md.

Backs: docs/games/race_to_ace.md, "The heuristic bot": its win rates against random players.
"""

from __future__ import annotations

import argparse
import math
import time

import aerodeck
from aerodeck.agents import make_agent
from aerodeck.core.rng import derive_seed
from aerodeck.sim.match import play


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def measure(players: int, games: int, seed: int, **options: object) -> dict[str, float]:
    game = aerodeck.make("race_to_ace", players=players, **options)
    won = 0.0
    decisions = 0
    started = time.perf_counter()
    for number in range(games):
        seat = number % players
        agents = [
            make_agent("heuristic" if s == seat else "random", game, derive_seed(seed, number, s))
            for s in range(players)
        ]
        state = play(game.new_game(seed=derive_seed(seed, number)), agents)
        won += state.returns()[seat]
        decisions += state.move_number
    low, high = wilson(won, games)
    return {
        "players": players,
        "win_rate": won / games,
        "low": low,
        "high": high,
        "decisions_per_game": decisions / games,
        "seconds": time.perf_counter() - started,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rows: list[tuple[int, dict[str, object]]] = [
        (2, {"wingmen": True}),
        (3, {}),
        (4, {}),
        (5, {}),
    ]
    for players, options in rows:
        r = measure(players, args.games, args.seed, **options)
        print(
            f"{players} players: heuristic wins {r['win_rate']:.3f} "
            f"(95% CI {r['low']:.3f}-{r['high']:.3f}) over {args.games} games, "
            f"seed {args.seed}; {r['decisions_per_game']:.0f} decisions a game"
        )


if __name__ == "__main__":
    main()
