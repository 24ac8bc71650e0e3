"""Race to Ace's words for people: in Japanese the refusals, the card reference and the terminal's
text are translated (card titles stay as printed); no sentence carries notation; a pilot offered
only "pass" is told why."""

from __future__ import annotations

import random
import re

import pytest

import aerodeck
from aerodeck.core.errors import IllegalActionError
from aerodeck.core.i18n import using
from tests.games.race_to_ace.helpers import table

STACK_NOTATION = re.compile(r"\b[VR]\d>\d\b")
ENGLISH_WORD = re.compile(r"\b[a-z]{3,}\b")  # card titles are capitals; sentences lower case


def test_a_refusal_comes_back_in_japanese() -> None:
    s = table("guns", "", "")
    with using("ja"), pytest.raises(IllegalActionError, match="GUNSには") as refused:
        s.apply("guns 1")
    assert not ENGLISH_WORD.search(str(refused.value).split(":", 1)[-1])
    with pytest.raises(IllegalActionError, match="GUNS needs an active VISUAL"):
        s.apply("guns 1")


def test_the_card_reference_is_in_japanese_with_the_printed_titles() -> None:
    game = aerodeck.make("race_to_ace")
    with using("ja"):
        cards = game.reference()["cards"]
    assert (
        "ドッグファイト" in cards["radar"]["text"] and "RADAR ACQUISITION" in cards["radar"]["text"]
    )
    assert cards["hotstick"]["lines"] == ["特殊カード", "山札に1枚"]
    for info in cards.values():
        assert not ENGLISH_WORD.search(info["text"]), info["text"]


def test_the_terminal_text_is_japanese_and_names_acquisitions_in_words() -> None:
    game = aerodeck.make("race_to_ace", players=4, weapon_counters=True)
    state = game.new_game(seed=9)
    rng = random.Random(9)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    events = state.events_since(0, 0)
    for event in events:
        line = game.describe_event(event)
        assert not STACK_NOTATION.search(line), line
        with using("ja"):
            japanese = game.describe_event(event)
        plain = re.sub(r"\[/?[a-z ]+\]", "", japanese)
        assert not ENGLISH_WORD.search(plain), (line, japanese)
    with using("ja"):
        shown = game.render_view(state.view(0))
        result = game.render_result(state.view(0), events)
    assert "ゲーム終了" in shown and "結果" in result


def test_a_flamed_out_pilot_offered_only_pass_is_told_why() -> None:
    game = aerodeck.make("race_to_ace", players=4)
    state = game.new_game(seed=1)
    rng = random.Random(1)
    told = None
    while not state.is_terminal and told is None:
        reason = game.forced_reason(state)
        if reason and reason.startswith("a FLAMEOUT stands in front of you"):
            told = reason
            seat = state.current_player
            assert seat is not None and state.flamed(seat)
            assert [str(a) for a in state.legal_actions()] == ["pass"]
            with using("ja"):
                assert "FLAMEOUTがあります" in (game.forced_reason(state) or "")
        state.apply(rng.choice(state.legal_actions()))
    assert told is not None, "seed 1 never flamed out a pilot in a dogfight"


def test_a_choice_has_no_forced_reason_and_a_lost_turn_has_one() -> None:
    s = table("visual", "", "")
    assert len(s.legal_actions()) > 1 and s.game.forced_reason(s) is None
    game = aerodeck.make("race_to_ace", players=4)
    state = game.new_game(seed=1)
    rng = random.Random(1)
    while state.phase != "lost turn":
        state.apply(rng.choice(state.legal_actions()))
    assert game.forced_reason(state) == "you were shot down: this turn you may only discard a card"
