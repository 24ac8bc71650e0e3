"""Same seed, same trajectory, across processes: a seeded PettingZoo episode is replayed in a
fresh interpreter (another hash seed) and must match step for step."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from aerodeck.rl.encode import encoded_games
from aerodeck.rl.pettingzoo import env
from aerodeck.testing.server import child_environment

ENCODED = encoded_games()

ROOT = Path(__file__).resolve().parents[2]


def trajectory(game_id: str, players: int, seed: int) -> dict[str, object]:
    """Every agent, action, observation digest and reward of one seeded episode."""
    zoo = env(game_id, players=players)
    zoo.reset(seed=seed)
    for i, agent in enumerate(zoo.possible_agents):
        zoo.action_space(agent).seed(seed + i)
    digest = hashlib.sha256()
    steps = []
    for agent in zoo.agent_iter():
        obs, reward, terminated, truncated, _ = zoo.last()
        digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
        action = (
            None if terminated or truncated else zoo.action_space(agent).sample(obs["action_mask"])
        )
        steps.append([agent, None if action is None else int(action), float(reward)])
        zoo.step(action)
    return {"steps": steps, "observations": digest.hexdigest()}


def players_of(game_id: str) -> int:
    return 2 if game_id == "down_in_flames" else 3


@pytest.fixture(scope="module")
def in_another_process() -> dict[str, object]:
    """Every encoded game's seeded episode, played in one fresh interpreter with another hash
    seed (one child for all the games: its start and imports cost more than the episodes)."""
    code = (
        "import json, sys; from tests.rl.test_same_seed import ENCODED, players_of, trajectory; "
        "json.dump({g: trajectory(g, players_of(g), 21) for g in ENCODED}, sys.stdout)"
    )
    environ = child_environment(ROOT, PYTHONHASHSEED="12345")
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environ, capture_output=True, text=True,
        check=True, timeout=120,
    )  # fmt: skip
    there: dict[str, object] = json.loads(done.stdout)
    return there


@pytest.mark.parametrize("game_id", ENCODED)
def test_the_same_seed_gives_the_same_trajectory_in_another_process(
    game_id: str, in_another_process: dict[str, object]
) -> None:
    here = trajectory(game_id, players_of(game_id), seed=21)
    assert in_another_process[game_id] == json.loads(json.dumps(here))
    assert len(np.unique([s[0] for s in here["steps"]])) > 1  # type: ignore[index]
