"""A Gymnasium single-agent environment: one seat learns, the other seats are aerodeck's bots.

``gymnasium.make("aerodeck/AcesVersusAces-v0", opponent="heuristic")`` once this module is
imported (or ``gymnasium.make("aerodeck.rl.gym:aerodeck/AcesVersusAces-v0")``, which imports it).
Observations are the PettingZoo environment's (the seat's tensor and an action mask, the mask
also in ``info`` and from ``action_masks()``, which sb3-contrib's MaskablePPO calls); an illegal
action ends the episode with reward -1, as PettingZoo classic's environments do, so a policy that
ignores the mask is told so rather than crashed. An action outside the action space raises
Gymnasium's ``InvalidAction``; a step after the episode ended raises it too, until ``reset()``.
The episode's last observation allows every action: a vector env's autoreset then takes any
action the policy draws (it is not played), and a masked policy never sees an empty mask.
The default player count is two, every game's smallest table (``players=`` for more).
``gymnasium.make_vec(id, num_envs)`` builds the batched ``aerodeck.rl.batch.AerodeckVectorEnv``
(``vectorization_mode="sync"`` a ``SyncVectorEnv`` of this env).
"""

from __future__ import annotations

import sys
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.error import InvalidAction
from rich.text import Text

from aerodeck.agents.registry import make_agent
from aerodeck.core.api import Agent, State
from aerodeck.core.errors import ConfigError, IllegalActionError, excerpt
from aerodeck.core.rng import check_seed
from aerodeck.rl.encode import encoded_games, encoder_for, make_for_learning
from aerodeck.rl.pettingzoo.aec import Observation

ILLEGAL_REWARD = -1.0


def env_id(game_id: str) -> str:
    """The id ``gymnasium.make`` knows the game by: ``aerodeck/AcesVersusAces-v0``."""
    return "aerodeck/" + "".join(part.title() for part in game_id.split("_")) + "-v0"


ENV_IDS: dict[str, str] = {}
"""The Gymnasium id of every registered game by game id (``register`` fills it)."""


class AerodeckEnv(gymnasium.Env[dict[str, Any], Any]):
    """Seat ``seat`` of a game against bots (``opponent``: any name ``aerodeck bots`` lists)."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        seat: int = 0,
        opponent: str = "random",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = make_for_learning(game_id, players, **options)
        if not 0 <= seat < self.game.players:
            raise ConfigError(f"seat must be 0 to {self.game.players - 1}, not {excerpt(seat)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode must be human or ansi, not {excerpt(render_mode)}")
        make_agent(opponent, self.game, 0)  # an unknown bot name fails here, clearly
        self.seat, self.opponent, self.render_mode = seat, opponent, render_mode
        self.encoder = encoder_for(self.game)
        size = self.game.num_distinct_actions
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(size)
        self.state: State = self.game.new_game(seed=0)
        self.bots: dict[int, Agent] = {}
        self.over = True  # until reset()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """``seed`` is the game's seed; without one, the next is drawn from the env's generator."""
        super().reset(seed=None if seed is None else check_seed(seed))
        game_seed = seed if seed is not None else int(self.np_random.integers(2**63 - 1))
        self.state = self.game.new_game(seed=game_seed).mute_events()
        self.over = False
        # Bots seeded from the game's seed: the same seed replays the same episode.
        self.bots = {
            s: make_agent(self.opponent, self.game, (game_seed * 31 + s) % 2**63)
            for s in range(self.game.players)
            if s != self.seat
        }
        self._play_bots()
        obs = self._observe()
        return obs, self._info(obs)

    def _play_bots(self) -> None:
        state = self.state
        while not state.is_terminal and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            observation = state.observation(seat)
            action = self.bots[seat].choose(observation)
            if action not in observation.legal_actions:
                raise IllegalActionError(f"the {self.opponent} bot chose {action}: not legal")
            state.apply_unchecked(action)

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions now, as booleans (all of them once the episode is over)."""
        return self._mask().astype(bool)

    def _mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        if self.over:
            return np.ones(self.game.num_distinct_actions, dtype=np.int8)
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if self.state.current_player == self.seat:
            mask[[self.game.action_index(a) for a in self.state.legal_actions()]] = 1
        return mask

    def _observe(self) -> Observation:
        observation = self.encoder.encode_state(self.state, self.seat)
        return {"observation": observation, "action_mask": self._mask()}

    @staticmethod
    def _info(obs: Observation) -> dict[str, Any]:
        return {"action_mask": obs["action_mask"]}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self.over:
            raise InvalidAction("the episode is over: call reset()")
        if not self.action_space.contains(action):
            raise InvalidAction(
                f"action {excerpt(action)} is not in the action space: an integer 0 to "
                f"{self.game.num_distinct_actions - 1}"
            )
        move = self.game.action_from_index(int(action))
        if move not in self.state.legal_actions():
            self.over = True
            obs = self._observe()
            return obs, ILLEGAL_REWARD, True, False, {**self._info(obs), "illegal": True}
        self.state.apply_unchecked(move)
        self._play_bots()
        done = self.over = self.state.is_terminal
        obs = self._observe()
        reward = float(self.state.returns()[self.seat]) if done else 0.0
        if self.render_mode == "human":
            self.render()
        return obs, reward, done, False, self._info(obs)

    def render(self) -> str | None:
        """The game's text rendering of the learning seat's view."""
        if self.render_mode is None:
            return None
        text = Text.from_markup(self.game.render_view(self.state.view(self.seat))).plain
        if self.render_mode == "ansi":
            return text
        sys.stdout.write(text + "\n")
        return None


def register() -> None:
    """Register every game that brings an observation encoder with Gymnasium (idempotent:
    importing this module does it)."""
    for game_id in encoded_games():
        name = ENV_IDS[game_id] = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point="aerodeck.rl.gym:AerodeckEnv",
                vector_entry_point="aerodeck.rl.batch:AerodeckVectorEnv",
                kwargs={"game_id": game_id},
                disable_env_checker=True,
            )


register()
