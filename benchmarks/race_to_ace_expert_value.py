"""Fit Race to Ace's ``expert`` value (``games/race_to_ace/data/expert_value.json``): a network
of one hidden layer (ReLU) on ``value.features`` of both seats' views after every move of games
between heuristic bots (two players, wingmen), trained on the result for that seat (a shared win
0.5) by Adam with a one-cycle learning rate, minibatches of 1,024.

    PYTHONPATH=.:src .venv/bin/python -m benchmarks.race_to_ace_expert_value --games 8000 \
        --out src/aerodeck/games/race_to_ace/data/expert_value.json

Needs torch (not a dependency of aerodeck: ``pip install torch``); the game reads the fitted
weights with numpy. Deterministic: the games are seeded, torch's generator is seeded and runs
on one thread. It prints the log loss on held-out games (a fresh seed) of the network, of a
logistic regression on the same features and of ``hard``'s value (``bot.evaluate``).

Backs: docs/bots.md, ``expert`` in Race to Ace.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

import numpy as np
import torch
from numpy.typing import NDArray

from aerodeck.agents.registry import make_agent
from aerodeck.core.registry import make
from aerodeck.core.rng import derive_seed
from aerodeck.games.race_to_ace import bot, value
from benchmarks.race_to_ace_value import fit, log_loss

Array = NDArray[np.float32]


def positions(seed: int, games: int) -> tuple[Array, Array]:
    """``value.features`` of both seats' views after every move of ``games`` heuristic games,
    and the result for that seat."""
    game = make("race_to_ace", 2, wingmen=True)
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
                seen.extend((seat, value.features(state.view(seat))) for seat in range(2))
        returns = state.returns()
        for seat, row in seen:
            rows.append(row)
            results.append(float(returns[seat]))
    return np.array(rows, dtype=np.float32), np.array(results, dtype=np.float32)


def train(x: Array, y: Array, hidden: int, epochs: int, rate: float) -> torch.nn.Sequential:
    """The network, fitted by minibatch Adam (one-cycle learning rate, weight decay 1e-5)."""
    torch.set_num_threads(1)
    torch.manual_seed(0)
    inputs, targets = torch.tensor(x), torch.tensor(y)
    net = torch.nn.Sequential(
        torch.nn.Linear(x.shape[1], hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, 1)
    )
    optimiser = torch.optim.Adam(net.parameters(), lr=rate, weight_decay=1e-5)
    batch = 1024
    steps = epochs * ((len(y) + batch - 1) // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=rate, total_steps=steps)
    for _ in range(epochs):
        order = torch.randperm(len(y))
        for i in range(0, len(y), batch):
            b = order[i : i + batch]
            loss = torch.nn.functional.binary_cross_entropy_with_logits(
                net(inputs[b]).squeeze(1), targets[b]
            )
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
    return net


def layers(net: torch.nn.Sequential) -> list[dict[str, Any]]:
    """The network's layers as ``data/expert_value.json`` keeps them (five decimals)."""
    return [
        {
            "weight": [[round(float(v), 5) for v in row] for row in m.weight.detach().numpy()],
            "bias": [round(float(v), 5) for v in m.bias.detach().numpy()],
        }
        for m in net
        if hasattr(m, "weight")
    ]


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=8000)
    parser.add_argument("--test-games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=5001)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--rate", type=float, default=3e-3)
    parser.add_argument("--out", help="write the fitted network here")
    args = parser.parse_args(argv)
    x, y = positions(args.seed, args.games)
    tx, ty = positions(args.seed + 1, args.test_games)
    net = train(x, y, args.hidden, args.epochs, args.rate)
    fitted = {"features": list(value.FEATURES), "layers": layers(net)}
    if args.out:
        with open(args.out, "w") as out:
            json.dump(fitted, out, separators=(",", ":"))
    predicted = predict(fitted, tx.astype(np.float64))
    logistic = fit(x.astype(np.float64), y.astype(np.float64), ridge=1e-4, rounds=25)
    base = len(bot.FEATURES)
    hard = np.array([bot.evaluate_features(row[:base]) for row in tx.tolist()])
    result = {
        "positions": len(y),
        "test_positions": len(ty),
        "test_log_loss": log_loss(predicted, ty),
        "test_log_loss_logistic_same_features": log_loss(
            1.0 / (1.0 + np.exp(-(tx.astype(np.float64) @ logistic))), ty
        ),
        "test_log_loss_hard_value": log_loss(hard, ty),
        "test_log_loss_constant": log_loss(np.full_like(ty, ty.mean()), ty),
        "test_correlation": float(np.corrcoef(predicted, ty)[0, 1]),
    }
    print(json.dumps(result, indent=1))
    return result


def predict(fitted: dict[str, Any], x: NDArray[np.float64]) -> NDArray[np.float64]:
    """The value of each row of features under a network as ``layers`` writes it."""
    *hidden, last = fitted["layers"]
    for layer in hidden:
        x = np.maximum(x @ np.array(layer["weight"]).T + np.array(layer["bias"]), 0.0)
    lead = x @ np.array(last["weight"][0]) + last["bias"][0]
    result: NDArray[np.float64] = 1.0 / (1.0 + np.exp(-lead))
    return result


if __name__ == "__main__":
    main()
