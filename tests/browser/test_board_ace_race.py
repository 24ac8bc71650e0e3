"""Ace Race's board as a person reads it, in English and Japanese: during the bidding, when the
first rule is to be set, under each kind of play on top (a multiple, a series, Above/Below's
direction, a card on a joker, Suits), after a draw, in a giveaway, in the second game of a match
and at the end, the board, the seats, the status, the scores and every legal move's label and
help show no raw state; in Japanese no English at all (cards are rank and suit symbol)."""

from __future__ import annotations

from typing import Any

import pytest

from aerodeck.core.api import JSON
from tests.browser.board_words import all_texts, drawn, english_words, play_positions, raw_state
from tests.web.server import Server

GAME = "ace_race"


def _top(kind: str) -> Any:
    return lambda _s, v: v["rule"] is not None and v["rule"]["last_kind"] == kind


WANTED = {
    "bidding": lambda _s, v: v["phase"] == "bid" and v["bid"]["high"] >= 0,
    "rule to set": lambda _s, v: v["phase"] == "rule",
    "giveaway": lambda _s, v: v["phase"] == "give",
    "drawn": lambda _s, v: v["phase"] == "drawn",
    "on a joker": _top("joker"),
    "multiple": _top("multiple"),
    "series": _top("series"),
    "above/below": lambda _s, v: v["rule"] is not None and v["rule"]["direction"] is not None,
    "suits": lambda _s, v: v["rule"] is not None and v["rule"]["rule"] == "suits",
}


def positions() -> list[JSON]:
    three = play_positions(GAME, 3, {}, 169, WANTED)
    match = play_positions(
        GAME, 2, {"games": 2}, 5, {"second game": lambda _s, v: v["game_number"] == 2}
    )
    return three + match


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_board_shows_no_raw_state(browser: Any, web: Server, lang: str) -> None:
    seen = drawn(web, browser, GAME, lang, positions())
    for at, text in all_texts(seen):
        assert not raw_state(text), (at, raw_state(text), text)
        if lang == "ja":
            assert not english_words(text, set()), (at, english_words(text, set()), text)
    by_place = {p["at"]: p for p in seen}
    if lang == "en":
        assert "Highest bid" in by_place["bidding"]["board"]
        assert "The rule: Suits" in by_place["suits"]["board"]
        assert "give away" in by_place["giveaway"]["board"]
        assert "won the previous game" in by_place["second game"]["board"]
    else:
        assert "最高ビッド" in by_place["bidding"]["board"]
        assert "スート" in by_place["suits"]["board"]
