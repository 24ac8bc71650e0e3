"""The generic agents: reproducible, legal, budgeted, and found by name."""

from __future__ import annotations

import pytest

import aerodeck
from aerodeck.agents.ismcts import IsmctsAgent
from aerodeck.agents.registry import agent_names, make_agent
from aerodeck.core.errors import ConfigError


def test_ismcts_is_reproducible_from_its_seed_and_plays_legal_moves() -> None:
    game = aerodeck.make("aces_versus_aces", players=3)
    state = game.new_game(seed=4)
    for _ in range(12):
        seat = state.current_player
        assert seat is not None
        first = IsmctsAgent(game, 9, iterations=20).choose(state.observation(seat))
        second = IsmctsAgent(game, 9, iterations=20).choose(state.observation(seat))
        assert first == second
        assert first in state.legal_actions()
        state.apply(first)


def test_ismcts_finds_the_move_that_wins_at_once() -> None:
    """Seat 1 has one command marker left and only face cards: an Ace ends the game."""
    game = aerodeck.make("aces_versus_aces", players=2)
    setup = {"hands": [["AS", "2C", "3C", "4C"], ["KH", "QH", "JH", "KD"]], "pennies": [5, 1]}
    state = game.new_game(seed=1, setup=setup)
    heuristic = game.bots()["heuristic"]
    for iterations in (16, 64):  # the budgets of the former ismcts levels
        for seed in range(3):
            agent = IsmctsAgent(game, seed, iterations, rollout=heuristic, epsilon=0.1, prior=True)
            assert str(agent.choose(state.observation(0))) == "play AS"


def test_ismcts_time_budget_returns_a_legal_move() -> None:
    game = aerodeck.make("aces_versus_aces", players=2)
    state = game.new_game(seed=2)
    agent = IsmctsAgent(game, 1, seconds=0.05)
    assert agent.choose(state.observation(0)) in state.legal_actions()


def test_every_game_offers_random_heuristic_and_the_levels() -> None:
    for info in aerodeck.list_games():
        names = agent_names(aerodeck.make(info.id))
        levels = {"random", "heuristic", "easy", "medium", "hard", "expert"}
        assert levels | {"ismcts-easy", "ismcts", "ismcts-hard"} <= set(names)


def test_an_unknown_bot_is_refused_with_the_choices() -> None:
    with pytest.raises(ConfigError, match="bots: easy, expert, hard, heuristic, ismcts"):
        make_agent("grandmaster", aerodeck.make("aces_versus_aces"), 1)
