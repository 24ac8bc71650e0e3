"""The heuristic bot beats random players by a wide margin at every player count."""

from __future__ import annotations

import pytest

import aerodeck
from aerodeck.agents import RandomAgent
from aerodeck.core.api import Agent
from aerodeck.core.rng import derive_seed
from aerodeck.games.ace_race.bot import HeuristicBot
from aerodeck.sim.match import play

GAMES = 60


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_heuristic_bot_beats_random_by_a_wide_margin(players: int) -> None:
    game = aerodeck.make("ace_race", players=players)
    won = 0.0
    for seed in range(GAMES):
        hero = seed % players
        agents: list[Agent] = [
            HeuristicBot(game, derive_seed(seed, s))
            if s == hero
            else RandomAgent(game, derive_seed(seed, s))
            for s in range(players)
        ]
        state = play(game.new_game(seed=seed), agents)
        won += state.returns()[hero]
    assert won / GAMES >= 1 / players + 0.3  # random players share 1/players


def test_heuristic_bots_finish_a_match_among_themselves() -> None:
    game = aerodeck.make("ace_race", players=4, games=3)
    agents: list[Agent] = [HeuristicBot(game, s) for s in range(4)]
    state = play(game.new_game(seed=12), agents)
    assert state.is_terminal and sum(state.wins) >= 3
    assert sum(state.returns()) == pytest.approx(1.0)
