"""Fit Race to Ace's position value (``games.race_to_ace.bot.WEIGHTS``): a logistic regression
of the result of games between heuristic bots (two players, wingmen) on ``bot.features`` of a
seat's view, one view a move (the seat drawn at random), by Newton's method with a small ridge.

    .venv/bin/python -m benchmarks.race_to_ace_value --games 3000

It prints the held-out log loss and correlation with the result (a fresh seed's games) and the
weights, as the ``WEIGHTS`` tuple to paste into bot.py. docs/bots.md reads the numbers.

Backs: docs/bots.md, "The evaluations", and docs/games/race_to_ace.md, "The heuristic bot":
the reproduction of ``games.race_to_ace.bot.WEIGHTS``.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from aerodeck.agents.registry import make_agent
from aerodeck.core.registry import make
from aerodeck.core.rng import derive_seed
from aerodeck.games.race_to_ace import bot

Array = NDArray[np.float64]


def positions(seed: int, games: int) -> tuple[Array, Array]:
    """Features of one seat's view after every move of ``games`` heuristic games, and 1.0
    where that seat went on to win (0.5 for a shared win)."""
    game = make("race_to_ace", 2, wingmen=True)
    rng = random.Random(seed)
    rows: list[list[float]] = []
    results: list[float] = []
    for g in range(games):
        state = game.new_game(seed=derive_seed(seed, g)).mute_events()
        bots = [make_agent("heuristic", game, derive_seed(seed, g, "bot", s)) for s in range(2)]
        seen: list[tuple[int, list[float]]] = []
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            state.apply_unchecked(bots[player].choose(state.observation(player)))
            if not state.is_terminal:
                seat = rng.randrange(2)
                seen.append((seat, bot.features(state.view(seat))))
        returns = state.returns()
        for seat, row in seen:
            rows.append(row)
            results.append(float(returns[seat]))
    return np.array(rows), np.array(results)


def fit(x: Array, y: Array, ridge: float = 1e-3, rounds: int = 30) -> Array:
    """Logistic regression weights by Newton's method (a ridge keeps rare features finite)."""
    w = np.zeros(x.shape[1])
    for _ in range(rounds):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) / len(y) + ridge * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x / len(y) + ridge * np.eye(len(w))
        w = w - np.linalg.solve(hessian, gradient)
    return w


def log_loss(p: Array, y: Array) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--test-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1001)
    args = parser.parse_args(argv)
    x, y = positions(args.seed, args.games)
    tx, ty = positions(args.seed + 1, args.test_games)
    w = fit(x, y)
    predicted = 1.0 / (1.0 + np.exp(-(tx @ w)))
    current = np.array([bot.evaluate_features(row) for row in tx.tolist()])
    result = {
        "positions": len(y),
        "test_positions": len(ty),
        "test_log_loss": log_loss(predicted, ty),
        "test_log_loss_current_weights": log_loss(current, ty),
        "test_log_loss_constant": log_loss(np.full_like(ty, ty.mean()), ty),
        "test_correlation": float(np.corrcoef(predicted, ty)[0, 1]),
        "weights": dict(zip(bot.FEATURES, (round(float(v), 3) for v in w), strict=True)),
    }
    print(json.dumps(result, indent=1))
    print(
        "WEIGHTS = (\n"
        + "".join(f"    {v:.3f},  # {n}\n" for n, v in zip(bot.FEATURES, w, strict=True))
        + ")"
    )
    return result


if __name__ == "__main__":
    main()
