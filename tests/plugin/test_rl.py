"""The plug-in game as an RL environment: PettingZoo's ``api_test`` and OpenSpiel's
``random_sim_test`` pass on it, with the observation encoder the game brings
(``Game.observation_encoder()``) and its bound on the game's length (``max_game_length()``)."""

from __future__ import annotations

import io
import random
import warnings
from contextlib import redirect_stdout

import pytest

import aerodeck
from tests.plugin.toy import TOY, needs_toy
from tests.rl.conftest import RL_SKIP_REASON

pytestmark = [needs_toy, pytest.mark.skipif(bool(RL_SKIP_REASON), reason=RL_SKIP_REASON)]


@pytest.mark.parametrize("players", [2, 3])
def test_pettingzoo_api_test(players: int) -> None:
    from pettingzoo.test import api_test

    from aerodeck.rl.pettingzoo import env

    with redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on Dict spaces, as for pettingzoo.classic
        api_test(env(TOY, players=players, hook=True), num_cycles=60)


@pytest.mark.parametrize("players", [2, 3])
def test_openspiel_random_sim_test(players: int) -> None:
    import pyspiel

    import aerodeck.rl.openspiel  # importing it registers every game with OpenSpiel

    game = pyspiel.load_game(f"aerodeck_{TOY}", {"players": players})
    assert game.max_game_length() >= aerodeck.make(TOY, players=players).max_game_length()
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_the_observation_is_the_games_encoder_of_the_seats_view() -> None:
    """The encoder reads the view only: the seat's own hand, not another's."""
    game = aerodeck.make(TOY, players=2)
    encoder = game.observation_encoder()
    assert encoder is not None
    state = game.new_game(seed=4)
    mine, theirs = encoder.encode(state.view(0)), encoder.encode(state.view(1))
    assert len(mine) == len(theirs) == encoder.size
    world = state.determinize(0, random.Random(1))
    assert list(encoder.encode(world.view(0))) == list(mine)
    assert list(encoder.encode(world.view(1))) != list(theirs)
