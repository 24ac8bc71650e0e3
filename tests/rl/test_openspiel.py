"""The OpenSpiel games: OpenSpiel's own checks, golden playthroughs, resampling, serialisation."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from absl import flags
from open_spiel.integration_tests import api_test as spiel_api
from open_spiel.python.algorithms import generate_playthrough, ismcts, mcts
from open_spiel.python.algorithms import outcome_sampling_mccfr as mccfr

import aerodeck
from aerodeck.core.errors import ConfigError
from aerodeck.rl.encode import encoded_games, encoder_for
from aerodeck.rl.openspiel import parse_options, short_name
from tests.conftest import GAME_COUNTS, SHIPPED_GAMES

ENCODED = encoded_games()

PLAYTHROUGHS = Path(__file__).resolve().parent / "playthroughs"
COUNTS = sorted(
    {(g, min(n for h, n in GAME_COUNTS if h == g)) for g, _ in GAME_COUNTS}
    | {(g, max(n for h, n in GAME_COUNTS if h == g)) for g, _ in GAME_COUNTS}
)


def _load(game_id: str, players: int = 2, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(short_name(game_id), {"players": players, **params})


def _played(game: pyspiel.Game, seed: int, moves: int) -> pyspiel.State:
    state = game.new_initial_state()
    rng = random.Random(seed)
    state.apply_action(seed % game.max_chance_outcomes())
    while not state.is_terminal() and state.move_number() <= moves:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
def test_openspiel_random_sim_test_with_serialisation(game_id: str, players: int) -> None:
    pyspiel.random_sim_test(_load(game_id, players), num_sims=2, serialize=True, verbose=False)


# OpenSpiel's API checks on partial trees (its integration tests' class), once per game.
for _game_id in ENCODED:
    _name = f"TestOpenSpielApiOnPartialTree_{_game_id}"
    globals()[_name] = type(
        _name,
        (spiel_api.EnforceAPIOnPartialTreeBase,),
        {"game_name": short_name(_game_id), "game": _load(_game_id)},
    )


@pytest.mark.parametrize("path", sorted(PLAYTHROUGHS.glob("*.txt")), ids=lambda p: p.stem)
def test_playthrough_is_unchanged(path: Path) -> None:
    """Golden files: regenerate with scripts/regen_playthroughs.py when a change is meant."""
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    expected, actual = generate_playthrough.replay(str(path))
    assert actual == expected, f"{path.name} changed: run scripts/regen_playthroughs.py"


def test_every_shipped_game_has_a_playthrough() -> None:
    """The golden playthroughs are this repository's games' (a plug-in game keeps its own)."""
    assert sorted(p.stem for p in PLAYTHROUGHS.glob("*.txt")) == SHIPPED_GAMES


@pytest.mark.parametrize("game_id", ENCODED)
def test_resampling_keeps_what_the_seat_knows_and_redraws_the_rest(game_id: str) -> None:
    game = _load(game_id)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    redrawn = False
    for seed in range(3):
        state = _played(game, seed, moves=25)
        player = state.current_player()
        if player < 0:
            continue
        for _ in range(3):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_tensor(player) == state.observation_tensor(player)
            assert world.legal_actions() == state.legal_actions()
            other = 1 - player
            redrawn |= world.observation_string(other) != state.observation_string(other)
            clone = world.clone()
            clone.apply_action(clone.legal_actions()[0])
            assert world.information_state_string(player) == state.information_state_string(player)
    assert redrawn, "resampling never redrew the other seat's hidden cards"


@pytest.mark.parametrize("game_id", ENCODED)
def test_clone_is_independent_and_serialisation_round_trips(game_id: str) -> None:
    game = _load(game_id)
    state = _played(game, 4, moves=30)
    clone = state.clone()
    before = str(state), state.history()
    clone.apply_action(clone.legal_actions()[-1])
    assert (str(state), state.history()) == before
    text = pyspiel.serialize_game_and_state(game, state)
    game_again, again = pyspiel.deserialize_game_and_state(text)
    assert str(game_again) == str(game)
    assert again.history() == state.history()
    for player in range(game.num_players()):
        assert again.information_state_string(player) == state.information_state_string(player)
        assert again.observation_tensor(player) == state.observation_tensor(player)
    pickled = pickle.loads(pickle.dumps(state))
    assert pickled.history() == state.history() and str(pickled) == str(state)
    assert pickled.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id", ENCODED)
def test_the_observation_tensor_is_the_encoders(game_id: str) -> None:
    game = _load(game_id)
    state = _played(game, 6, moves=20)
    core = aerodeck.make(game_id, players=2)
    replayed = core.new_game(seed=6 % game.max_chance_outcomes())
    for action in state.history()[1:]:
        replayed.apply(core.action_from_index(action))
    for player in range(2):
        expected = encoder_for(core).encode(replayed.view(player))
        assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32), expected)


def test_a_game_reaching_max_length_ends_as_a_draw() -> None:
    game = _load("race_to_ace", 3, max_length=12)
    assert game.max_game_length() == 12
    state = _played(game, 1, moves=10_000)
    assert state.is_terminal() and state.move_number() == 13  # the root chance node and 12
    assert state.returns() == pytest.approx([1 / 3] * 3)


def test_the_default_max_length_is_the_configured_games_own_bound() -> None:
    """Shown in the game's parameters, so its string names the bound it enforces."""
    game = pyspiel.load_game("aerodeck_race_to_ace(players=3)")
    bound = aerodeck.make("race_to_ace", players=3).max_game_length()
    assert game.max_game_length() == game.get_parameters()["max_length"] == bound


def test_options_pass_through_the_game_string() -> None:
    game = pyspiel.load_game(
        "aerodeck_aces_versus_aces(options=target:20;winner_keeps:beaten;discard_replace:false)"
    )
    assert parse_options(game.get_parameters()["options"]) == {
        "target": 20,
        "winner_keeps": "beaten",
        "discard_replace": False,
    }
    with pytest.raises(ConfigError, match="name:value"):
        parse_options("target=20")


@pytest.mark.parametrize("game_id", ENCODED)
def test_openspiel_is_mcts_plays_every_game(game_id: str) -> None:
    game = _load(game_id)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 8, random_state=rng)
    state = game.new_initial_state()
    state.apply_action(3)
    for _ in range(3):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_openspiel_outcome_sampling_mccfr_runs() -> None:
    game = _load("aces_versus_aces", seeds=4)
    solver = mccfr.OutcomeSamplingSolver(game)
    for _ in range(3):
        solver.iteration()
    policy = solver.average_policy()
    state = _played(game, 1, moves=0)
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert sum(probs.values()) == pytest.approx(1.0)


def test_an_illegal_action_is_refused_with_the_rule_and_changes_nothing() -> None:
    from aerodeck.core.errors import IllegalActionError

    game = _load("aces_versus_aces")
    state = _played(game, 3, moves=0)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    before = str(state)
    with pytest.raises(IllegalActionError, match="hand"):
        state.apply_action(illegal)
    assert str(state) == before and state.history() == [3]
