"""The PettingZoo environments pass PettingZoo's own tests, and keep the game's contract."""

from __future__ import annotations

import io
import warnings
from contextlib import redirect_stdout
from importlib import import_module
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import aerodeck
from aerodeck.core.errors import IllegalActionError
from aerodeck.rl.pettingzoo import ENVIRONMENTS, env, raw_env
from tests.conftest import GAME_COUNTS

# Every game at its fewest players and its most (PettingZoo's checks are per environment).
CASES = sorted(
    {(g, min(n for h, n in GAME_COUNTS if h == g)) for g, _ in GAME_COUNTS}
    | {(g, max(n for h, n in GAME_COUNTS if h == g)) for g, _ in GAME_COUNTS}
)


def _module(game_id: str) -> Any:
    return import_module(f"aerodeck.rl.pettingzoo.{ENVIRONMENTS[game_id]}")


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_api_test(game_id: str, players: int) -> None:
    with redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on Dict spaces, as for pettingzoo.classic
        api_test(_module(game_id).env(players=players), num_cycles=60)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_seed_test(game_id: str, players: int) -> None:
    seed_test(lambda: _module(game_id).env(players=players), num_cycles=60)


@pytest.mark.parametrize("game_id", sorted(ENVIRONMENTS))
def test_pettingzoo_render_test(game_id: str) -> None:
    def make(render_mode: str | None = None) -> Any:
        return _module(game_id).env(players=2, render_mode=render_mode)

    with redirect_stdout(io.StringIO()) as shown:
        render_test(make, custom_tests={"ansi": lambda text: len(text) > 20 and "[/" not in text})
    assert shown.getvalue(), "human mode printed nothing"


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_agent_selection_follows_the_seat_to_decide_and_rewards_are_returns(
    game_id: str, players: int
) -> None:
    zoo = raw_env(game_id, players=players)
    zoo.reset(seed=5)
    rng = np.random.default_rng(5)
    turns = []
    while not any(zoo.terminations.values()):
        state = zoo.game_state
        assert zoo.agent_selection == f"player_{state.current_player}"
        obs = zoo.observe(zoo.agent_selection)
        legal = {zoo.game.action_index(a) for a in state.legal_actions()}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        for other in zoo.agents:
            if other != zoo.agent_selection:
                assert not zoo.observe(other)["action_mask"].any()
        turns.append(zoo.agent_selection)
        zoo.step(int(rng.choice(sorted(legal))))
    returns = zoo.game_state.returns()
    assert [zoo.rewards[f"player_{s}"] for s in range(players)] == returns
    assert all(zoo.terminations.values()) and not any(zoo.truncations.values())
    # the same game as the core plays it: its record replays
    assert aerodeck.replay(zoo.game_state.record()).returns() == returns
    assert len(set(turns)) == players


def test_an_out_of_turn_reaction_selects_the_reacting_seat() -> None:
    """Race to Ace: a dogfight defence is decided by the defender, not the seat whose turn it is."""
    zoo = raw_env("race_to_ace", players=3)
    zoo.reset(seed=2)
    rng = np.random.default_rng(2)
    out_of_turn = 0
    while not any(zoo.terminations.values()):
        view = zoo.game_state.view(None)
        out_of_turn += view["to_act"] != view["turn"]
        assert zoo.agent_selection == f"player_{view['to_act']}"
        zoo.step(int(rng.choice(np.flatnonzero(zoo.observe(zoo.agent_selection)["action_mask"]))))
    assert out_of_turn > 0


def test_an_illegal_action_raises_in_the_raw_env_and_loses_in_the_wrapped_one() -> None:
    raw = raw_env("aces_versus_aces", players=2)
    raw.reset(seed=1)
    illegal = int(np.flatnonzero(raw.observe(raw.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        raw.step(illegal)
    wrapped = env("aces_versus_aces", players=2)
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(illegal)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -1


def test_max_steps_truncates() -> None:
    zoo = raw_env("air_racing", players=2, max_steps=10)
    zoo.reset(seed=3)
    for _ in range(10):
        zoo.step(int(np.flatnonzero(zoo.observe(zoo.agent_selection)["action_mask"])[0]))
    assert all(zoo.truncations.values()) and not any(zoo.terminations.values())
    assert set(zoo.rewards.values()) == {0.0}


def test_reset_seed_is_the_game_seed_and_later_resets_follow_it() -> None:
    first, second = raw_env("race_to_ace", players=2), raw_env("race_to_ace", players=2)
    first.reset(seed=77)
    assert first.game_state.seed == 77
    assert first.game_state.view(0) == aerodeck.make("race_to_ace", players=2).new_game(77).view(0)
    second.reset(seed=77)
    first.reset()
    second.reset()
    assert first.game_state.seed == second.game_state.seed != 77


@pytest.mark.parametrize("seed", [-1, 2**63])
def test_a_seed_outside_the_range_is_the_one_seed_error(seed: int) -> None:
    from aerodeck.core.errors import ConfigError

    with pytest.raises(ConfigError, match=f"from 0 to 2\\*\\*63-1, not {seed}"):
        raw_env("ace_race", players=2).reset(seed=seed)


def test_a_game_name_with_hyphens_and_bad_options_get_clear_errors() -> None:
    from aerodeck.core.errors import ConfigError

    assert raw_env("aces-versus-aces", players=2).game.id == "aces_versus_aces"
    with pytest.raises(ConfigError):
        raw_env("aces_versus_aces", players=9)
    with pytest.raises(ConfigError):
        raw_env("aces_versus_aces", players=2, render_mode="rgb_array")


@pytest.mark.parametrize("game_id", sorted(ENVIRONMENTS))
def test_pettingzoo_make_knows_every_game_by_name(game_id: str) -> None:
    import pettingzoo

    from aerodeck.rl.pettingzoo import registry_id

    made = pettingzoo.make("aec", registry_id(game_id), players=2)
    assert made.unwrapped.game.id == game_id and made.unwrapped.game.players == 2
    made.reset(seed=1)
    assert made.agent_selection in made.agents


def test_down_in_flames_with_several_aircraft_passes_the_api_and_seed_tests() -> None:
    with redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("down_in_flames", players=2, aircraft=2), num_cycles=60)
    seed_test(lambda: env("down_in_flames", players=2, aircraft=2), num_cycles=60)
