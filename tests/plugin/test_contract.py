"""The shared contract suite (tests/test_contract.py) runs for the plug-in game as for the
shipped ones: its parameters come from ``list_games()``, which reads the entry points."""

from __future__ import annotations

import random

import pytest

import aerodeck
from tests.conftest import GAME_COUNTS
from tests.plugin.toy import TOY, needs_toy
from tests.test_contract import random_playout

pytestmark = needs_toy


def test_the_shared_suite_covers_every_player_count_of_the_game() -> None:
    (info,) = [info for info in aerodeck.list_games() if info.id == TOY]
    assert [n for game_id, n in GAME_COUNTS if game_id == TOY] == list(info.player_counts)


@pytest.mark.parametrize(
    "options",
    [{"hook": True}, {"hand_size": 6}, {"hand_size": 2, "rounds": 9}],
    ids=["hook", "whole-deck-dealt", "short-hands"],
)
def test_the_options_keep_the_contract(options: dict[str, object]) -> None:
    """Beyond the suite's default options: random games end, conserve the cards, and no seat's
    view or events change in a world redrawn from what it cannot see (with six cards a hand
    and three players no card is left undealt)."""
    game = aerodeck.make(TOY, players=3, **options)
    rng = random.Random(7)
    for seed in range(40):
        state = game.new_game(seed=seed)
        for sample in random_playout(state, random.Random(seed)):
            for seat in range(game.players):
                world = sample.determinize(seat, rng)
                world.check_invariants()
                assert world.view(seat) == sample.view(seat)
                assert world.events_since(0, seat) == sample.events_since(0, seat)
        assert state.move_number == game.max_game_length()
        assert sum(state.returns()) == pytest.approx(1.0)
