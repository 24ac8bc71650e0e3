"""Many games stepped in one call, with numpy arrays: for speed, in the spirit of EnvPool and Pgx.

Two shapes, both holding ``num_envs`` games and writing every observation straight into one
preallocated ``(num_envs, size)`` float32 array (the compiled encoder writes a row in place) and
every action mask into one ``(num_envs, actions)`` int8 array, from the game's legal actions:

- ``AerodeckVectorEnv``: a ``gymnasium.vector.VectorEnv``, one learning seat per game against
  aerodeck's bots, ``AerodeckEnv`` batched (``gymnasium.make_vec("aerodeck/AcesVersusAces-v0",
  num_envs=64)`` builds it). Gymnasium's default autoreset, ``NEXT_STEP``: the step that ends a
  game returns its last observation (its mask allows every action); the next ``step`` starts
  that game's next episode, ignoring its action, with reward 0. It gives what a
  ``SyncVectorEnv`` of ``AerodeckEnv`` gives for the same seeds and actions, only faster.
- ``SelfPlayBatch``: self-play, every game's current seat acts (``obs["seat"]``, the seat of
  each row; ``possible_agents[seat]`` its PettingZoo name). ``SAME_STEP`` autoreset, as Pgx
  does: a step that ends a game reports its returns (``rewards``, one column per seat) and
  ``terminated`` (or ``truncated`` after ``max_steps``), and its row already holds the first
  decision of that game's next episode.

Seeds: ``reset(seed=s)`` seeds game ``i`` with ``s + i`` (Gymnasium's convention for vector
envs); each game's later episodes draw their seeds from a generator of its own seeded the same
way, exactly as the single environments do, so a batch replays N single environments. Arrays
returned are copies: a step never changes what an earlier step returned. An illegal action ends
that game with -1 for the seat that made it (``info["illegal"]``), as the single environments
and PettingZoo classic's wrapper do; an action outside the action space raises Gymnasium's
``InvalidAction``. Everything pickles (the compiled encoder is rebuilt from its game).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.error import InvalidAction
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from aerodeck.agents.registry import make_agent
from aerodeck.core.api import Action, Agent, Game, State
from aerodeck.core.errors import ConfigError, IllegalActionError, excerpt
from aerodeck.core.rng import check_seed
from aerodeck.rl.encode import VectorEncoder, encoder_for, make_for_learning
from aerodeck.rl.gym import ILLEGAL_REWARD
from aerodeck.rl.pettingzoo.aec import agent_name

Array = npt.NDArray[Any]


def _observation_space(encoder: VectorEncoder, actions: int) -> spaces.Dict:
    """One game's observation space: the single environments' own."""
    return spaces.Dict(
        {
            "observation": spaces.Box(encoder.low, encoder.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }
    )


def _sub_seeds(seed: int | list[int] | None, num_envs: int) -> list[int | None]:
    """A seed per game: ``seed + i`` from one seed, or the list given (Gymnasium's rule)."""
    if seed is None:
        return [None] * num_envs
    if isinstance(seed, int):
        return [check_seed(seed) + i for i in range(num_envs)]
    if len(seed) != num_envs:
        raise ConfigError(f"reset needs {num_envs} seeds, one a game, not {len(seed)}")
    return [check_seed(s) for s in seed]


class _Table:
    """N games of one configured game and the arrays they are written into.

    ``observe(i)`` writes game ``i``'s acting seat: its observation row, its mask row, and the
    legal moves beside their indices (what a step checks an action against). Each row is
    written through a memoryview made once (``_rows``): making a row's numpy view, filling it
    and taking its memoryview at every step cost more than the writing."""

    def __init__(self, game: Game, num_envs: int) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ConfigError(f"num_envs must be a positive integer, not {excerpt(num_envs)}")
        self.game, self.num_envs = game, num_envs
        self.encoder = encoder_for(game)
        self.actions = game.num_distinct_actions
        self.index = {action: i for i, action in enumerate(game.action_table.actions)}
        self.observations = np.zeros((num_envs, self.encoder.size), dtype=np.float32)
        self.masks = np.zeros((num_envs, self.actions), dtype=np.int8)
        self.states: list[State] = [game.new_game(seed=0)] * num_envs
        self.legal: list[list[Action]] = [[] for _ in range(num_envs)]
        self.legal_index: list[list[int]] = [[] for _ in range(num_envs)]
        self._rows()

    def _rows(self) -> None:
        """The memoryviews each row is written through, and what the indices are looked up in
        (rebuilt after unpickling: neither a memoryview nor an object's id pickles)."""
        self.observation_rows = [row.data for row in self.observations]
        self.mask_rows = [row.data for row in self.masks]
        self.no_observation = np.zeros(self.encoder.size, dtype=np.float32).data
        self.no_mask = np.zeros(self.actions, dtype=np.int8).data
        # The table's own move objects by identity: most games' legal moves are these very
        # objects, and an int hashes faster than a move compares (an id stays unique while the
        # table holds its object; any other move is looked up by value).
        self.index_by_id = {id(action): i for action, i in self.index.items()}

    def __getstate__(self) -> dict[str, Any]:
        derived = ("observation_rows", "mask_rows", "no_observation", "no_mask", "index_by_id")
        return {name: value for name, value in self.__dict__.items() if name not in derived}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._rows()

    def observe(self, i: int, seat: int) -> None:
        """Write game ``i`` as ``seat`` sees it; the mask marks its legal moves if it acts."""
        state = self.states[i]
        mask = self.mask_rows[i]
        mask[:] = self.no_mask
        if state.current_player == seat:
            legal = self.legal[i] = state.legal_actions()
            indices = self.legal_index[i] = self.indices(legal)
            for k in indices:
                mask[k] = 1
        else:
            self.legal[i], self.legal_index[i] = [], []
        row = self.observation_rows[i]
        row[:] = self.no_observation
        self.encoder.write_state(state, seat, row)

    def indices(self, legal: list[Action]) -> list[int]:
        """The action indices of these legal moves: by identity when all are the table's own
        objects, else by value."""
        by_id = self.index_by_id
        try:
            return [by_id[id(action)] for action in legal]
        except KeyError:
            index = self.index
            return [index[action] for action in legal]

    def move(self, i: int, action: int) -> Action | None:
        """The legal move of index ``action`` in game ``i``, None if it is not legal now."""
        try:
            return self.legal[i][self.legal_index[i].index(action)]
        except ValueError:
            return None

    def checked_actions(self, actions: Any) -> list[int]:
        """The batch's actions as Python ints, or InvalidAction for any outside the space."""
        array = np.asarray(actions)
        if array.shape != (self.num_envs,) or not np.issubdtype(array.dtype, np.integer):
            raise InvalidAction(
                f"actions must be {self.num_envs} integers, one a game, not {excerpt(actions)}"
            )
        if self.num_envs and (array.min() < 0 or array.max() >= self.actions):
            raise InvalidAction(
                f"actions {excerpt(actions)} are not all in the action space: integers 0 to "
                f"{self.actions - 1}"
            )
        values: list[int] = array.tolist()
        return values


class AerodeckVectorEnv(VectorEnv[dict[str, Array], Array, Array]):
    """``num_envs`` games of ``AerodeckEnv``: seat ``seat`` learns against ``opponent`` bots."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        num_envs: int = 1,
        players: int | None = None,
        seat: int = 0,
        opponent: str = "random",
        **options: Any,
    ) -> None:
        game = make_for_learning(game_id, players, **options)
        if not 0 <= seat < game.players:
            raise ConfigError(f"seat must be 0 to {game.players - 1}, not {excerpt(seat)}")
        make_agent(opponent, game, 0)  # an unknown bot name fails here, clearly
        self.table = _Table(game, num_envs)
        self.game, self.seat, self.opponent = game, seat, opponent
        self.num_envs = num_envs
        self.single_observation_space = _observation_space(self.table.encoder, self.table.actions)
        self.single_action_space = spaces.Discrete(self.table.actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.render_mode = None
        self.bots: list[dict[int, Agent]] = [{} for _ in range(num_envs)]
        self.seeders = [seeding.np_random()[0] for _ in range(num_envs)]
        self.over = np.ones(num_envs, dtype=bool)  # a game whose next step starts a new one
        self.rewards = np.zeros(num_envs, dtype=np.float64)
        self.terminations = np.zeros(num_envs, dtype=bool)
        self.illegal = np.zeros(num_envs, dtype=bool)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Array], dict[str, Any]]:
        """Every game anew: game ``i`` of seed ``seed + i`` (or ``seed[i]``)."""
        for i, game_seed in enumerate(_sub_seeds(seed, self.num_envs)):
            if game_seed is not None:
                self.seeders[i] = seeding.np_random(game_seed)[0]
            self._new_episode(i, game_seed)
        self.over.fill(False)
        return self._observation(), self._info()

    def _new_episode(self, i: int, seed: int | None) -> None:
        game_seed = seed if seed is not None else int(self.seeders[i].integers(2**63 - 1))
        self.table.states[i] = self.game.new_game(seed=game_seed).mute_events()
        # Bots seeded from the game's seed, as AerodeckEnv seeds them: the same episodes.
        self.bots[i] = {
            s: make_agent(self.opponent, self.game, (game_seed * 31 + s) % 2**63)
            for s in range(self.game.players)
            if s != self.seat
        }
        self._play_bots(i)
        self.table.observe(i, self.seat)

    def _play_bots(self, i: int) -> None:
        state, bots = self.table.states[i], self.bots[i]
        while not state.is_terminal and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            observation = state.observation(seat)
            action = bots[seat].choose(observation)
            if action not in observation.legal_actions:
                raise IllegalActionError(f"the {self.opponent} bot chose {action}: not legal")
            state.apply_unchecked(action)

    def step(self, actions: Any) -> tuple[dict[str, Array], Array, Array, Array, dict[str, Any]]:
        """One decision in every game (a game that ended last step starts its next episode)."""
        table, seat = self.table, self.seat
        chosen = table.checked_actions(actions)
        rewards, terminations, illegal = self.rewards, self.terminations, self.illegal
        rewards.fill(0.0)
        terminations.fill(False)
        illegal.fill(False)
        for i, action in enumerate(chosen):
            if self.over[i]:
                self._new_episode(i, None)
                continue
            move = table.move(i, action)
            state = table.states[i]
            if move is None:
                rewards[i], terminations[i], illegal[i] = ILLEGAL_REWARD, True, True
            else:
                state.apply_unchecked(move)
                self._play_bots(i)
                if state.is_terminal:
                    rewards[i], terminations[i] = state.returns()[seat], True
            table.observe(i, seat)
            if terminations[i]:
                table.masks[i].fill(1)  # the last observation allows every action
        self.over[:] = terminations
        truncations = np.zeros(self.num_envs, dtype=bool)
        info = self._info()
        if illegal.any():
            info["illegal"], info["_illegal"] = illegal.copy(), illegal.copy()
        return self._observation(), rewards.copy(), terminations.copy(), truncations, info

    def _observation(self) -> dict[str, Array]:
        return {
            "observation": self.table.observations.copy(),
            "action_mask": self.table.masks.copy(),
        }

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self.table.masks.copy(),
            "_action_mask": np.ones(self.num_envs, dtype=bool),
        }

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every game now, as booleans (what MaskablePPO asks for)."""
        return self.table.masks.astype(bool)


class SelfPlayBatch:
    """``num_envs`` games in self-play: every step, each game's acting seat takes an action."""

    def __init__(
        self,
        game_id: str,
        num_envs: int = 1,
        players: int | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        """``max_steps`` truncates a game after that many actions (None: the game's own limits)."""
        game = make_for_learning(game_id, players, **options)
        self.table = _Table(game, num_envs)
        self.game, self.num_envs, self.max_steps = game, num_envs, max_steps
        self.possible_agents = [agent_name(s) for s in range(game.players)]
        self.single_observation_space = _observation_space(self.table.encoder, self.table.actions)
        self.single_action_space = spaces.Discrete(self.table.actions)
        self.seeders: list[random.Random | None] = [None] * num_envs
        self.seats = np.zeros(num_envs, dtype=np.int64)
        self.rewards = np.zeros((num_envs, game.players), dtype=np.float32)
        self.terminated = np.zeros(num_envs, dtype=bool)
        self.truncated = np.zeros(num_envs, dtype=bool)
        self.illegal = np.zeros(num_envs, dtype=bool)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Every seat's observation space (PettingZoo's signature): one game's, not batched."""
        return self.single_observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.single_action_space

    def reset(
        self, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Array], dict[str, Any]]:
        """Every game anew: game ``i`` of seed ``seed + i`` (or ``seed[i]``)."""
        for i, game_seed in enumerate(_sub_seeds(seed, self.num_envs)):
            if game_seed is not None:
                self.seeders[i] = random.Random(game_seed)
            self._new_game(i, game_seed)
        return self._observation(), {}

    def _new_game(self, i: int, seed: int | None) -> None:
        seeder = self.seeders[i]
        if seed is None and seeder is not None:
            seed = seeder.getrandbits(63)
        state = self.table.states[i] = self.game.new_game(seed=seed).mute_events()
        self._observe(i, state)

    def _observe(self, i: int, state: State) -> None:
        seat = state.current_player
        assert seat is not None  # a game that is not over always has a seat to act
        self.seats[i] = seat
        self.table.observe(i, seat)

    def step(self, actions: Any) -> tuple[dict[str, Array], Array, Array, Array, dict[str, Any]]:
        """Each game's acting seat plays ``actions[i]``. Returns the next decisions, every seat's
        reward (``(num_envs, players)``), ``terminated``, ``truncated`` and ``info``."""
        table = self.table
        chosen = table.checked_actions(actions)
        rewards, terminated, truncated = self.rewards, self.terminated, self.truncated
        illegal, seats = self.illegal, self.seats
        rewards.fill(0.0)
        terminated.fill(False)
        truncated.fill(False)
        illegal.fill(False)
        limit = self.max_steps
        for i, action in enumerate(chosen):
            move = table.move(i, action)
            state = table.states[i]
            if move is None:
                rewards[i, seats[i]], terminated[i], illegal[i] = ILLEGAL_REWARD, True, True
            else:
                state.apply_unchecked(move)
                if state.is_terminal:
                    rewards[i], terminated[i] = state.returns(), True
                elif limit is not None and state.move_number >= limit:
                    truncated[i] = True
                else:
                    self._observe(i, state)
                    continue
            self._new_game(i, None)
        info = {"illegal": illegal.copy()}
        return self._observation(), rewards.copy(), terminated.copy(), truncated.copy(), info

    def _observation(self) -> dict[str, Array]:
        return {
            "observation": self.table.observations.copy(),
            "action_mask": self.table.masks.copy(),
            "seat": self.seats.copy(),
        }

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every game's acting seat, as booleans."""
        return self.table.masks.astype(bool)


__all__ = ["AerodeckVectorEnv", "SelfPlayBatch"]
