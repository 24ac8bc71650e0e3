"""The heuristic bot beats random players by a wide margin, and decides from its view only."""

from __future__ import annotations

import pytest

import aerodeck
from aerodeck.agents import make_agent
from aerodeck.games.race_to_ace.bot import HeuristicBot
from aerodeck.sim.match import play


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_bot_beats_random_by_a_wide_margin(players: int) -> None:
    game = aerodeck.make("race_to_ace", players=players)
    games, won = 40, 0.0
    for seed in range(games):
        seat = seed % players
        agents = [
            make_agent("heuristic" if s == seat else "random", game, seed * 10 + s)
            for s in range(players)
        ]
        won += play(game.new_game(seed=seed), agents).returns()[seat]
    assert won / games >= 0.8  # random would win 1/players


def test_heuristic_bot_plays_every_variant_to_the_end() -> None:
    for players, options in [
        (2, {"wingmen": True}),
        (3, {"acquisition_tokens": True}),
        (4, {"weapon_counters": True}),
        (3, {"games": 2}),
    ]:
        game = aerodeck.make("race_to_ace", players=players, **options)
        state = play(game.new_game(seed=2), [HeuristicBot(game, s) for s in range(players)])
        assert state.is_terminal and sum(state.returns()) == pytest.approx(1.0)
