"""Which of OpenSpiel's algorithms are practical on aerodeck's games, measured.

- IS-MCTS (``open_spiel.python.algorithms.ismcts``, random rollouts, our
  ``resample_from_infostate``): simulations per second per game, and its win rate against
  uniform random play at Aces versus Aces, seats alternating, 95% Wilson interval.
- Outcome-sampling MCCFR (``open_spiel.python.algorithms.outcome_sampling_mccfr``): iterations
  per second and how often an iteration's decisions land on an information state it has seen
  before. Tabular CFR learns only where information states recur; in these games they almost
  never do, which is the measured reason it is not practical here.

Run: .venv/bin/python benchmarks/rl_openspiel.py [--games 60] [--simulations 100]
     [--iterations 100] [--json out.json]

Backs: docs/rl.md, "Which OpenSpiel algorithms are practical here".
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.algorithms import outcome_sampling_mccfr as mccfr

from aerodeck.rl.encode import encoded_games
from aerodeck.rl.openspiel import short_name
from aerodeck.sim.stats import wilson


def _bot(game: Any, simulations: int, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, simulations,
                           random_state=rng)  # fmt: skip
    # Worlds drawn from the bot's own generator: OpenSpiel's default resampler makes a new
    # UniformProbabilitySampler, not seeded by random_state, so runs would not repeat.
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    return bot


def ismcts_speed(game_id: str, simulations: int, positions: int) -> dict[str, Any]:
    game = pyspiel.load_game(short_name(game_id), {"players": 2})
    bot = _bot(game, simulations, 1)
    rng = np.random.default_rng(1)
    searched, started = 0, time.perf_counter()
    for p in range(positions):
        state = game.new_initial_state()
        state.apply_action(p)
        for _ in range(int(rng.integers(5, 30))):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        bot.step(state)
        searched += 1
    seconds = time.perf_counter() - started
    return {"game": game_id, "simulations": simulations, "positions": searched,
            "simulations_per_s": searched * simulations / seconds}  # fmt: skip


def ismcts_strength(game_id: str, simulations: int, games: int) -> dict[str, Any]:
    game = pyspiel.load_game(short_name(game_id), {"players": 2})
    wins = 0.0
    rng = np.random.default_rng(2)
    for g in range(games):
        bot, seat = _bot(game, simulations, g), g % 2
        state = game.new_initial_state()
        state.apply_action(g % game.max_chance_outcomes())
        while not state.is_terminal():
            if state.current_player() == seat:
                action = bot.step(state)
            else:
                action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
        wins += state.returns()[seat]
    estimate = wilson(wins, games)
    return {"game": game_id, "simulations": simulations, "against": "random",
            **estimate.as_dict()}  # fmt: skip


class _CountingSolver(mccfr.OutcomeSamplingSolver):  # type: ignore[misc]
    """Outcome sampling that counts lookups of information states seen before."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.lookups = self.repeats = 0

    def _lookup_infostate_info(self, key: str, num_legal_actions: int) -> Any:
        self.lookups += 1
        self.repeats += key in self._infostates
        return super()._lookup_infostate_info(key, num_legal_actions)


def mccfr_reuse(game_id: str, iterations: int) -> dict[str, Any]:
    game = pyspiel.load_game(short_name(game_id), {"players": 2})
    solver = _CountingSolver(game)
    started = time.perf_counter()
    for _ in range(iterations):
        solver.iteration()
    seconds = time.perf_counter() - started
    return {
        "game": game_id,
        "iterations": iterations,
        "iterations_per_s": iterations / seconds,
        "infostates": len(solver._infostates),
        "lookups": solver.lookups,
        "revisited": solver.repeats / max(1, solver.lookups),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    result: dict[str, Any] = {"ismcts_speed": [], "mccfr": []}
    for game_id in encoded_games():
        speed = ismcts_speed(game_id, args.simulations, 6)
        result["ismcts_speed"].append(speed)
        print(f"IS-MCTS {game_id}: {speed['simulations_per_s']:.0f} simulations/s", flush=True)
    strength = ismcts_strength("aces_versus_aces", args.simulations, args.games)
    result["ismcts_strength"] = strength
    print(f"IS-MCTS ({args.simulations} simulations) vs random at aces_versus_aces: "
          f"{strength['value']:.3f} [{strength['low']:.3f}, {strength['high']:.3f}]")  # fmt: skip
    for game_id in encoded_games():
        row = mccfr_reuse(game_id, args.iterations)
        result["mccfr"].append(row)
        print(f"MCCFR {game_id}: {row['iterations_per_s']:.1f} iterations/s, "
              f"{row['infostates']} information states, {row['revisited']:.1%} of lookups "
              "revisit one", flush=True)  # fmt: skip
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=2)


if __name__ == "__main__":
    main()
