"""The heuristic bot beats random players by a wide margin, and decides from its view only."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import aerodeck
from aerodeck.agents import make_agent
from aerodeck.games.race_to_ace.bot import FEATURES, WEIGHTS, HeuristicBot, evaluate, features
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


# --- the position value the hard level's playouts end on -----------------------------------------


def _position(moves: int = 14) -> dict[str, Any]:
    game = aerodeck.make("race_to_ace", players=2, wingmen=True)
    state = game.new_game(seed=4)
    bots = [HeuristicBot(game, s) for s in range(2)]
    for _ in range(moves):
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state.observation(seat)))
    return copy.deepcopy(state.view(0))


def test_the_value_has_one_weight_a_feature() -> None:
    assert len(FEATURES) == len(WEIGHTS) == len(features(_position()))


def test_the_value_prizes_a_displayed_golden_bird_and_a_downed_rival() -> None:
    """What the fit found: a shown GOLDEN BIRD (immune to MALFUNCTION and FLAMEOUT) is worth
    more than a kill; a rival who loses a turn is worth something too."""
    view = _position()
    base = evaluate(view)
    for change, better in (
        (("golden_bird", 0, True), True),
        (("golden_bird", 1, True), False),
        (("downed", 1, True), True),
        (("downed", 0, True), False),
    ):
        key, seat, value = change
        changed = copy.deepcopy(view)
        changed["pilots"][seat][key] = value
        assert (evaluate(changed) > base) is better
    bird = copy.deepcopy(view)
    bird["pilots"][0]["golden_bird"] = True
    kill = copy.deepcopy(view)
    kill["pilots"][0]["kills"] += 1
    assert evaluate(bird) > evaluate(kill) > base
