"""Aces versus Aces' words for people: the terminal's view, events and result, the refusals, the
reference and the forced move's reason, in English and in Japanese (no English word left in the
Japanese, no raw state in either)."""

from __future__ import annotations

import random
import re

import pytest

from aerodeck.core.errors import IllegalActionError
from aerodeck.core.i18n import using
from aerodeck.core.registry import make
from aerodeck.games.aces_versus_aces.game import AcesVersusAces
from aerodeck.games.aces_versus_aces.rules import AvAState

MARKUP = re.compile(r"\[/?[a-z_ ]+\]")
CARD = re.compile(r"\b(?:10|[2-9AKQJ])[♠♥♦♣SHDC]")
RAW = re.compile(r"\b(?:None|True|False|null|undefined|NaN)\b|\[object|\b[a-z]+_[a-z_]+\b|-1\b")


def english_words(text: str) -> list[str]:
    """Latin words left in a Japanese text once markup and cards (rank and suit) are taken out."""
    return re.findall(r"[A-Za-z]{2,}", CARD.sub("", MARKUP.sub("", text)))


def played(players: int, seed: int) -> tuple[AcesVersusAces, list[AvAState]]:
    """A seeded random game to its end, every position kept."""
    game = make("aces_versus_aces", players=players, target=12)
    assert isinstance(game, AcesVersusAces)
    state = game.new_game(seed=seed)
    assert isinstance(state, AvAState)
    rng = random.Random(seed)
    positions = [state]
    while not state.is_terminal:
        state = state.clone()
        state.apply(rng.choice(state.legal_actions()))
        positions.append(state)  # type: ignore[arg-type]
    return game, positions


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_game_reads_in_words(lang: str) -> None:
    game, positions = played(3, seed=4)
    end = positions[-1]
    with using(lang):
        texts = [game.render_view(p.view(seat)) for p in positions[::5] for seat in (0, None)]
        texts += [game.describe_event(e) for e in end.events_since(0, 0)]
        texts += [game.render_result(end.view(0), end.events_since(0, 0)), game.reference_text()]
    for text in texts:
        assert not RAW.search(MARKUP.sub("", text)), text
        if lang == "ja":
            assert not english_words(text), text


def test_the_reference_says_each_cards_score_in_words() -> None:
    game = make("aces_versus_aces", players=2)
    cards = game.reference()["cards"]
    assert cards["5C"]["text"] == "5♣: 1 point when won or held at the end of the round"
    assert cards["KH"]["text"] == "K♥: 2 points when won or held at the end of the round"
    assert "costs 5 points" in cards["AS"]["text"]
    with using("ja"):
        cards = game.reference()["cards"]
    assert cards["5C"]["text"] == "5♣: 取るか、ラウンド終了時に手元にあれば1点"
    assert cards["coin:quarter"]["text"] == "エース硬貨 クォーター: 8点"
    assert not any(english_words(card["text"]) for card in cards.values())


@pytest.mark.parametrize(
    ("move", "english", "japanese"),
    [
        ("play 9C", "you do not hold 9C", "あなたは9♣を持っていません"),
        ("keep", "discarding comes after the draw", "捨てるのは引いた後です"),
    ],
)
def test_refusals_come_back_in_the_readers_language(move: str, english: str, japanese: str) -> None:
    game = make("aces_versus_aces", players=2)
    state = game.new_game(seed=1, setup=game.setup_examples()[0])
    with pytest.raises(IllegalActionError, match=english):
        state.apply(move)
    with using("ja"), pytest.raises(IllegalActionError, match=japanese):
        state.apply(move)


def test_a_forced_play_says_why() -> None:
    """With one card in hand a seat is offered that card only: the reason says so; a seat with
    a choice gets no reason."""
    game, positions = played(2, seed=2)
    assert isinstance(game, AcesVersusAces)
    forced = [p for p in positions if not p.is_terminal and len(p.legal_actions()) == 1]
    free = [p for p in positions if len(p.legal_actions()) > 1]
    assert forced and free
    assert game.forced_reason(forced[0]) == (
        "you hold one card only: every player plays a card each hand"
    )
    with using("ja"):
        reason = game.forced_reason(forced[0])
    assert reason == "手札が1枚だけです。毎ハンド全員がカードを1枚出します"
    assert all(game.forced_reason(p) is None for p in free)
