"""A policy that learns through the PettingZoo environment and beats the random bot, across seeds.

REINFORCE with a running-mean baseline on a linear softmax policy (numpy only): the logits are
``W @ observation + b``, illegal actions masked out. The learner takes a seat of a two-player
game (the seats alternate by episode) and the other seat plays uniformly among its legal
actions, both through ``aerodeck.rl.pettingzoo.env``. Every ``--eval-every`` episodes the greedy
policy plays ``--eval-games`` fresh games against random (seats alternating, seeds never seen in
training). Evaluation has its own generators (the opponent's and the greedy tie-breaks, seeded
from the run's seed and the evaluation point), so how often and how long one evaluates never
changes the training run (each run's JSON carries a digest of its final weights to show it).
Each of ``--seeds`` trains its own policy; every evaluation point reports the mean win rate
across seeds with its 95% interval (Student's t over the seeds), and the PNG draws the mean,
the band and every seed's curve.

Run: .venv/bin/python -m benchmarks.rl_learn --episodes 1000 --seeds 5 --jobs 5 \\
         --plot docs/rl_learning_curve.png
     [--game aces_versus_aces] [--eval-every 250] [--eval-games 100] [--json out.json]

Backs: docs/rl.md, "An agent that learns": the learning curve across seeds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import matplotlib
import numpy as np
import numpy.typing as npt

matplotlib.use("Agg")  # files only, as aerodeck.sim.output does
import matplotlib.pyplot as plt

from aerodeck.rl.pettingzoo import env as make_env
from aerodeck.sim.stats import wilson
from benchmarks.across_seeds import across_seeds, describe

Array = npt.NDArray[np.float64]
EVAL_SEED_BASE = 10**9  # evaluation games use seeds far from the training episodes'
EVAL_STREAM = 7_777  # the evaluation generators' stream, apart from training's


@dataclass
class LinearPolicy:
    """Masked softmax over ``W @ x + b``; trained by REINFORCE. ``rng`` samples training moves
    only: the greedy moves of an evaluation break ties with the evaluation's own generator."""

    weights: Array
    bias: Array
    rng: np.random.Generator
    learning_rate: float = 0.05
    baseline: float = 0.5
    trace: list[tuple[Array, Array, int]] = field(default_factory=list)

    @classmethod
    def zeros(cls, actions: int, features: int, seed: int) -> LinearPolicy:
        return cls(np.zeros((actions, features)), np.zeros(actions), np.random.default_rng(seed))

    def probabilities(self, x: Array, mask: npt.NDArray[np.int8]) -> Array:
        logits = self.weights @ x + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()  # type: ignore[no-any-return]

    def sample(self, x: Array, mask: npt.NDArray[np.int8]) -> int:
        """A training move, drawn from the policy and remembered for ``learn``."""
        p = self.probabilities(x, mask)
        action = int(self.rng.choice(len(p), p=p))
        self.trace.append((x, p, action))
        return action

    def greedy(self, x: Array, mask: npt.NDArray[np.int8], ties: np.random.Generator) -> int:
        """The most likely action, ties broken with ``ties`` (untrained: random play)."""
        p = self.probabilities(x, mask)
        best = np.flatnonzero(p >= p.max() - 1e-12)
        return int(best[0] if len(best) == 1 else ties.choice(best))

    def learn(self, episode_return: float) -> None:
        """One REINFORCE update from the episode's decisions, then forget them."""
        advantage = episode_return - self.baseline
        self.baseline += 0.01 * (episode_return - self.baseline)
        for x, p, action in self.trace:
            grad = -p
            grad[action] += 1.0
            step = self.learning_rate * advantage / max(1, len(self.trace)) ** 0.5
            self.weights += step * np.outer(grad, x)
            self.bias += step * grad
        self.trace.clear()

    def digest(self) -> str:
        """A fingerprint of the weights: equal runs give equal digests."""
        return hashlib.sha256(self.weights.tobytes() + self.bias.tobytes()).hexdigest()[:16]


def play(
    game_id: str,
    policy: LinearPolicy,
    seat: int,
    seed: int,
    opponent_rng: np.random.Generator,
    ties: np.random.Generator | None = None,
) -> float:
    """One game through the PettingZoo env: ``policy`` at ``seat``, random elsewhere. The policy
    samples (and remembers) its moves, or plays greedily breaking ties with ``ties``."""
    zoo = make_env(game_id, players=2)
    zoo.reset(seed=seed)
    learner = f"player_{seat}"
    result = 0.0
    for agent in zoo.agent_iter():
        obs, reward, terminated, truncated, _ = zoo.last()
        if agent == learner:
            result = float(reward)
        if terminated or truncated:
            zoo.step(None)
            continue
        mask = obs["action_mask"]
        if agent != learner:
            action = int(opponent_rng.choice(np.flatnonzero(mask)))
        elif ties is None:
            action = policy.sample(obs["observation"].astype(np.float64), mask)
        else:
            action = policy.greedy(obs["observation"].astype(np.float64), mask, ties)
        zoo.step(action)
    return result


def evaluate(game_id: str, policy: LinearPolicy, games: int, seed: int, point: int) -> float:
    """The greedy policy's win rate against random over ``games`` (seats alternating). Its
    generators are its own, seeded from the run's seed and the evaluation point: evaluating
    draws nothing from the training run's."""
    rng = np.random.default_rng([EVAL_STREAM, seed, point])
    total = sum(
        play(game_id, policy, g % 2, EVAL_SEED_BASE + seed * 100_000 + g, rng, ties=rng)
        for g in range(games)
    )
    return total / games


def train(
    game_id: str, episodes: int, eval_every: int, eval_games: int, seed: int
) -> dict[str, Any]:
    """One seed's run: its curve (win rate against random at each evaluation point)."""
    probe = make_env(game_id, players=2)
    probe.reset(seed=0)
    features = probe.observation_space("player_0")["observation"].shape[0]
    policy = LinearPolicy.zeros(probe.action_space("player_0").n, features, seed)
    opponent = np.random.default_rng(seed + 1)
    curve = [{"episodes": 0, "win_rate": evaluate(game_id, policy, eval_games, seed, 0)}]
    started = time.perf_counter()
    for episode in range(1, episodes + 1):
        result = play(game_id, policy, episode % 2, seed * 1_000_000 + episode, opponent)
        policy.learn(result)
        if episode % eval_every == 0 or episode == episodes:
            rate = evaluate(game_id, policy, eval_games, seed, episode)
            curve.append({"episodes": episode, "win_rate": rate})
            print(
                f"seed {seed} episode {episode:6d}: win rate vs random {rate:.3f} "
                f"({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
    return {
        "seed": seed,
        "seconds": time.perf_counter() - started,
        "weights_digest": policy.digest(),
        "curve": curve,
    }


def summarise(
    game_id: str, episodes: int, eval_games: int, runs: list[dict[str, Any]]
) -> dict[str, Any]:
    """The runs and, at each evaluation point, the mean across seeds with its 95% interval (and
    the pooled games' Wilson interval, which ignores the spread between runs, for contrast)."""
    points = [p["episodes"] for p in runs[0]["curve"]]
    curve = []
    for i, episodes_done in enumerate(points):
        rates = [run["curve"][i]["win_rate"] for run in runs]
        pooled = wilson(sum(rates) * eval_games, eval_games * len(rates))
        curve.append({"episodes": episodes_done, **across_seeds(rates), "pooled": pooled.as_dict()})
    return {
        "game": game_id,
        "players": 2,
        "algorithm": "REINFORCE, linear softmax policy, running-mean baseline",
        "episodes": episodes,
        "seeds": [run["seed"] for run in runs],
        "eval_games": eval_games,
        "interval": "95% Student t across seeds (each seed one win rate)",
        "seconds": sum(run["seconds"] for run in runs),
        "curve": curve,
        "final": curve[-1],
        "runs": runs,
    }


def plot(result: dict[str, Any], path: str) -> None:
    xs = [p["episodes"] for p in result["curve"]]
    fig, ax = plt.subplots(figsize=(7, 4))
    for run in result["runs"]:
        ax.plot(xs, [p["win_rate"] for p in run["curve"]], color="tab:blue", alpha=0.25, lw=1)
    ax.fill_between(
        xs,
        [p["low"] for p in result["curve"]],
        [p["high"] for p in result["curve"]],
        alpha=0.25,
        label="95% interval across seeds",
    )
    ax.plot(xs, [p["mean"] for p in result["curve"]], marker="o", label="mean across seeds")
    ax.axhline(0.5, color="grey", linestyle="--", label="random vs random")
    ax.set_xlabel("training episodes (through the PettingZoo env)")
    ax.set_ylabel(f"win rate vs random ({result['eval_games']} games a point)")
    ax.set_title(
        f"REINFORCE, linear policy: {result['game']}, 2 players, {len(result['runs'])} seeds"
    )
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def seed_list(text: str) -> list[int]:
    """``5`` is seeds 1 to 5; ``3,7,9`` those seeds."""
    if "," in text:
        return [int(part) for part in text.split(",")]
    return list(range(1, int(text) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="aces_versus_aces")
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--eval-every", type=int, default=250)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--seeds", type=seed_list, default=seed_list("5"), help="N or a,b,c")
    parser.add_argument("--jobs", type=int, default=1, help="seeds trained at once (processes)")
    parser.add_argument("--plot", default="")
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    budget = (args.episodes, args.eval_every, args.eval_games)
    with ProcessPoolExecutor(args.jobs) as pool:  # each seed's run is its own: jobs change nothing
        futures = [pool.submit(train, args.game, *budget, seed) for seed in args.seeds]
        runs = [future.result() for future in futures]
    result = summarise(args.game, args.episodes, args.eval_games, runs)
    for point in result["curve"]:
        print(f"episodes {point['episodes']:6d}: {describe(point)} across {point['seeds']} seeds")
    if args.plot:
        plot(result, args.plot)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=2)


if __name__ == "__main__":
    main()
