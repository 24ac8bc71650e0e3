"""A short match of a search setting against ``hard``, for screening ``expert`` designs.

Two players, seats rotated (game ``i`` seeded ``derive_seed(seed, i)``, the challenger in seat
``i % 2``), the challenger's share of the wins (a shared win counts its share) with a 95% Wilson
interval, and its CPU a decision with a choice. The challenger is a registry bot or
``hard:{json}`` (``benchmarks.expert_regret.bot_for``), so a setting is screened without editing
a game's ``expert_settings``::

    PYTHONPATH=.:src .venv/bin/python -m benchmarks.expert_match ace_race --games 40 \
        --seed 9101 --bot 'hard:{"min_worlds": 16, "drop_z": 2.0}'

Tuning seeds only (>= 9001); the final measurement is ``aerodeck simulate`` on fresh seeds.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from typing import Any

from aerodeck.agents.registry import make_agent
from aerodeck.core.registry import make
from aerodeck.core.rng import derive_seed
from aerodeck.sim.stats import wilson
from benchmarks.expert_regret import bot_for
from benchmarks.strength import PLAYERS, options_for


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bot", required=True, help="the challenger")
    parser.add_argument("--against", default="hard")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=9101)
    args = parser.parse_args(argv)
    game = make(args.game, PLAYERS, **options_for(args.game))
    score = 0.0
    cpu: list[float] = []
    for i in range(args.games):
        game_seed = derive_seed(args.seed, i)
        challenger_seat = i % 2
        bots = [
            bot_for(args.bot, game, derive_seed(game_seed, "bot", seat))
            if seat == challenger_seat
            else make_agent(args.against, game, derive_seed(game_seed, "bot", seat))
            for seat in range(PLAYERS)
        ]
        state = game.new_game(seed=game_seed).mute_events()
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            observation = state.observation(seat)
            started = time.process_time()
            move = bots[seat].choose(observation)
            if seat == challenger_seat and len(observation.legal_actions) > 1:
                cpu.append(time.process_time() - started)
            state.apply(move)
        score += state.returns()[challenger_seat]
        running = wilson(score, i + 1)
        print(f"{i + 1} {score:.1f} [{running.low:.3f}, {running.high:.3f}]", flush=True)
    final = wilson(score, args.games)
    result = {
        "game": args.game,
        "bot": args.bot,
        "against": args.against,
        "seed": args.seed,
        "games": args.games,
        "share": score / args.games,
        "interval": [final.low, final.high],
        "cpu_mean_ms": 1000 * sum(cpu) / max(1, len(cpu)),
        "cpu_max_ms": 1000 * max(cpu, default=0.0),
    }
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
