"""The plug-in hooks of ``core.api.Game``: every registered game answers them in the shapes the
faces read, and a game that overrides none gets the generic defaults."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import aerodeck
from aerodeck.core.api import Game
from aerodeck.core.features import Encoder
from aerodeck.core.search import AnalysisThresholds, SearchSettings
from aerodeck.games.aces_versus_aces.game import AcesVersusAces

GAMES = [info.id for info in aerodeck.list_games()]


class _Plain(AcesVersusAces):
    """A game that answers every hook with core's default (its rules are Aces versus Aces')."""

    info = replace(AcesVersusAces.info, id="plain", title="Plain")
    reference = Game.reference
    observation_encoder = Game.observation_encoder
    max_game_length = Game.max_game_length
    search_settings = Game.search_settings
    analysis_thresholds = Game.analysis_thresholds
    evaluate = Game.evaluate
    figures = Game.figures
    setup_examples = Game.setup_examples
    board_assets = Game.board_assets


def test_a_game_that_overrides_no_hook_gets_the_defaults() -> None:
    game = _Plain(2)
    assert game.reference() == {"cards": {}, "tables": []}
    assert game.reference_text() == ""  # no card reference: the terminal has no cards command
    assert game.observation_encoder() is None
    assert game.max_game_length() == 10_000
    assert game.search_settings() == SearchSettings()
    assert game.analysis_thresholds() == AnalysisThresholds()
    assert game.evaluate(game.new_game(seed=1).view(0)) is None
    assert game.figures() == ()
    assert game.setup_examples() == ()
    assert game.board_assets() is None
    assert game.series() is None


@pytest.mark.parametrize("game_id", GAMES)
def test_the_analysis_marks_grow_with_the_loss(game_id: str) -> None:
    marks = aerodeck.make(game_id).analysis_thresholds()
    assert 0 < marks.inaccuracy < marks.mistake < marks.blunder <= 1


@pytest.mark.parametrize("game_id", GAMES)
def test_the_reference_is_public_json_in_the_pages_shape(game_id: str) -> None:
    reference = aerodeck.make(game_id).reference()
    assert json.loads(json.dumps(reference)) == reference
    assert isinstance(reference["cards"], dict)
    for card in reference["cards"].values():
        assert isinstance(card["text"], str) and card["text"]
    for table in reference["tables"]:
        assert table["title"] and table["rows"]
        assert all(len(row) == len(table["columns"]) for row in table["rows"])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_random_game_stays_within_the_hooks_answers(game_id: str) -> None:
    """A seeded random game: its length under the bound, every move a figure reads as text or
    None, every seat's view encoded at the declared size and judged in [0, 1]."""
    game = aerodeck.make(game_id)
    encoder = game.observation_encoder()
    assert encoder is None or isinstance(encoder, Encoder)
    state, rng = game.new_game(seed=3), random.Random(3)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if encoder is not None:
            assert len(encoder.encode(view)) == encoder.size
        value = game.evaluate(view)
        assert value is None or 0.0 <= value <= 1.0
        action = rng.choice(state.legal_actions())
        for figure in game.figures():
            assert figure.pick(str(action)) is None or isinstance(figure.pick(str(action)), str)
        state.apply(action)
    assert state.move_number <= game.max_game_length()
