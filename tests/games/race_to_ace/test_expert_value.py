"""The ``expert`` level's value of a Race to Ace position (``value.py``, docs/bots.md): its
shape and range, that it is a pure function of the seat's view, and that ``expert`` reads it
(so decides otherwise than ``hard`` somewhere)."""

from __future__ import annotations

import copy
from dataclasses import replace

import aerodeck
from aerodeck.agents.levels import evaluation, searcher
from aerodeck.agents.registry import make_agent
from aerodeck.core.api import JSON, State
from aerodeck.games.race_to_ace import bot, value
from aerodeck.games.race_to_ace import cards as c


def _game() -> aerodeck.Game:
    return aerodeck.make("race_to_ace", players=2, wingmen=True)


def _positions(seed: int, moves: int) -> list[State]:
    game = _game()
    state = game.new_game(seed=seed)
    bots = [make_agent("heuristic", game, seat) for seat in range(2)]
    seen = []
    for _ in range(moves):
        if state.is_terminal:
            break
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state.observation(seat)))
        seen.append(state.clone())
    return seen


def test_the_network_reads_every_feature_and_gives_a_chance_to_win() -> None:
    (first, first_bias), (last, last_bias) = value.network()
    assert last_bias.shape == (1,)
    assert first.shape == (len(first_bias), len(value.FEATURES)) and last.shape[0] == 1
    assert len(value.FEATURES) == len(set(value.FEATURES))
    for state in _positions(3, 60):
        for seat in range(2):
            view = state.view(seat)
            assert len(value.features(view)) == len(value.FEATURES)
            assert 0.0 < value.evaluate(view) < 1.0
            assert value.evaluate(copy.deepcopy(view)) == value.evaluate(view)


def test_the_rival_holds_what_the_seat_cannot_see() -> None:
    """The counted cards: those unseen are the deck's and the rival's; with the rival holding
    none of a kind's unseen copies impossible, the chance it holds one is 1."""
    for state in _positions(5, 40):
        view: JSON = state.view(0)
        hand = c.hand_of([c.kind_of(word) for word in view["hand"] + view["wing"]])
        unseen = value.unseen(view, hand)
        rival = view["pilots"][1]
        assert sum(unseen) == view["deck"] + rival["hand_size"] + rival["wing_size"]
        assert min(unseen) >= 0
    assert value.holds_none(3, 10, 8) == 0.0  # 8 of 10 cards leave at most 2 without the kind
    assert value.holds_none(0, 10, 8) == 1.0
    assert abs(value.holds_none(1, 10, 3) - 0.7) < 1e-12


def test_the_value_prizes_a_displayed_golden_bird_and_a_kill() -> None:
    view = _positions(3, 12)[-1].view(0)
    base = value.evaluate(view)
    for key, seat, change, better in (
        ("golden_bird", 0, True, True),
        ("golden_bird", 1, True, False),
        ("kills", 0, 2, True),
        ("kills", 1, 2, False),
    ):
        changed = copy.deepcopy(view)
        changed["pilots"][seat][key] = change
        assert (value.evaluate(changed) > base) is better, key


def test_expert_ends_its_playouts_on_the_network_and_hard_on_the_regression() -> None:
    game = _game()
    assert game.expert_settings() == replace(game.search_settings(), value="expert")
    assert evaluation(game, game.expert_settings()) is value.evaluate
    assert evaluation(game, game.search_settings()) == game.evaluate
    view = _positions(3, 20)[-1].view(1)
    assert value.evaluate(view) != bot.evaluate(view)


def test_expert_decides_otherwise_than_hard_where_the_values_disagree() -> None:
    """The third move of seed 4 (a dogfight answer), both searches at 16 worlds and 3,000
    playout moves: ``hard`` answers with a MANEUVER, ``expert`` with the MALFUNCTION."""
    game = _game()
    state = _positions(4, 2)[-1]
    seat = state.current_player
    assert seat is not None
    small = replace(game.search_settings(), worlds=16, budget=3000)
    hard = searcher(small, game, 3).choose(state.observation(seat))
    expert = searcher(replace(small, value="expert"), game, 3).choose(state.observation(seat))
    assert (str(hard), str(expert)) == ("maneuver V0>1", "malfunction V0>1")
