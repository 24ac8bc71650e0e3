"""The Gymnasium single-agent environments: registered, pass check_env, bots in the other seats."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from aerodeck.core.errors import ConfigError
from aerodeck.rl.gym import ENV_IDS, AerodeckEnv


@pytest.mark.parametrize("env_id", sorted(ENV_IDS.values()))
def test_gymnasium_check_env(env_id: str) -> None:
    env = gymnasium.make(env_id, players=2, opponent="heuristic")
    with redirect_stdout(io.StringIO()):
        check_env(env.unwrapped)


def _episode(env: AerodeckEnv, seed: int) -> tuple[list[int], float]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, reward, done = [], 0.0, False
    while not done:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
    return actions, reward


@pytest.mark.parametrize("game_id", sorted(ENV_IDS))
def test_an_episode_against_bots_ends_with_the_seats_return(game_id: str) -> None:
    env = AerodeckEnv(game_id, players=3 if game_id != "down_in_flames" else 2, seat=1)
    actions, reward = _episode(env, seed=4)
    assert env.state.is_terminal
    assert reward == env.state.returns()[1]
    assert actions, "the learning seat never decided"
    again, reward_again = _episode(env, seed=4)
    assert (again, reward_again) == (actions, reward), "the same seed gave another episode"


def test_an_illegal_action_ends_the_episode_with_minus_one() -> None:
    env = AerodeckEnv("aces_versus_aces", players=2)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal"]) == (-1.0, True, True)


def test_the_other_seats_are_the_chosen_bots() -> None:
    env = AerodeckEnv("race_to_ace", players=3, opponent="heuristic")
    env.reset(seed=2)
    assert {type(bot).__name__ for bot in env.bots.values()} != {"RandomAgent"}
    assert sorted(env.bots) == [1, 2]


def test_bad_settings_get_one_clear_error() -> None:
    with pytest.raises(ConfigError, match="unknown bot"):
        AerodeckEnv("aces_versus_aces", opponent="grandmaster")
    with pytest.raises(ConfigError, match="seat"):
        AerodeckEnv("aces_versus_aces", players=2, seat=2)


@pytest.mark.parametrize("seed", [-1, 2**63])
def test_a_seed_outside_the_range_is_the_one_seed_error(seed: int) -> None:
    with pytest.raises(ConfigError, match=f"from 0 to 2\\*\\*63-1, not {seed}"):
        AerodeckEnv("ace_race").reset(seed=seed)
