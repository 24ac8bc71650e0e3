"""Random-playout throughput of every registered game, and the cost of the hot calls.

    .venv/bin/python benchmarks/playouts.py [--seconds 3] [--json out.json] [game ...]

For each game and player count: uniform-random playouts (games/s, decisions/s), then per-call
times of clone, legal_actions, apply and view on mid-game states. Numbers go in
docs/performance.md; speed is measured here, never asserted in the tests.

Backs: docs/performance.md, "Random playouts" (``make bench``): decisions/s and the hot calls.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sys
import time
from typing import Any

import aerodeck
from aerodeck.core.api import State


def playouts(game_id: str, players: int, seconds: float, events: bool = False) -> dict[str, float]:
    """Uniform-random games for ``seconds``. Muted by default, as search worlds and the simulator
    play (``State.mute_events``); ``events=True`` keeps the event log, as a table does."""
    game = aerodeck.make(game_id, players=players)
    rng = random.Random(1)
    games = decisions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or games == 0:
        state = game.new_game(seed=games)
        if not events:
            state.mute_events()
        while not state.is_terminal:
            state.apply_unchecked(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - started
    return {
        "games_per_s": games / elapsed,
        "decisions_per_s": decisions / elapsed,
        "decisions_per_game": decisions / games,
    }


def mid_game_states(game_id: str, players: int, count: int = 50) -> list[State]:
    """States halfway through random games: the typical size search works on."""
    game = aerodeck.make(game_id, players=players)
    rng = random.Random(2)
    states = []
    for seed in range(count):
        state = game.new_game(seed=seed)
        trail = [state.clone()]
        while not state.is_terminal:
            state.apply_unchecked(rng.choice(state.legal_actions()))
            trail.append(state.clone())
        states.append(trail[len(trail) // 2])
    return [s for s in states if not s.is_terminal]


def per_call(states: list[State], repeat: int = 200) -> dict[str, float]:
    """Microseconds per call, averaged over the states."""
    rng = random.Random(3)
    actions = [rng.choice(s.legal_actions()) for s in states]
    clones = [[s.clone() for _ in range(repeat)] for s in states]
    timings: dict[str, float] = {}

    def timed(name: str, body: Any) -> None:
        gc.collect()  # a full collection landing inside one section would distort it
        gc.disable()
        try:
            started = time.perf_counter()
            body()
            elapsed = time.perf_counter() - started
        finally:
            gc.enable()
        timings[name + "_us"] = elapsed / (repeat * len(states)) * 1e6

    timed("clone", lambda: [s.clone() for s in states for _ in range(repeat)])
    timed("legal_actions", lambda: [s.legal_actions() for s in states for _ in range(repeat)])
    timed(
        "apply",
        lambda: [
            c.apply_unchecked(a) for copies, a in zip(clones, actions, strict=True) for c in copies
        ],
    )
    timed("view", lambda: [s.view(s.current_player) for s in states for _ in range(repeat)])
    return timings


def main(argv: list[str]) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="playout time per row")
    parser.add_argument("--states", type=int, default=50, help="mid-game states for per-call times")
    parser.add_argument("--json", help="write the results to this file")
    args = parser.parse_args(argv)
    infos = [i for i in aerodeck.list_games() if not args.games or i.id in args.games]
    rows = []
    header = f"{'game':18} {'n':>2} {'games/s':>9} {'decisions/s':>12} {'dec/game':>9}"
    header += f" {'clone us':>9} {'legal us':>9} {'apply us':>9} {'view us':>9}"
    print(header)
    for info in infos:
        for players in info.player_counts:
            row: dict[str, Any] = {"game": info.id, "players": players}
            row.update(playouts(info.id, players, args.seconds))
            row.update(per_call(mid_game_states(info.id, players, args.states)))
            rows.append(row)
            print(
                f"{info.id:18} {players:>2} {row['games_per_s']:>9.1f} "
                f"{row['decisions_per_s']:>12,.0f} {row['decisions_per_game']:>9.1f} "
                f"{row['clone_us']:>9.2f} {row['legal_actions_us']:>9.2f} "
                f"{row['apply_us']:>9.2f} {row['view_us']:>9.2f}",
                flush=True,
            )
    result = {
        "machine": {
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "processor": platform.machine(),
            "system": platform.platform(),
        },
        "seconds_per_row": args.seconds,
        "rows": rows,
    }
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(result, handle, indent=1)
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
