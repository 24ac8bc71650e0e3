"""A policy that learns through the PettingZoo environment and beats the random bot.

REINFORCE with a running-mean baseline on a linear softmax policy (numpy only): the logits are
``W @ observation + b``, illegal actions masked out. The learner takes a seat of a two-player
game (the seats alternate by episode) and the other seat plays uniformly among its legal
actions, both through ``aerodeck.rl.pettingzoo.env``. Every ``--eval-every`` episodes the greedy
policy plays ``--eval-games`` fresh games against random (seats alternating, seeds never seen in
training); the curve and its 95% Wilson intervals go to a PNG.

Run: .venv/bin/python benchmarks/rl_learn.py --episodes 3000 --plot docs/rl_learning_curve.png
     [--game aces_versus_aces] [--eval-games 400] [--seed 1] [--json out.json]

Backs: docs/rl.md, "An agent that learns": the learning curve.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from typing import Any

import matplotlib
import numpy as np
import numpy.typing as npt

matplotlib.use("Agg")  # files only, as aerodeck.sim.output does
import matplotlib.pyplot as plt

from aerodeck.rl.pettingzoo import env as make_env
from aerodeck.sim.stats import Estimate, wilson

Array = npt.NDArray[np.float64]
EVAL_SEED_BASE = 10**9  # evaluation games use seeds far from the training episodes'


@dataclass
class LinearPolicy:
    """Masked softmax over ``W @ x + b``; trained by REINFORCE."""

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

    def act(self, x: Array, mask: npt.NDArray[np.int8], greedy: bool = False) -> int:
        p = self.probabilities(x, mask)
        if greedy:  # the most likely action, ties broken at random (untrained: random play)
            best = np.flatnonzero(p >= p.max() - 1e-12)
            return int(best[0] if len(best) == 1 else self.rng.choice(best))
        action = int(self.rng.choice(len(p), p=p))
        self.trace.append((x, p, action))
        return action

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


def play(
    game_id: str,
    policy: LinearPolicy,
    seat: int,
    seed: int,
    greedy: bool,
    opponent_rng: np.random.Generator,
) -> float:
    """One game through the PettingZoo env: ``policy`` at ``seat``, random elsewhere."""
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
        if agent == learner:
            action = policy.act(obs["observation"].astype(np.float64), mask, greedy=greedy)
        else:
            action = int(opponent_rng.choice(np.flatnonzero(mask)))
        zoo.step(action)
    return result


def evaluate(game_id: str, policy: LinearPolicy, games: int, seed: int) -> Estimate:
    """The greedy policy's win rate against random, seats alternating, with its 95% interval."""
    rng = np.random.default_rng(seed)
    total = sum(
        play(game_id, policy, g % 2, EVAL_SEED_BASE + seed * 100_000 + g, True, rng)
        for g in range(games)
    )
    return wilson(total, games)


def train(
    game_id: str, episodes: int, eval_every: int, eval_games: int, seed: int
) -> dict[str, Any]:
    probe = make_env(game_id, players=2)
    probe.reset(seed=0)
    features = probe.observation_space("player_0")["observation"].shape[0]
    policy = LinearPolicy.zeros(probe.action_space("player_0").n, features, seed)
    opponent = np.random.default_rng(seed + 1)
    curve = [{"episodes": 0, **evaluate(game_id, policy, eval_games, seed).as_dict()}]
    started = time.perf_counter()
    for episode in range(1, episodes + 1):
        result = play(game_id, policy, episode % 2, seed * 1_000_000 + episode, False, opponent)
        policy.learn(result)
        if episode % eval_every == 0 or episode == episodes:
            point = evaluate(game_id, policy, eval_games, seed)
            curve.append({"episodes": episode, **point.as_dict()})
            print(
                f"episode {episode:6d}: win rate vs random {point.value:.3f} "
                f"[{point.low:.3f}, {point.high:.3f}]  ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
    return {
        "game": game_id,
        "players": 2,
        "algorithm": "REINFORCE, linear softmax policy, running-mean baseline",
        "episodes": episodes,
        "seed": seed,
        "eval_games": eval_games,
        "seconds": time.perf_counter() - started,
        "curve": curve,
        "final": curve[-1],
    }


def plot(result: dict[str, Any], path: str) -> None:
    xs = [p["episodes"] for p in result["curve"]]
    ys = [p["value"] for p in result["curve"]]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.fill_between(
        xs, [p["low"] for p in result["curve"]], [p["high"] for p in result["curve"]], alpha=0.25
    )
    ax.plot(xs, ys, marker="o", label="learned policy (greedy) vs random")
    ax.axhline(0.5, color="grey", linestyle="--", label="random vs random")
    ax.set_xlabel("training episodes (through the PettingZoo env)")
    ax.set_ylabel(f"win rate over {result['eval_games']} games (95% interval)")
    ax.set_title(f"REINFORCE, linear policy: {result['game']}, 2 players")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="aces_versus_aces")
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--eval-every", type=int, default=500)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", default="")
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    result = train(args.game, args.episodes, args.eval_every, args.eval_games, args.seed)
    final = result["final"]
    print(
        f"final: {final['value']:.3f} [{final['low']:.3f}, {final['high']:.3f}] against random "
        f"after {args.episodes} episodes, {result['seconds']:.0f} s"
    )
    if args.plot:
        plot(result, args.plot)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=2)


if __name__ == "__main__":
    main()
