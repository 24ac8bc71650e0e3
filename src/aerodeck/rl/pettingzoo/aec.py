"""The PettingZoo AEC environment of any aerodeck game.

One agent per seat (``player_0`` ...); ``agent_selection`` is always the seat that must decide,
out-of-turn reactions included. Observations are ``{"observation": the seat's tensor,
"action_mask": 1 for each legal action index}``, the tensor written straight from the state
where the game brings a writer for it (``Encoder.from_state``: the view's very numbers, which
tests/rl/test_fast_observation.py checks); actions are ``game.action_index`` integers.
Rewards are ``returns()`` when the game ends (0 before). ``reset(seed=s)`` plays the game of seed
``s``; a later ``reset()`` without a seed draws the next seed from ``s``.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from rich.text import Text

from aerodeck.core.api import State
from aerodeck.core.errors import ConfigError, IllegalActionError, excerpt
from aerodeck.rl.encode import encoder_for, make_for_learning

Observation = dict[str, npt.NDArray[Any]]


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class AerodeckAEC(AECEnv[str, Observation, int]):
    """An aerodeck game as a PettingZoo AEC environment (no wrappers: see ``env``)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it as a class attribute
        "render_modes": ["human", "ansi"],
        "name": "aerodeck_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        render_seat: int | None = None,
        **options: Any,
    ) -> None:
        """``max_steps`` truncates a game after that many actions (None: the game's own limits);
        ``render_seat`` renders that seat's view instead of the spectator's."""
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode must be human or ansi, not {excerpt(render_mode)}")
        self.game = make_for_learning(game_id, players, **options)
        self.metadata = {**type(self).metadata, "name": f"{self.game.id}_v0"}
        self.encoder = encoder_for(self.game)
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.max_steps = max_steps
        n, size = self.game.players, self.game.num_distinct_actions
        self.possible_agents = [agent_name(s) for s in range(n)]
        self._seat = {name: s for s, name in enumerate(self.possible_agents)}
        self.observation_spaces = {
            name: spaces.Dict(
                {
                    "observation": spaces.Box(
                        self.encoder.low, self.encoder.high, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for name in self.possible_agents
        }
        self.action_spaces = {name: spaces.Discrete(size) for name in self.possible_agents}
        self._seeder: random.Random | None = None
        self._legal: tuple[int, frozenset[int]] | None = None
        self.game_state: State = self.game.new_game(seed=0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the episode ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = random.Random(seed)
            game_seed: int | None = int(seed)
        else:
            game_seed = None if self._seeder is None else self._seeder.getrandbits(63)
        self.game_state = self.game.new_game(seed=game_seed).mute_events()
        self._legal = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.game_state.current_player
        if seat is not None:
            self.agent_selection = agent_name(seat)

    def legal_indices(self) -> frozenset[int]:
        """The action indices legal now (cached per move)."""
        state = self.game_state
        if self._legal is None or self._legal[0] != state.move_number:
            index = self.game.action_index
            self._legal = (state.move_number, frozenset(index(a) for a in state.legal_actions()))
        return self._legal[1]

    def observe(self, agent: str) -> Observation:
        seat = self._seat[agent]
        state = self.game_state
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if state.current_player == seat:
            mask[list(self.legal_indices())] = 1
        return {"observation": self.encoder.encode_state(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or int(action) not in self.legal_indices():
            move = "no action" if action is None else f"action {action}"
            raise IllegalActionError(f"{move} is not legal for {agent} now (see action_mask)")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state = self.game_state
        state.apply_unchecked(self.game.action_from_index(int(action)))
        if state.is_terminal:
            for name, value in zip(self.agents, state.returns(), strict=True):
                self.rewards[name] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and state.move_number >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- faces ---------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The game's own text rendering of the spectator's (or ``render_seat``'s) view."""
        if self.render_mode is None:
            return None
        view = self.game_state.view(self.render_seat)
        text = Text.from_markup(self.game.render_view(view)).plain
        if self.render_mode == "ansi":
            return text
        sys.stdout.write(text + "\n")
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""
