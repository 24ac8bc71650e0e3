"""OpenSpiel's Python IS-MCTS as an aerodeck bot (``openspiel-ismcts``): it plays whole games
through the simulator's match loop, replays exactly, and decides from its seat's information."""

from __future__ import annotations

import random
from importlib.metadata import entry_points

import pytest

import aerodeck
from aerodeck.agents.registry import KIND_GROUP, make_agent
from aerodeck.core.errors import ConfigError
from aerodeck.rl.openspiel import wrap_game
from aerodeck.rl.openspiel_ismcts import KIND, OPENSPIEL_ISMCTS
from aerodeck.sim.match import play_game


def test_it_plays_a_whole_game_against_a_level_and_replays_it() -> None:
    game = aerodeck.make("aces_versus_aces", players=2)

    def actions() -> list[str]:
        bots = [OPENSPIEL_ISMCTS.make(game, 4, "3"), make_agent("medium", game, 5)]
        return list(play_game(game, bots, 9, events=False).record["actions"])

    first = actions()
    assert first and first == actions()


def test_its_choice_is_the_same_in_any_world_its_seat_cannot_tell_apart() -> None:
    game = aerodeck.make("race_to_ace", players=2, wingmen=True)
    rng = random.Random(3)
    state = game.new_game(seed=2)
    for _ in range(6):
        seat = state.current_player
        assert seat is not None
        world = state.determinize(seat, rng)
        bot = OPENSPIEL_ISMCTS.make(game, 7, "4")
        chosen = bot.choose(state.observation(seat))
        assert chosen == bot.choose(world.observation(seat))
        state.apply(chosen)


def test_a_configured_game_keeps_its_options_through_openspiel() -> None:
    game = aerodeck.make("race_to_ace", players=2, wingmen=True)
    assert wrap_game(game).core.options == game.options


def test_a_bad_count_is_one_readable_line() -> None:
    game = aerodeck.make("ace_race", players=2)
    with pytest.raises(ConfigError, match="number of simulations"):
        OPENSPIEL_ISMCTS.make(game, 1, "many")
    assert OPENSPIEL_ISMCTS.make(game, 1, "").name == KIND


def test_the_registry_finds_it_by_name_once_installed() -> None:
    if KIND not in {point.name for point in entry_points(group=KIND_GROUP)}:
        pytest.skip(f"the {KIND} entry point is not installed yet: pip install -e . again")
    game = aerodeck.make("ace_race", players=2)
    assert make_agent(KIND, game, 1).name == KIND
    assert make_agent(f"{KIND}:5", game, 1).name == f"{KIND}:5"
