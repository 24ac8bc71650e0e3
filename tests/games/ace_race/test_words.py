"""Ace Race's words for people: in Japanese the refusals and the terminal's text are translated
(the rule in force said in the reader's words, not the engine's English), and a seat with a single
move is told why."""

from __future__ import annotations

import random
import re

import pytest
from rich.text import Text

import aerodeck
from aerodeck.core.errors import IllegalActionError
from aerodeck.core.i18n import using
from aerodeck.games.ace_race import actions
from tests.games.ace_race.support import stacked

ENGLISH_WORD = re.compile(r"\b[a-z]{3,}\b")


def test_a_refusal_names_the_rule_in_japanese() -> None:
    state = stacked(hands=[["9S", "KS"], ["5S", "6S"]], rule="high", first=0)
    with (
        using("ja"),
        pytest.raises(IllegalActionError, match="ハイのルールで出せるのは") as refused,
    ):
        state.apply("play 9S")
    assert "10から13のカード1枚" in str(refused.value)
    with using("ja"):
        assert state.why_illegal(actions.parse("pass")).endswith("1枚引いてください")


def test_the_view_in_japanese_says_the_rule_and_what_to_play() -> None:
    state = stacked(players=3, hands=[["9S", "KS"], ["5S", "6S"], ["2C"]], rule="suits H")
    with using("ja"):
        text = Text.from_markup(state.game.render_view(state.view(0))).plain
    assert "スート (♥)" in text and "♥のカード1枚" in text
    assert "席1: 2枚" in text


def test_every_event_of_a_game_reads_in_japanese() -> None:
    game = aerodeck.make("ace_race", players=3)
    state = game.new_game(seed=169)
    rng = random.Random(169)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    with using("ja"):
        lines = [game.describe_event(e) for e in state.events_since(0, 0)]
        lines.append(game.render_result(state.view(0), state.events_since(0, 0)))
    for line in lines:
        plain = Text.from_markup(line).plain
        assert not ENGLISH_WORD.search(plain), plain


def test_a_single_move_is_explained() -> None:
    state = stacked(hands=[["2S", "KS"], ["5S", "6S"]], draw=["3H"], rule="high", first=0)
    assert state.game.forced_reason(state) is None  # KS or a draw
    state.apply("draw")
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    assert state.game.forced_reason(state) == (
        "the card you drew cannot be played under the rule: pass"
    )
    with using("ja"):
        assert (
            state.game.forced_reason(state)
            == "引いたカードはルールに合わず出せません。パスしてください"
        )
