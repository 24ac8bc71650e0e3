"""The values derived from the state that it keeps for speed (``Dogfight.relations``, the Speed
Maneuvers of ``LegalMoves._legal_speed``, each flight's plane as flown and weapon reach, each
aircraft's enemies flying and whether each side may play Teamwork, each aircraft's VP as
revealed): what is kept must always be what the named predicates, ``Dogfight._derive`` and
``Dogfight._shown_vps`` answer now from the flights, including in clones that go separate ways
and after a kill."""

from __future__ import annotations

import random
from typing import get_args

import aerodeck
from aerodeck.games.down_in_flames import flight
from aerodeck.games.down_in_flames.phases import SPEED, Flight, Refit
from aerodeck.games.down_in_flames.rules import DifState


def _check(state: DifState) -> None:
    table = state.relations()
    for a in range(state.n_aircraft):
        for t in range(state.n_aircraft):
            if a == t:
                continue
            held = state._held_on(t, a)
            assert table[a][t] == (
                state.rel(a, t),
                state._pos_ok(a, t),
                flight.slot_free(held, 1),
                flight.slot_free(held, 2),
                state._may_move_band(a, t),
            )
    if state.phase == SPEED:
        assert state._legal_speed() == state._speed_moves()
    for record in state.flights:
        assert (record.plane, record.reach) == state._derive(record.sheet, record.missiles)
    assert state.foes == state._foes()
    assert state.vps() == state._shown_vps()
    sides = range(state.game.n_sides)
    assert state.side_outnumbers == tuple(state._teamwork(side) for side in sides)


def test_kept_values_match_the_predicates_in_random_games() -> None:
    rng = random.Random(18)
    checked = kills = 0
    for players, options in (
        (3, {}),
        (4, {}),
        (4, {"mode": "ffa"}),
        (2, {"aircraft": 2}),
        (3, {"skills": True}),
    ):
        game = aerodeck.make("down_in_flames", players=players, **options)
        for seed in range(6):
            state = game.new_game(seed=seed)
            assert isinstance(state, DifState)
            while not state.is_terminal:
                _check(state)
                checked += 1
                moves = state.legal_actions()
                if len(moves) > 1 and rng.random() < 0.2:
                    # A clone takes another move: both keep answering for their own positions.
                    other = state.clone()
                    assert isinstance(other, DifState)
                    other.apply(moves[-1])
                    _check(other)
                before = sum(state.alive)
                state.apply(rng.choice(moves))
                kills += before - sum(state.alive)
    assert checked > 1000 and kills > 0


def test_every_field_of_a_flight_but_the_derived_ones_is_set_by_refit() -> None:
    """``Dogfight._refit`` sets each field it may (a new field is settable or derived)."""
    assert set(get_args(Refit)) == set(Flight._fields) - {"plane", "reach"}
