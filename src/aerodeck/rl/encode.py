"""A game's observation encoder as the RL faces use it: float32 vectors, the walk compiled.

Each game declares its encoder (``Game.observation_encoder()``, fields from
``aerodeck.core.features``); ``encoder_for`` wraps it so ``encode(view)`` gives a numpy vector,
written by one straight-line function compiled from the fields (``aerodeck.rl.compile``).
``encode_state(state, seat)`` is what the environments call (``write_state``, into a zeroed row,
what the batches call): the game's state writer when it brings one (``Encoder.from_state``: the
same numbers without the view), else the view encoded.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from aerodeck.core.api import Game, State
from aerodeck.core.errors import ConfigError
from aerodeck.core.features import JSON, Context, Encoder, Row
from aerodeck.core.registry import list_games, make
from aerodeck.rl.compile import compile_fields

Vector = npt.NDArray[np.float32]


class VectorEncoder:
    """A declared encoder giving float32 vectors: ``encode(view)``, ``size`` its length."""

    def __init__(self, declared: Encoder, game: Game) -> None:
        self.declared, self.game = declared, game
        self.game_id, self.players = declared.game_id, declared.players
        self.fields, self.size, self.note = declared.fields, declared.size, declared.note
        self._compiled = compile_fields(declared.placed, declared.players)
        low, high = declared.bounds()
        self.low = np.array(low, dtype=np.float32)
        self.high = np.array(high, dtype=np.float32)
        self._contexts = [Context(seat, self.players) for seat in range(self.players)]
        self.from_state = declared.from_state

    def __reduce__(self) -> tuple[Any, tuple[Game]]:
        """Pickled as its game (the compiled function and the fields' readers are rebuilt)."""
        return encoder_for, (self.game,)

    def encode(self, view: JSON) -> Vector:
        """The vector of one seat's view (``view["seat"]`` is the observer)."""
        out = np.empty(self.size, dtype=np.float32)
        self.encode_into(view, out)
        return out

    def encode_into(self, view: JSON, out: Vector) -> None:
        """``encode`` written into ``out`` (a preallocated row of ``size`` float32, zeroed here):
        what a batch of environments calls, one row of its observation array per game."""
        seat = view.get("seat")
        if not isinstance(seat, int):
            raise ValueError("encode needs a seat's view (view(seat)), not a spectator's")
        out.fill(0.0)
        # Through a memoryview (out.data): a float stored by index costs a third less than numpy
        # setitem (and a sum is rounded to float32 once, in the end, not at every addition).
        self._write_view(view, seat, out.data)

    def _write_view(self, view: JSON, seat: int, row: memoryview) -> None:
        prepare = self.declared.prepare
        self._compiled(view if prepare is None else prepare(view), seat, row, self._contexts[seat])

    def encode_state_into(self, state: State, seat: int, out: Vector) -> None:
        """What ``seat`` sees of ``state``, written into ``out`` (zeroed here): straight from the
        state when the game brings a writer for it, else ``encode_into(state.view(seat))``."""
        out.fill(0.0)
        self.write_state(state, seat, out.data)

    def write_state(self, state: State, seat: int, row: memoryview) -> None:
        """``encode_state_into`` for a row already zeroed, given as its memoryview (``out.data``):
        a batch keeps one for each row of its array, made once, and zeroes it itself."""
        if self.from_state is None:
            self._write_view(state.view(seat), seat, row)
        else:
            self.from_state(state, seat, row)

    def encode_state(self, state: State, seat: int) -> Vector:
        """``encode_state_into`` as a new vector."""
        out = np.zeros(self.size, dtype=np.float32)
        self.write_state(state, seat, out.data)
        return out

    def encode_by_fields(self, view: JSON) -> Vector:
        """``encode`` by walking the fields (the reference the compiled form is tested against)."""
        out = np.zeros(self.size, dtype=np.float32)
        self.declared.write(view, out.data)
        return out

    def layout(self) -> list[Row]:
        return self.declared.layout()

    def describe(self) -> str:
        return self.declared.describe()


def encoder_for(game: Game) -> VectorEncoder:
    """The observation encoder of a configured game (its player count and options)."""
    declared = game.observation_encoder()
    if declared is None:
        raise ConfigError(f"{game.info.title} brings no observation encoder")
    return VectorEncoder(declared, game)


def make_for_learning(game_id: str, players: int | None = None, **options: Any) -> Game:
    """The game an environment plays: two players unless ``players`` says otherwise (two is
    every game's smallest table; the game's own default differs from game to game)."""
    game_id = game_id.replace("-", "_")
    return make(game_id, players=2 if players is None else players, **options)


def encoded_games() -> list[str]:
    """The ids of the registered games that bring an observation encoder."""
    return [info.id for info in list_games() if make(info.id).observation_encoder() is not None]


__all__ = ["Vector", "VectorEncoder", "encoded_games", "encoder_for", "make_for_learning"]
