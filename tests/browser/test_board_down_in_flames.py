"""Down In Flames' board as a person reads it, in English and Japanese: in a duel at the start,
choosing altitudes, at a discard/draw step, a Speed Maneuver, a reaction awaited, a cost to pay,
an altitude change to follow, a missile to launch, and at the end; and with four players (two
aircraft a side) once an aircraft is shot down: the board, the seats, the status, the scores and
every legal move's label and help show no raw state and no notation; in Japanese no English but
the names printed on the cards and counters and the rulebook's codes."""

from __future__ import annotations

import re
from typing import Any

import pytest

import aerodeck
from aerodeck.core.api import JSON
from tests.browser.board_words import all_texts, drawn, english_words, play_positions, raw_state
from tests.games.down_in_flames.test_japanese import CODES, printed_names
from tests.web.server import Server

GAME = "down_in_flames"
NOTATION = re.compile(r"@\d|\b(me|foe)[+-]\d")


def _phase(name: str) -> Any:
    return lambda _state, view: view["phase"] == name


DUEL = {
    "altitudes": _phase("alt-pick"),
    "discard": _phase("discard"),
    "speed": _phase("speed"),
    "react": _phase("react"),
    "pay": _phase("pay"),
    "follow": _phase("follow"),
    "launch": _phase("launch"),
}
FOUR = {"shot down": lambda _s, v: not all(a["alive"] for a in v["aircraft"])}


def positions() -> list[JSON]:
    """Seed 26 reaches every step but a launch, seed 29 every one but a follow (seeds found by
    playing 80); seed 9 of four players shoots an aircraft down."""
    duel = play_positions(GAME, 2, {}, 26, {k: v for k, v in DUEL.items() if k != "launch"})
    launch = play_positions(GAME, 2, {}, 29, {"launch": DUEL["launch"]})[1:2]
    four = play_positions(GAME, 4, {}, 9, FOUR)
    for position in four:
        position["at"] = f"four: {position['at']}"
    return duel + launch + four


def allowed_words() -> set[str]:
    names = printed_names(aerodeck.make(GAME).data)
    return {w for name in names for w in re.findall(r"[A-Za-z][A-Za-z!]+", name)} | CODES


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_board_shows_no_raw_state(browser: Any, web: Server, lang: str) -> None:
    seen = drawn(web, browser, GAME, lang, positions())
    allowed = allowed_words()
    for at, text in all_texts(seen):
        assert not raw_state(text) and not NOTATION.search(text), (at, raw_state(text), text)
        if lang == "ja":
            assert not english_words(text, allowed), (at, english_words(text, allowed), text)
    by_place = {p["at"]: p for p in seen}
    if lang == "en":
        assert "Round 1 of 6" in by_place["start"]["board"]
        assert "a reaction is awaited" in " ".join(by_place["react"]["texts"])
        assert "shot down" in by_place["four: shot down"]["board"]
    else:
        assert "ラウンド 1/6" in by_place["start"]["board"]
        assert "リアクション待ち" in " ".join(by_place["react"]["texts"])
        assert "撃墜" in by_place["four: shot down"]["board"]
