"""The batched environments give what the single ones give for the same seeds and actions
(autoresets included), in numpy arrays of the declared shapes and types; they reproduce from a
seed, pickle, and refuse bad actions as the single environments do."""

from __future__ import annotations

import pickle
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.error import InvalidAction

from aerodeck.rl.batch import AerodeckVectorEnv, SelfPlayBatch
from aerodeck.rl.gym import ENV_IDS
from aerodeck.rl.pettingzoo import raw_env

GAMES = sorted(ENV_IDS)


def _random_actions(masks: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """A uniformly random allowed action per row."""
    return np.array([int(rng.choice(np.flatnonzero(mask))) for mask in masks])


def _check_shapes(obs: dict[str, Any], envs: AerodeckVectorEnv | SelfPlayBatch) -> None:
    n, space = envs.num_envs, envs.single_observation_space
    assert obs["observation"].shape == (n, *space["observation"].shape)
    assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
    assert obs["action_mask"].shape == (n, envs.single_action_space.n)
    assert all(space.contains({key: obs[key][i] for key in space}) for i in range(n))


@pytest.mark.parametrize(
    ("game_id", "opponent"), [("aces_versus_aces", "heuristic"), ("down_in_flames", "random")]
)
def test_the_vector_env_gives_what_a_sync_vector_env_of_single_envs_gives(
    game_id: str, opponent: str
) -> None:
    batched = gymnasium.make_vec(ENV_IDS[game_id], num_envs=3, opponent=opponent)
    assert isinstance(batched, AerodeckVectorEnv)
    single = gymnasium.make_vec(
        ENV_IDS[game_id], num_envs=3, vectorization_mode="sync", opponent=opponent
    )
    (obs, info), (expected, _) = batched.reset(seed=11), single.reset(seed=11)
    rng, finished = np.random.default_rng(0), 0
    for _ in range(200):
        _check_shapes(obs, batched)
        for key in ("observation", "action_mask"):
            assert np.array_equal(obs[key], expected[key]), key
        assert np.array_equal(info["action_mask"], obs["action_mask"])
        assert np.array_equal(batched.action_masks(), obs["action_mask"].astype(bool))
        actions = _random_actions(obs["action_mask"], rng)
        obs, rewards, terminated, truncated, info = batched.step(actions)
        expected, want_rewards, want_terminated, want_truncated, _ = single.step(actions)
        assert np.array_equal(rewards, want_rewards)
        assert np.array_equal(terminated, want_terminated)
        assert np.array_equal(truncated, want_truncated)
        finished += int(terminated.sum())
    assert finished >= 3, "autoresets were exercised"


@pytest.mark.parametrize("game_id", GAMES)
def test_self_play_gives_what_one_pettingzoo_env_per_game_gives(game_id: str) -> None:
    """Truncated after 60 moves (Air Racing's games are long): both ends autoreset."""
    batch = SelfPlayBatch(game_id, num_envs=3, max_steps=60)
    singles = [raw_env(game_id, max_steps=60) for _ in range(3)]
    obs, _ = batch.reset(seed=4)
    for i, env in enumerate(singles):
        env.reset(seed=4 + i)
    rng, finished = np.random.default_rng(1), 0
    for _ in range(200):
        _check_shapes(obs, batch)
        for i, env in enumerate(singles):
            agent = env.agent_selection
            assert batch.possible_agents[obs["seat"][i]] == agent
            want = env.observe(agent)
            assert np.array_equal(obs["observation"][i], want["observation"])
            assert np.array_equal(obs["action_mask"][i], want["action_mask"])
        actions = _random_actions(obs["action_mask"], rng)
        obs, rewards, terminated, truncated, _ = batch.step(actions)
        for i, env in enumerate(singles):
            env.step(int(actions[i]))
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                assert (terminated[i], truncated[i]) == (
                    env.terminations[agent],
                    env.truncations[agent],
                )
                assert rewards[i].tolist() == [env.rewards[a] for a in env.possible_agents]
                env.reset()  # the next seed from the game's own generator, as the batch draws
                finished += 1
            else:
                assert not terminated[i] and not rewards[i].any()
    assert finished >= 3, "autoresets were exercised"


def test_a_seed_replays_the_batch_and_another_seed_does_not() -> None:
    def first_observations(seed: int) -> np.ndarray[Any, Any]:
        batch = SelfPlayBatch("aces_versus_aces", num_envs=4)
        obs, _ = batch.reset(seed=seed)
        for _ in range(5):
            obs, *_ = batch.step(_random_actions(obs["action_mask"], np.random.default_rng(0)))
        return obs["observation"]

    assert np.array_equal(first_observations(3), first_observations(3))
    assert not np.array_equal(first_observations(3), first_observations(4))


def test_returned_arrays_are_not_overwritten_by_the_next_step() -> None:
    batch = SelfPlayBatch("ace_race", num_envs=2)
    obs, _ = batch.reset(seed=0)
    kept = obs["observation"].copy()
    batch.step(_random_actions(obs["action_mask"], np.random.default_rng(0)))
    assert np.array_equal(obs["observation"], kept)


@pytest.mark.parametrize("make", [AerodeckVectorEnv, SelfPlayBatch])
def test_a_pickled_batch_goes_on_exactly_as_the_original(make: Any) -> None:
    envs = make("down_in_flames", num_envs=2)
    obs, _ = envs.reset(seed=9)
    copy = pickle.loads(pickle.dumps(envs))
    for _ in range(15):
        actions = _random_actions(obs["action_mask"], np.random.default_rng(2))
        obs, rewards, *_ = envs.step(actions)
        again, rewards_again, *_ = copy.step(actions)
        assert np.array_equal(again["observation"], obs["observation"])
        assert np.array_equal(rewards_again, rewards)


def test_an_illegal_action_ends_that_game_with_minus_one_for_its_seat() -> None:
    batch = SelfPlayBatch("aces_versus_aces", num_envs=2)
    obs, _ = batch.reset(seed=1)
    actions = _random_actions(obs["action_mask"], np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    seat = obs["seat"][1]
    _, rewards, terminated, _, info = batch.step(actions)
    assert terminated.tolist() == [False, True] and info["illegal"].tolist() == [False, True]
    assert rewards[1, seat] == -1.0 and rewards[1].sum() == -1.0

    envs = AerodeckVectorEnv("aces_versus_aces", num_envs=2)
    obs, _ = envs.reset(seed=1)
    actions[1] = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    obs, rewards, terminated, _, info = envs.step(actions)
    assert rewards[1] == -1.0 and terminated[1] and info["illegal"][1]
    assert obs["action_mask"][1].all(), "the last observation allows every action"


@pytest.mark.parametrize("actions", [[0, -1], [0, 10**6], [0.5, 1.0], [0]])
def test_actions_outside_the_space_are_gymnasiums_invalid_action(actions: list[Any]) -> None:
    for envs in (AerodeckVectorEnv("ace_race", num_envs=2), SelfPlayBatch("ace_race", 2)):
        envs.reset(seed=0)
        with pytest.raises(InvalidAction, match="action"):
            envs.step(actions)
