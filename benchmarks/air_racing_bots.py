"""Air Racing bot figures for docs/games/air_racing.md: win rates with 95% (Wilson) intervals.

Run: .venv/bin/python benchmarks/air_racing_bots.py [games]
Seats rotate every game so no strategy keeps the first seat; game ``i`` uses seed ``i``.

Backs: docs/games/air_racing.md, "Bots and their figures": the bots' win rates.
"""

from __future__ import annotations

import math
import random
import sys
import time

import aerodeck
from aerodeck.agents.registry import make_agent
from aerodeck.sim.match import play


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


MODS = ("microknot", "fast", "boost")


def match(
    names: list[str], games: int, **options: object
) -> tuple[dict[str, float], dict[str, list[float]]]:
    """Wins per strategy, and its speed mods when Race Week starts (summed over its games)."""
    game = aerodeck.make("air_racing", players=len(names), **options)
    wins = dict.fromkeys(names, 0.0)
    mods = {name: [0.0, 0.0, 0.0] for name in names}
    for seed in range(games):
        shift = seed % len(names)
        order = names[shift:] + names[:shift]
        agents = [make_agent(name, game, seed * 10 + i) for i, name in enumerate(order)]
        state = play(game.new_game(seed=seed), agents)
        start = next(e for e in state.events_since(0, None) if e["type"] == "season_end")
        for seat, name in enumerate(order):
            wins[name] += state.returns()[seat]
            for i, mod in enumerate(MODS):
                mods[name][i] += start["mods"][seat][mod]
    return wins, mods


def report(names: list[str], games: int, **options: object) -> None:
    wins, mods = match(names, games, **options)
    extra = f" {options}" if options else ""
    parts = []
    for name in dict.fromkeys(names):
        seats = names.count(name)  # a strategy on several seats: its rate per seat
        low, high = wilson(wins[name] / seats, games)
        label = name if seats == 1 else f"{name} (each of {seats})"
        parts.append(f"{label} {wins[name] / seats / games:.1%} [{low:.1%}, {high:.1%}]")
    print(f"{' vs '.join(names)}{extra}, {games} games, seeds 0..{games - 1}: {'; '.join(parts)}")
    for name in dict.fromkeys(names):
        per = games * names.count(name)
        kit = ", ".join(
            f"{total / per:.1f} {mod}" for mod, total in zip(MODS, mods[name], strict=True)
        )
        print(f"    {name} races with {kit}")


def playout_speed(players: int, games: int) -> None:
    game = aerodeck.make("air_racing", players=players)
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state.apply_unchecked(rng.choice(state.legal_actions()))
            steps += 1
    took = time.perf_counter() - start
    rates = f"{games / took:.0f} games/s, {steps / took:.0f} steps/s"
    print(f"random playouts, {players} players: {rates}")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    report(["heuristic", "random"], count)
    report(["heuristic", "random", "random", "random"], count)
    report(["heuristic", "money"], count)
    report(["heuristic", "speed"], count)
    report(["money", "speed"], count)
    report(["heuristic", "money", "speed"], count)
    report(["heuristic", "money"], count, quick_play=True)
    for players in (2, 3, 4):
        playout_speed(players, 200)
