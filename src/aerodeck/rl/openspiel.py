"""Every aerodeck game as an OpenSpiel Python game (``pyspiel.load_game("aerodeck_<game>")``).

Importing this module registers them. Each is sequential, imperfect-information and constant-sum
(winners share 1.0). Chance is one root chance node that draws the game's seed uniformly among
``seeds`` values (a game parameter, 1024 by default): every card dealt afterwards follows from
that seed, so the tree below the root is the game itself. Observations are the tensors of the
game's ``observation_encoder`` and the seat's view as JSON; the information state string is
perfect recall (the seat's redacted event log and its view). ``resample_from_infostate`` is
``State.determinize``. States clone with ``State.clone`` and pickle whole (OpenSpiel's
serialisation keeps the history and the pickled dict).

``max_game_length`` is a true bound because the adapter enforces it: a game still running after
that many decisions (``max_length``; 0, the default, is the configured game's
``max_game_length()``, a few times the longest random game measured; see docs/rl.md) ends there as
a draw, every seat 1/n. No measured game comes near it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

import aerodeck
from aerodeck.core.api import Game, State
from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.rl.encode import encoded_games, encoder_for

SEEDS = 1024
GAMES_OWN_LENGTH = 0
"""The ``max_length`` parameter's default: the configured game's own ``max_game_length()``
(which may depend on the player count and the options), put in the game's parameters."""


NO_INFORMATION_STATE_TENSOR = (
    "aerodeck games give no information-state tensor (provides_information_state_tensor is "
    "False): use information_state_string (perfect recall) or observation_tensor"
)


def short_name(game_id: str) -> str:
    return f"aerodeck_{game_id}"


class _Core:
    """Holds an aerodeck state: OpenSpiel clones states by deepcopy, and this makes that a
    ``State.clone`` (the game and its data are shared, never copied)."""

    __slots__ = ("state",)

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return _Core(None if self.state is None else self.state.clone())


def _game_type(game_id: str) -> Any:
    info = next(i for i in aerodeck.list_games() if i.id == game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"aerodeck {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.player_counts),
        min_num_players=min(info.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=True,
        parameter_specification={
            "players": min(info.player_counts),
            "seeds": SEEDS,
            "max_length": GAMES_OWN_LENGTH,
            "options": "",
        },
    )


class AerodeckGame(pyspiel.Game):
    """One configured aerodeck game; ``options`` are the game's options as ``name:value;...``
    (OpenSpiel's game strings cannot hold JSON's commas), e.g.
    ``aerodeck_aces_versus_aces(players=3,options=target:20;winner_keeps:beaten)``."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = _game_type(self.game_id)
        params = {**game_type.parameter_specification, **(params or {})}
        options = parse_options(str(params["options"]))
        self.core: Game = aerodeck.make(self.game_id, players=int(params["players"]), **options)
        self.seeds = int(params["seeds"])
        self.max_length = int(params["max_length"]) or self.core.max_game_length()
        params["max_length"] = self.max_length
        self.encoder = encoder_for(self.core)
        n = self.core.players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.core.num_distinct_actions,
            max_chance_outcomes=self.seeds,
            num_players=n,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self.max_length,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> AerodeckState:
        return AerodeckState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> AerodeckObserver:
        return AerodeckObserver(self, iig_obs_type, params)


class AerodeckState(pyspiel.State):
    """An aerodeck state behind OpenSpiel's API: a root chance node (the seed), then the game."""

    def __init__(self, game: AerodeckGame) -> None:
        super().__init__(game)
        self._core = _Core(None)
        self._cut = False  # ended by max_length (a draw)

    @property
    def _game(self) -> AerodeckGame:
        # Read from OpenSpiel each time, never kept in __dict__: OpenSpiel pickles the dict
        # and a pickled copy of the game would lose its aerodeck half.
        game: AerodeckGame = self.get_game()
        return game

    @property
    def core(self) -> State | None:
        """The aerodeck state (None at the root chance node)."""
        return self._core.state

    def current_player(self) -> int:
        state = self._core.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._cut or state.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = state.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self._core.state
        assert state is not None and player == state.current_player
        index = self._game.core.action_index
        # a set: Race to Ace can list one action twice (reported in docs/rl.md)
        return sorted({index(action) for action in state.legal_actions()})

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._game.seeds
        return [(seed, p) for seed in range(self._game.seeds)]

    def _apply_action(self, action: int) -> None:
        state = self._core.state
        if state is None:
            self._core = _Core(self._game.core.new_game(seed=int(action)))
            return
        # Checked: pyspiel's apply_action does not check legality, and an OpenSpiel user's
        # action reaches here as it was given.
        state.apply(self._game.core.action_from_index(int(action)))
        if not state.is_terminal and state.move_number >= self._game.max_length:
            self._cut = True

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return str(self._game.core.action_from_index(int(action)))

    def is_terminal(self) -> bool:
        state = self._core.state
        return state is not None and (self._cut or state.is_terminal)

    def returns(self) -> list[float]:
        n = self._game.core.players
        state = self._core.state
        if state is None:
            return [0.0] * n
        if self._cut:
            return [1.0 / n] * n
        return [float(r) for r in state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> AerodeckState:
        """A state ``player_id`` cannot tell from this one: ``determinize`` with a seed drawn
        from ``probability_sampler``. Its history() is this state's (the true seed included):
        a determinization is not reachable from any seed, so it has no history of its own."""
        new = self.clone()
        state = self._core.state
        if state is not None and not self.is_terminal():
            seed = int(probability_sampler() * 2**53)
            new._core = _Core(state.determinize(player_id, random.Random(seed)))
        return new  # type: ignore[no-any-return]

    def __str__(self) -> str:
        state = self._core.state
        if state is None:
            return "(the seed is not drawn yet)"
        # The spectator's view as JSON, not the terminal rendering: the golden playthroughs
        # then change with what a seat may see, not with how the screen lays it out.
        return _json(state.view(None))


class AerodeckObserver:
    """OpenSpiel's observer: the encoder's tensor, and the view (or the seat's log) as JSON.

    Perfect recall (the information state) adds the seat's redacted event log to its view.
    Public information only is the spectator's view; private information only is what the
    seat's view holds beyond the spectator's.
    """

    def __init__(self, game: AerodeckGame, iig_obs_type: Any, params: dict[str, Any] | None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = bool(kind.perfect_recall)
        self.public = bool(kind.public_info)
        self.private = kind.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.encoder = game.encoder
        # No perfect-recall tensor (the game type says so): None, as OpenSpiel's observers say
        # "no tensor", and asking for one is an error, never the observation tensor instead.
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(self.encoder.size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: AerodeckState, player: int) -> None:
        if self.tensor is None:
            raise NotImplementedError(NO_INFORMATION_STATE_TENSOR)
        core = state.core
        if core is None or not (self.public and self.private):
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.encoder.encode(core.view(player))

    def string_from(self, state: AerodeckState, player: int) -> str:
        core = state.core
        if core is None:
            return ""
        seat_view = core.view(player)
        if not self.private:
            return _json(core.view(None))
        if not self.public:
            public = core.view(None)
            return _json({k: v for k, v in seat_view.items() if public.get(k) != v})
        if self.perfect_recall:
            return _json({"events": core.events_since(0, player), "view": seat_view})
        return _json(seat_view)


def wrap_game(game: Game) -> AerodeckGame:
    """The OpenSpiel game of a configured aerodeck game (its player count and options)."""
    options = ";".join(f"{name}:{_option_text(value)}" for name, value in game.options.items())
    wrapped = pyspiel.load_game(short_name(game.id), {"players": game.players, "options": options})
    if wrapped.core.options != game.options:
        raise ConfigError(f"{game.info.title}: its options do not pass through OpenSpiel's game")
    assert isinstance(wrapped, AerodeckGame)
    return wrapped


def state_from(game: AerodeckGame, state: State) -> AerodeckState:
    """An OpenSpiel state holding ``state`` (a copy): past the root chance node, as if its seed
    had been drawn (its OpenSpiel history holds no moves; IS-MCTS reads none)."""
    wrapped = game.new_initial_state()
    wrapped._core = _Core(state.clone())
    return wrapped


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_options(text: str) -> dict[str, Any]:
    """``name:value;...`` as a dict: whole numbers and true/false are read as such."""
    options: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in text.split(";"))):
        name, sep, raw = item.partition(":")
        if not sep:
            raise ConfigError(f"options: {excerpt(item)} is not name:value")
        value: Any = raw.strip()
        if value.lower() in ("true", "false"):
            value = value.lower() == "true"
        elif value.lstrip("-").isdigit():
            value = int(value)
        options[name.strip()] = value
    return options


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _camel(game_id: str) -> str:
    return "".join(part.title() for part in game_id.split("_"))


GAME_CLASSES: dict[str, type[AerodeckGame]] = {}


def register() -> None:
    """Register every game that brings an observation encoder with pyspiel (idempotent:
    importing this module does it)."""
    registered = {t.short_name for t in pyspiel.registered_games()}
    for game_id in encoded_games():
        name = f"{_camel(game_id)}Game"
        cls = type(name, (AerodeckGame,), {"game_id": game_id, "__module__": __name__})
        globals()[name] = GAME_CLASSES[game_id] = cls  # a module attribute, so it pickles
        if short_name(game_id) not in registered:
            pyspiel.register_game(_game_type(game_id), cls)


register()
