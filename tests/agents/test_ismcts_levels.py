"""The guided ISMCTS levels: the heuristic as playout policy and root prior, and still fair."""

from __future__ import annotations

import random

import pytest

import aerodeck
from aerodeck.agents.ismcts import IsmctsAgent, Node, _clearly_better
from aerodeck.agents.registry import ISMCTS_LEVELS, make_agent

GAMES = [info.id for info in aerodeck.list_games()]


def _guided(game: aerodeck.Game, seed: int, iterations: int) -> IsmctsAgent:
    heuristic = game.bots()["heuristic"]
    return IsmctsAgent(game, seed, iterations, rollout=heuristic, epsilon=0.1, prior=True)


def _positions(game_id: str, count: int) -> list[aerodeck.State]:
    game = aerodeck.make(
        game_id, players=2, **({"wingmen": True} if game_id == "race_to_ace" else {})
    )
    state = game.new_game(seed=3)
    rng = random.Random(3)
    found = []
    while not state.is_terminal and len(found) < count:
        if len(state.legal_actions()) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_with_one_iteration_the_guided_search_plays_the_heuristic_move(game_id: str) -> None:
    """The prior is expanded first: a budget of one can only confirm it."""
    for state in _positions(game_id, 3):
        seat = state.current_player
        assert seat is not None
        game = state.game
        expected = make_agent("heuristic", game, 0).choose(state.observation(seat))
        heuristic_only = IsmctsAgent(
            game, 5, 1, rollout=lambda g, s: make_agent("heuristic", g, 0), prior=True
        )
        assert heuristic_only.choose(state.observation(seat)) == expected


@pytest.mark.parametrize("game_id", GAMES)
def test_guided_search_cannot_use_hidden_information(game_id: str) -> None:
    """Same seed, same choice, in the true state and in a world the seat cannot tell from it."""
    rng = random.Random(11)
    for state in _positions(game_id, 3):
        seat = state.current_player
        assert seat is not None
        world = state.determinize(seat, rng)
        here = _guided(state.game, 7, 6).choose(state.observation(seat))
        there = _guided(state.game, 7, 6).choose(world.observation(seat))
        assert here == there
        assert here in state.legal_actions()


def test_a_challenger_must_beat_the_prior_by_more_than_the_noise() -> None:
    def node(wins: float, visits: int) -> Node:
        made = Node()
        made.reward, made.visits = wins, visits
        return made

    assert not _clearly_better(node(3, 4), node(1, 4))  # 3 of 4 against 1 of 4 is noise
    assert _clearly_better(node(38, 40), node(10, 40))
    assert not _clearly_better(node(20, 40), node(20, 40))


def test_levels_grow_in_budget_and_easy_plays_out_at_random() -> None:
    assert not ISMCTS_LEVELS["ismcts-easy"].guided
    assert ISMCTS_LEVELS["ismcts"].iterations < ISMCTS_LEVELS["ismcts-hard"].iterations
    game = aerodeck.make("ace_race", players=2)
    agent = make_agent("ismcts-hard", game, 1)
    assert isinstance(agent, IsmctsAgent) and agent.rollout_agent is not None
    assert agent.name == "ismcts-hard"
