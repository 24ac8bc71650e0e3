"""Race to Ace's board as a person reads it, in English and Japanese: at the start, in
dogfights (an outmaneuvered VISUAL, a jammed RADAR, a shot to fire, a weapon to answer, a special
to reveal), after kills and FLAMEOUTs, with wingmen in a two-game match, and at the end, the
board, the seats, the status, the scores and every legal move's label and help show no raw state;
in Japanese no English but the cards' printed titles."""

from __future__ import annotations

from typing import Any

import pytest

from aerodeck.core.api import JSON
from tests.browser.board_words import (
    all_texts,
    drawn,
    english_words,
    play_positions,
    raw_state,
)
from tests.web.server import Server

GAME = "race_to_ace"
TITLES = {
    "RADAR", "ACQUISITION", "VISUAL", "MISSILE", "GUNS", "MALFUNCTION", "MANEUVER", "JAMMIT!",
    "FLAMEOUT", "RELIGHT", "GOLDEN", "BIRD", "HOT", "STICK", "ECCM",
}  # fmt: skip


def _covered(cover: str) -> Any:
    return lambda _state, view: any(a["cover"] == cover for a in view["acquisitions"])


WANTED = {
    "dogfight": lambda _s, v: v["phase"] == "dogfight",
    "outmaneuvered": _covered("maneuver"),
    "jammed": _covered("jammit"),
    "fire": lambda _s, v: v["phase"] == "fire",
    "lost turn": lambda _s, v: v["phase"] == "lost turn",
    "flameout": lambda _s, v: any(p["flameouts"] for p in v["pilots"]),
    "react": lambda _s, v: v["phase"] == "react",
    "weapon": lambda _s, v: v["phase"] == "weapon",
    "special shown": lambda _s, v: any(p["hot_stick"] or p["golden_bird"] for p in v["pilots"]),
    "a kill": lambda _s, v: any(p["kills"] for p in v["pilots"]),
}


def positions() -> list[JSON]:
    four = play_positions(GAME, 4, {"weapon_counters": True}, 9, WANTED)
    wingmen = play_positions(GAME, 2, {"games": 2}, 3, {"wingmen dogfight": WANTED["dogfight"]})
    return four + wingmen


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_board_shows_no_raw_state(browser: Any, web: Server, lang: str) -> None:
    seen = drawn(web, browser, GAME, lang, positions())
    for at, text in all_texts(seen):
        assert not raw_state(text), (at, raw_state(text), text)
        if lang == "ja":
            assert not english_words(text, TITLES), (at, english_words(text, TITLES), text)
    by_place = {p["at"]: p for p in seen}
    if lang == "en":
        assert "outmaneuvered by" in by_place["outmaneuvered"]["board"]
        assert "DOGFIGHT" in by_place["dogfight"]["board"]
        assert "Your wingman's cards" in by_place["wingmen dogfight"]["board"]
        assert any("kill" in t for t in by_place["end"]["texts"])
    else:
        assert "ドッグファイト" in by_place["dogfight"]["board"]
        assert "撃墜" in by_place["a kill"]["board"]
