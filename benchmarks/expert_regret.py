"""How well a search level decides, against a high-budget oracle, at positions of heuristic games.

Plays seeded games between heuristic bots and, at a share of the decisions with a choice, asks
each named bot (a level, or ``hard`` with other settings) for its move, timing it (CPU of this
process). Then an oracle plays out the moves chosen, the heuristic's move and up to ``--others``
more legal moves in ``--worlds`` sampled worlds (paired, with ``hard``'s playout horizon and the
game's ``evaluate``, or ``--oracle-horizon`` moves, 0 for playouts to the end), and a bot's
regret at the decision is the oracle's best value less the value of its move. The oracle is
one-step policy improvement over the heuristic with many worlds: a bot's regret is how far it is
from the best move *under the heuristic's playouts*, so a design that only sharpens those
estimates can do no better than a regret of zero here (docs/bots.md, ``expert``, reads it)::

    PYTHONPATH=.:src .venv/bin/python -m benchmarks.expert_regret ace_race --positions 30 \
        --seed 9001 --bot hard --bot expert

Offline and slow on purpose; tuning seeds only (>= 9001).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from aerodeck.agents.levels import searcher
from aerodeck.agents.registry import make_agent
from aerodeck.agents.rollouts import RolloutAgent
from aerodeck.core.api import Action, Agent, Game, Observation
from aerodeck.core.registry import make
from aerodeck.core.rng import derive_seed
from aerodeck.core.search import SearchSettings
from benchmarks.strength import PLAYERS, options_for


def bot_for(name: str, game: Game, seed: int) -> Agent:
    """A registry bot, or ``hard:{json}``: hard's settings with those fields replaced."""
    if name.startswith("hard:"):
        fields = json.loads(name[5:])
        if "phases" in fields and fields["phases"] is not None:
            fields["phases"] = tuple(fields["phases"])

        settings = SearchSettings(**{**game.search_settings().__dict__, **fields})
        return searcher(settings, game, seed, name)
    return make_agent(name, game, seed)


def oracle(
    game: Game,
    observation: Observation,
    moves: list[Action],
    worlds: int,
    seed: int,
    horizon: int | None,
) -> list[float]:
    """Each move's mean value over ``worlds`` sampled worlds, paired, heuristic playouts for
    ``horizon`` moves then the game's ``evaluate`` (None: to the end)."""
    look = SearchSettings(worlds=worlds, horizon=horizon, budget=None)
    judge = RolloutAgent(
        game,
        seed,
        policy=game.bots()["heuristic"],
        settings=look,
        evaluate=game.evaluate if look.evaluates else None,
    )
    rng = random.Random(seed)
    totals = [0.0] * len(moves)
    for _ in range(worlds):
        world = observation.sample(rng).mute_events()
        for k, move in enumerate(moves):
            trial = world.clone()
            trial.apply_unchecked(move)
            totals[k] += judge.playout(trial, observation.seat)
    return [t / worlds for t in totals]


def run(args: argparse.Namespace) -> dict[str, Any]:
    game = make(args.game, PLAYERS, **options_for(args.game))
    heuristic = make_agent("heuristic", game, args.seed)
    bots = {name: bot_for(name, game, derive_seed(args.seed, "bot", name)) for name in args.bot}
    rng = random.Random(args.seed)
    horizon = game.search_settings().horizon
    if args.oracle_horizon is not None:
        horizon = None if args.oracle_horizon == 0 else args.oracle_horizon
    rows: list[dict[str, Any]] = []
    index = 0
    while len(rows) < args.positions:
        state = game.new_game(seed=derive_seed(args.seed, index)).mute_events()
        index += 1
        while not state.is_terminal and len(rows) < args.positions:
            seat = state.current_player
            assert seat is not None
            observation = state.observation(seat)
            favourite = heuristic.choose(observation)
            phase = observation.view.get("phase")
            searched = args.phase is None or phase in args.phase
            if len(observation.legal_actions) > 1 and searched and rng.random() < args.share:
                chosen: dict[str, Action] = {}
                cpu: dict[str, float] = {}
                for name, bot in bots.items():
                    started = time.process_time()
                    chosen[name] = bot.choose(state.observation(seat))
                    cpu[name] = time.process_time() - started
                others = [a for a in observation.legal_actions if a != favourite]
                extra = rng.sample(others, min(args.others, len(others)))
                moves = list(dict.fromkeys([favourite, *chosen.values(), *extra]))
                values = oracle(game, observation, moves, args.worlds, rng.getrandbits(63), horizon)
                best = max(values)
                rows.append(
                    {
                        "phase": phase,
                        "choices": len(observation.legal_actions),
                        "heuristic_regret": best - values[0],
                        "regret": {n: best - values[moves.index(a)] for n, a in chosen.items()},
                        "differs": {n: a != favourite for n, a in chosen.items()},
                        "cpu": cpu,
                    }
                )
                print(len(rows), json.dumps(rows[-1]["regret"]), flush=True)
            state.apply_unchecked(favourite)
    summary: dict[str, Any] = {
        "heuristic": {"mean_regret": statistics.fmean(r["heuristic_regret"] for r in rows)}
    }
    for name in bots:
        times = sorted(r["cpu"][name] for r in rows)
        summary[name] = {
            "mean_regret": statistics.fmean(r["regret"][name] for r in rows),
            "deviates": sum(r["differs"][name] for r in rows),
            "cpu_mean_ms": 1000 * statistics.fmean(times),
            "cpu_max_ms": 1000 * times[-1],
        }
    return {"game": args.game, "seed": args.seed, "positions": len(rows), "summary": summary}


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bot", action="append", required=True)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--worlds", type=int, default=400, help="the oracle's worlds")
    parser.add_argument(
        "--oracle-horizon", type=int, help="the oracle's playout moves (0: to the end)"
    )
    parser.add_argument("--others", type=int, default=6, help="more legal moves the oracle tries")
    parser.add_argument("--share", type=float, default=0.3, help="decisions sampled")
    parser.add_argument("--phase", action="append", help="only decisions of these phases")
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument("--json")
    args = parser.parse_args(argv)
    result = run(args)
    print(json.dumps(result["summary"], indent=1))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(result, out, indent=1)
    return result


if __name__ == "__main__":
    main()
