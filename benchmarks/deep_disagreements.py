"""Where a deep search disagrees with the heuristic bot: the kinds of decision worth searching.

Plays seeded games between heuristic bots and, at every decision with a choice, tries each legal
move in ``--worlds`` sampled worlds (the deciding seat's view) with full heuristic playouts, paired
as in ``agents.rollouts``. A decision counts as a clear mistake of the heuristic when the best
other move's paired advantage exceeds ``Z`` standard errors. Grouped by the view's ``phase``::

    PYTHONPATH=.:src .venv/bin/python benchmarks/deep_disagreements.py air_racing --games 6

Offline and slow on purpose (no budget): it finds where a budget-limited search should look
(docs/results/air-racing-hard-2026-11-24.json holds Air Racing's run).

Backs: docs/bots.md, "Air Racing: search only where the heuristic errs": the table of
the heuristic's clear mistakes by kind of decision, which chose ``Rollouts.phases`` for Air Racing's
``hard``; and "What did not work" for Race to Ace.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

from aerodeck.agents.registry import make_agent
from aerodeck.core.api import Action, Game, Observation
from aerodeck.core.registry import make
from aerodeck.core.rng import derive_seed
from benchmarks.strength import PLAYERS, options_for

Z = 2.5  # one-sided, and the best of several alternatives: strict


def _paired(values: list[float], base: list[float]) -> tuple[float, float]:
    diffs = [a - b for a, b in zip(values, base, strict=True)]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return mean, math.sqrt(var / len(diffs))


def _judge(
    game: Game, observation: Observation, favourite: Action, worlds: int, rng: random.Random
) -> dict[str, Any]:
    """The best other move's paired advantage over the heuristic's move at one decision."""
    policy = make_agent("heuristic", game, 0)
    candidates = [favourite, *(a for a in observation.legal_actions if a != favourite)]
    values: list[list[float]] = [[] for _ in candidates]
    for _ in range(worlds):
        world = observation.sample(rng).mute_events()
        for k, action in enumerate(candidates):
            trial = world.clone()
            trial.apply_unchecked(action)
            while not trial.is_terminal:
                player = trial.current_player
                assert player is not None
                legal = trial.legal_actions()
                move = legal[0] if len(legal) == 1 else policy.choose(trial.observation(player))
                trial.apply_unchecked(move)
            values[k].append(trial.returns()[observation.seat])
    gain, error, best = max(
        (*_paired(values[k], values[0]), str(candidates[k])) for k in range(1, len(candidates))
    )
    return {
        "phase": str(observation.view.get("phase", "-")),
        "choices": len(candidates),
        "heuristic": str(favourite),
        "best_other": best,
        "gain": gain,
        "error": error,
    }


def one_game(job: tuple[str, int, int, int]) -> list[dict[str, Any]]:
    """Every decision with a choice of game ``index``, judged."""
    game_id, seed, index, worlds = job
    game = make(game_id, PLAYERS, **options_for(game_id))
    game_seed = derive_seed(seed, index)
    state = game.new_game(seed=game_seed).mute_events()
    bots = [make_agent("heuristic", game, derive_seed(game_seed, "bot", s)) for s in range(PLAYERS)]
    rng = random.Random(game_seed)
    rows = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        observation = state.observation(seat)
        move = bots[seat].choose(observation)
        if len(observation.legal_actions) > 1:
            rows.append(_judge(game, observation, move, worlds, rng))
        state.apply_unchecked(move)
    return rows


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--worlds", type=int, default=48)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(args.game, args.seed, i, args.worlds) for i in range(args.games)]
    with Pool(args.jobs) as pool:
        rows = [row for game in pool.map(one_game, jobs, chunksize=1) for row in game]
    phases: dict[str, dict[str, Any]] = {}
    for row in rows:
        entry = phases.setdefault(row["phase"], {"decisions": 0, "clear_mistakes": 0, "gain": 0.0})
        entry["decisions"] += 1
        if row["gain"] > Z * row["error"] and row["gain"] > 0:
            entry["clear_mistakes"] += 1
            entry["gain"] += row["gain"]
    mistakes = [r for r in rows if r["gain"] > Z * r["error"] and r["gain"] > 0]
    result = {
        "game": args.game,
        "games": args.games,
        "worlds": args.worlds,
        "seed": args.seed,
        "z": Z,
        "phases": phases,
        "clear_mistakes": mistakes,
    }
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
