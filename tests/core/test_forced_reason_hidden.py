"""The forced-move reason is read by the seat to move alone (``Game.forced_reason``): it may say
nothing that seat cannot know. Checked for every game the generic way the view is: wherever a
seat has one legal move, every world redrawn from that seat's view (``State.determinize``) gives
the same reason, so no hidden card of another seat, nor the deck's order, can change a word."""

from __future__ import annotations

import random

import pytest

import aerodeck
from aerodeck.core.api import Game, State

GAMES = [info.id for info in aerodeck.list_games()]
GAMES_PLAYED = 6
REDRAWS = 4


def forced_positions(state: State, rng: random.Random) -> list[State]:
    """The positions of one random game where the seat to move has one legal move."""
    found = []
    while not state.is_terminal:
        legal = state.legal_actions()
        if len(legal) == 1 and state.current_player is not None:
            found.append(state.clone())
        state.apply(rng.choice(legal))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_a_forced_reason_is_the_same_in_every_world_the_seat_may_be_in(game_id: str) -> None:
    game = aerodeck.make(game_id)
    reasons = 0
    for seed in range(GAMES_PLAYED):
        rng = random.Random(seed)
        for position in forced_positions(game.new_game(seed=seed), rng):
            seat = position.current_player
            assert seat is not None
            reason = game.forced_reason(position)
            reasons += reason is not None
            for redraw in range(REDRAWS):
                world = position.determinize(seat, random.Random(redraw))
                assert world.legal_actions() == position.legal_actions()
                assert game.forced_reason(world) == reason, (seed, position.move_number)
    if type(game).forced_reason is not Game.forced_reason:  # the game gives reasons: some met
        assert reasons > 0
