"""What practitioners expect of the environments: they pickle, the Gymnasium one gives
``action_masks()``, stays terminated, refuses out-of-range actions as Gymnasium does, keeps a
masked policy defined in a vector env, two players by default, and OpenSpiel says truthfully that
there is no information-state tensor."""

from __future__ import annotations

import pickle

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.error import InvalidAction

import aerodeck
import aerodeck.rl.openspiel
from aerodeck.rl.gym import ENV_IDS, AerodeckEnv
from aerodeck.rl.pettingzoo import env as pettingzoo_env
from aerodeck.rl.pettingzoo import raw_env

GAMES = sorted(ENV_IDS)
GAME_COUNTS = [
    (info.id, players)
    for info in aerodeck.list_games()
    if info.id in ENV_IDS
    for players in info.player_counts
]


def _random_steps(env: AerodeckEnv, rng: np.random.Generator, steps: int) -> list[float]:
    """Play up to ``steps`` masked random actions; the rewards seen."""
    rewards = []
    for _ in range(steps):
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _, reward, done, _, _ = env.step(action)
        rewards.append(reward)
        if done:
            break
    return rewards


@pytest.mark.parametrize("game_id", GAMES)
def test_a_pickled_gymnasium_env_goes_on_exactly_as_the_original(game_id: str) -> None:
    env = AerodeckEnv(game_id, opponent="heuristic")
    env.reset(seed=7)
    _random_steps(env, np.random.default_rng(1), 5)
    copy = pickle.loads(pickle.dumps(env))
    assert np.array_equal(copy.action_masks(), env.action_masks())
    assert _random_steps(copy, np.random.default_rng(2), 40) == _random_steps(
        env, np.random.default_rng(2), 40
    )
    assert copy.state.history() == env.state.history()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_pickled_pettingzoo_env_goes_on_exactly_as_the_original(game_id: str) -> None:
    env = pettingzoo_env(game_id)
    env.reset(seed=3)
    for _ in range(4):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(env))
    for e in (env, copy):
        for _ in range(10):
            if e.terminations[e.agent_selection]:
                break
            e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[-1]))
    assert copy.unwrapped.game_state.history() == env.unwrapped.game_state.history()
    agent = env.agent_selection
    assert np.array_equal(copy.observe(agent)["observation"], env.observe(agent)["observation"])


def test_action_masks_are_the_observations_mask_as_booleans() -> None:
    env = AerodeckEnv("aces_versus_aces")
    obs, _ = env.reset(seed=1)
    masks = env.action_masks()
    assert masks.dtype == np.bool_ and np.array_equal(masks, obs["action_mask"].astype(bool))


def test_after_an_illegal_action_the_episode_stays_over_until_reset() -> None:
    env = AerodeckEnv("aces_versus_aces")
    obs, _ = env.reset(seed=1)
    legal = np.flatnonzero(obs["action_mask"])
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, _, done, _, _ = env.step(illegal)
    assert done
    with pytest.raises(InvalidAction, match="episode is over: call reset"):
        env.step(int(legal[0]))
    env.reset(seed=1)
    env.step(int(legal[0]))  # a fresh episode plays again


@pytest.mark.parametrize("action", [-1, 10**9, 2.5, "3", None])
def test_an_action_outside_the_space_is_gymnasiums_invalid_action(action: object) -> None:
    env = AerodeckEnv("ace_race")
    env.reset(seed=1)
    with pytest.raises(InvalidAction, match="not in the action space"):
        env.step(action)


def test_the_last_observation_allows_every_action_so_a_vector_env_autoresets() -> None:
    envs = gymnasium.make_vec(ENV_IDS["aces_versus_aces"], num_envs=2, vectorization_mode="sync")
    obs, _ = envs.reset(seed=5)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        masks = obs["action_mask"]
        assert masks.any(axis=1).all(), "a masked policy always has an action to draw"
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in masks]
        obs, _, terminated, _, _ = envs.step(actions)
        finished += int(terminated.sum())
        if finished >= 2:
            break
    assert finished >= 2
    envs.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_environment_seats_two_players_unless_told(game_id: str) -> None:
    assert AerodeckEnv(game_id).game.players == 2
    assert len(pettingzoo_env(game_id).possible_agents) == 2
    assert len(pettingzoo_env(game_id, players=3).possible_agents) == 3


def test_openspiel_refuses_the_information_state_tensor_it_does_not_have() -> None:
    assert aerodeck.rl.openspiel.GAME_CLASSES
    game = pyspiel.load_game("aerodeck_aces_versus_aces")
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    state.apply_action(3)
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert state.information_state_string(0)
    for ask in (lambda: state.information_state_tensor(0), game.information_state_tensor_shape):
        with pytest.raises(NotImplementedError, match="no information-state tensor"):
            ask()


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_every_observation_lies_within_the_declared_bounds(game_id: str, players: int) -> None:
    env = raw_env(game_id, players=players)
    space = env.observation_space(env.possible_agents[0])["observation"]
    assert space.low.min() >= -1.0 and space.high.max() <= 16.0, "bounds as declared, not +-1000"
    rng = np.random.default_rng(players)
    for seed in range(4):
        env.reset(seed=seed)
        while not env.terminations[env.agent_selection]:
            agent = env.agent_selection
            observation = env.observe(agent)
            assert space.contains(observation["observation"]), (seed, env.game_state.move_number)
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
