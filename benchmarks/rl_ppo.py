"""MaskablePPO (sb3-contrib) through the Gymnasium environment, across seeds, against random and
the ``medium`` bot.

For each game and seed: a MaskablePPO policy (sb3's ``MultiInputPolicy``, the observation and
the action mask as inputs, illegal actions masked out of the distribution) learns one seat of a
two-player game in four environments at once: seat 0 and seat 1, each against ``random`` and
against ``medium`` (the game's heuristic bot). Training games draw even seeds from the run's
seed; evaluation games use odd seeds, so none is ever trained on. At each of ``--points``
checkpoints the policy, as the ``ppo:FILE`` bot plays it (argmax over the legal actions from its
seat's observation), plays ``--eval-games`` games against each opponent with seats alternating;
evaluation is deterministic, draws nothing from the training generators (and runs inside
``torch.random.fork_rng`` to make that plain), so evaluating never changes the training run.
Each point reports the mean win rate across seeds with its 95% interval (Student's t over the
seeds); the JSON holds every seed's figures, the PNG the curves (mean, band, every seed).

Run: .venv/bin/python -m benchmarks.rl_ppo --json docs/results/rl-ppo-2026-11-27.json \\
         --plot docs/rl_ppo_curves.png
     [--games aces_versus_aces,down_in_flames] [--seeds 5] [--steps 8192] [--points 2]
     [--eval-games 30] [--jobs 2] [--save-dir DIR] (the policies, as ppo:FILE bots load them)
Needs the ``learn`` extra (torch, sb3-contrib).

Backs: docs/rl.md, "Learning that holds: MaskablePPO across seeds".
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import gymnasium
import matplotlib
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.logger import Logger
from stable_baselines3.common.vec_env import DummyVecEnv

matplotlib.use("Agg")  # files only, as aerodeck.sim.output does
import matplotlib.pyplot as plt

from aerodeck.agents.registry import make_agent
from aerodeck.core.api import Game
from aerodeck.core.rng import derive_seed
from aerodeck.rl.encode import make_for_learning
from aerodeck.rl.gym import AerodeckEnv
from aerodeck.rl.policy_bot import PPO, save_policy
from aerodeck.sim.match import play_game
from benchmarks.across_seeds import across_seeds, describe

OPPONENTS = ("random", "medium")
EVAL_SEED_BASE = 10**9 + 1  # odd: training games use even seeds


class EvenSeeds(gymnasium.Wrapper[Any, Any, Any, Any]):
    """Each episode on an even game seed drawn from the wrapper's own generator (seeded once):
    evaluation's odd seeds are never trained on."""

    def __init__(self, env: gymnasium.Env[Any, Any]) -> None:
        super().__init__(env)
        self.draw = np.random.default_rng(0)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        if seed is not None:
            self.draw = np.random.default_rng(seed)
        return self.env.reset(seed=2 * int(self.draw.integers(2**61)), options=options)

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined]


def training_envs(game_id: str, seed: int) -> DummyVecEnv:
    """Seat 0 and seat 1, each against random and against medium."""
    makers = [
        (lambda seat=seat, opponent=opponent: EvenSeeds(AerodeckEnv(game_id, 2, seat, opponent)))
        for opponent in OPPONENTS
        for seat in (0, 1)
    ]
    venv = DummyVecEnv(makers)
    venv.seed(seed)
    return venv


def evaluate(game: Game, policy_file: Path, opponent: str, games: int) -> float:
    """The policy's win rate against ``opponent`` over ``games`` games, seats alternating, on odd
    seeds; deterministic, and drawing nothing from the training generators."""
    wins = 0.0
    with torch.random.fork_rng():
        bot = PPO.make(game, 0, str(policy_file))
        for g in range(games):
            seed = EVAL_SEED_BASE + 2 * g
            seat = g % 2
            other = make_agent(opponent, game, derive_seed(seed, "opponent"))
            agents = [bot, other] if seat == 0 else [other, bot]
            wins += play_game(game, agents, seed, events=False).returns[seat]
    return wins / games


def train(
    game_id: str, seed: int, steps: int, points: int, eval_games: int, save_dir: Path
) -> dict[str, Any]:
    """One seed's run: its win rates against each opponent at each checkpoint."""
    torch.set_num_threads(1)  # small networks: one thread is fastest, and the machine is shared
    game = make_for_learning(game_id, 2)
    venv = training_envs(game_id, seed)
    model = MaskablePPO(
        "MultiInputPolicy",
        venv,
        n_steps=256,
        batch_size=256,
        n_epochs=4,
        gamma=0.995,
        ent_coef=0.01,
        seed=seed,
        device="cpu",
        verbose=0,
    )
    model.set_logger(Logger(None, []))  # no log folder: SB3's default makes one in /tmp per learn()
    chunk = steps // points
    started = time.process_time()
    curve = []
    policy_file = save_dir / f"{game_id}-seed{seed}.zip"
    for _ in range(points):
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
        save_policy(model, game, policy_file)
        rates = {
            opponent: evaluate(game, policy_file, opponent, eval_games) for opponent in OPPONENTS
        }
        curve.append({"steps": int(model.num_timesteps), **rates})
        print(
            f"{game_id} seed {seed} steps {model.num_timesteps:7d}: "
            + ", ".join(f"vs {o} {r:.3f}" for o, r in rates.items())
            + f" ({time.process_time() - started:.0f} s CPU)",
            flush=True,
        )
    return {
        "seed": seed,
        "cpu_seconds": time.process_time() - started,
        "policy_file": str(policy_file),
        "curve": curve,
    }


def summarise(game_id: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    """At each checkpoint, the mean win rate against each opponent across seeds."""
    curve = []
    for i, point in enumerate(runs[0]["curve"]):
        curve.append(
            {
                "steps": point["steps"],
                **{o: across_seeds([run["curve"][i][o] for run in runs]) for o in OPPONENTS},
            }
        )
    return {"game": game_id, "players": 2, "curve": curve, "final": curve[-1], "runs": runs}


def plot(result: dict[str, Any], path: str) -> None:
    games = result["games"]
    fig, axes = plt.subplots(1, len(games), figsize=(6 * len(games), 4), squeeze=False)
    for ax, table in zip(axes[0], games, strict=True):
        xs = [p["steps"] for p in table["curve"]]
        for opponent, colour in zip(OPPONENTS, ("tab:blue", "tab:orange"), strict=True):
            for run in table["runs"]:
                ax.plot(xs, [p[opponent] for p in run["curve"]], color=colour, alpha=0.2, lw=1)
            summary = [p[opponent] for p in table["curve"]]
            ax.fill_between(xs, [s["low"] for s in summary], [s["high"] for s in summary],
                            color=colour, alpha=0.2)  # fmt: skip
            ax.plot(xs, [s["mean"] for s in summary], marker="o", color=colour,
                    label=f"vs {opponent}: mean, 95% band across seeds")  # fmt: skip
        ax.axhline(0.5, color="grey", linestyle="--", lw=1)
        ax.set_ylim(0, 1)
        ax.set_xlabel("training steps (the learner's decisions)")
        ax.set_ylabel(f"win rate ({result['eval_games']} games a point)")
        ax.set_title(f"MaskablePPO: {table['game']}, 2 players, {len(table['runs'])} seeds")
        ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="aces_versus_aces,down_in_flames")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=8192)
    parser.add_argument("--points", type=int, default=2)
    parser.add_argument("--eval-games", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=2, help="runs trained at once (processes)")
    parser.add_argument("--save-dir", default="")
    parser.add_argument("--json", default="")
    parser.add_argument("--plot", default="")
    args = parser.parse_args()
    save_dir = Path(args.save_dir or tempfile.mkdtemp(prefix="rl-ppo-"))
    save_dir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    games = args.games.split(",")
    seeds = range(1, args.seeds + 1)
    budget = (args.steps, args.points, args.eval_games, save_dir)
    # Each run is its own process's work, seeded by its own seed: the order they run in, and
    # how many run at once, change nothing.
    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {(g, s): pool.submit(train, g, s, *budget) for g in games for s in seeds}
        runs = {key: future.result() for key, future in futures.items()}
    tables = []
    for game_id in games:
        tables.append(summarise(game_id, [runs[game_id, seed] for seed in seeds]))
        final = tables[-1]["final"]
        print(
            f"{game_id}: after {final['steps']} steps, "
            + ", ".join(f"vs {o} {describe(final[o])}" for o in OPPONENTS)
            + f" across {args.seeds} seeds",
            flush=True,
        )
    result = {
        "algorithm": "sb3-contrib MaskablePPO, MultiInputPolicy (64x64), 4 envs",
        "steps": args.steps,
        "seeds": list(range(1, args.seeds + 1)),
        "eval_games": args.eval_games,
        "interval": "95% Student t across seeds (each seed one win rate)",
        "wall_seconds": time.perf_counter() - started,
        "cpu_seconds": sum(run["cpu_seconds"] for run in runs.values()),
        "jobs": args.jobs,
        "games": tables,
    }
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=2)
    if args.plot:
        plot(result, args.plot)


if __name__ == "__main__":
    main()
