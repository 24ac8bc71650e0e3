"""Air Racing's words for people: the terminal's view, events and result, the refusals, the card
reference and the forced move's reason, in English and in Japanese (cards by their printed
titles, no English word but those in the Japanese, no raw state or notation name in either)."""

from __future__ import annotations

import random
import re

import pytest

from aerodeck.core.errors import IllegalActionError
from aerodeck.core.i18n import using
from aerodeck.core.registry import make
from aerodeck.games.air_racing.cards import NAMES, TITLES
from aerodeck.games.air_racing.game import AirRacing
from aerodeck.games.air_racing.rules import AirRacingState

MARKUP = re.compile(r"\[/?[a-z_ ]+\]")
PRINTED = re.compile("|".join(sorted(TITLES, key=len, reverse=True)))
RAW = re.compile(r"\b(?:None|True|False|null|undefined|NaN)\b|\[object|\b[a-z]+_[a-z_]+\b")
NOTATION_NAMES = re.compile(r"\b(?:" + "|".join(n for n in NAMES if "-" in n) + r")\b")
BY_SEAT = [  # seat 0 holds a Wind Tunnel and no other action card
    ["wind-tunnel", "dollar", "dollar", "dollar", "fast", "boost"],
    ["dollar", "dollar", "dollar", "dollar", "fast", "boost"],
]


def english_words(text: str) -> list[str]:
    """Latin words left in a Japanese text once markup and the cards' printed titles are out."""
    return re.findall(r"[A-Za-z]{2,}", PRINTED.sub("", MARKUP.sub("", text)))


def played(seed: int, **options: object) -> tuple[AirRacing, list[AirRacingState]]:
    """A seeded random two-player game to its end (a one-lap race), every position kept."""
    game = make("air_racing", players=2, laps=1, **options)
    assert isinstance(game, AirRacing)
    state = game.new_game(seed=seed)
    assert isinstance(state, AirRacingState)
    rng = random.Random(seed)
    positions = [state]
    while not state.is_terminal:
        state = state.clone()  # type: ignore[assignment]
        state.apply(rng.choice(state.legal_actions()))
        positions.append(state)
    return game, positions


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("options", [{}, {"quick_play": True, "seasons": 2, "heat_laps": 1}])
def test_a_whole_game_reads_in_words(lang: str, options: dict[str, object]) -> None:
    game, positions = played(seed=3, **options)
    end = positions[-1]
    with using(lang):
        texts = [game.render_view(p.view(seat)) for p in positions[::9] for seat in (0, None)]
        texts += [game.describe_event(e) for e in end.events_since(0, 0)]
        texts += [game.render_result(end.view(0), end.events_since(0, 0)), game.reference_text()]
        texts += [
            p.why_illegal(a)
            for p in positions[::40]
            for a in game.action_table.actions[::5]
            if not p.is_terminal and a not in p.legal_actions()
        ]
    for text in texts:
        assert not RAW.search(MARKUP.sub("", text)), text
        assert not NOTATION_NAMES.search(MARKUP.sub("", text)), text
        if lang == "ja":
            assert not english_words(text), text


def test_the_reference_says_what_each_card_does() -> None:
    game = make("air_racing", players=2)
    cards = game.reference()["cards"]
    assert cards["sponsorship"]["text"] == (
        "Sponsorship: action, costs $3. one more buy this turn and $2 more to spend"
    )
    with using("ja"):
        cards = game.reference()["cards"]
    assert cards["night-shift"]["title"] == "Night Shift"  # as printed
    assert cards["night-shift"]["does"] == "3枚引く"
    assert not any(english_words(card["text"]) for card in cards.values())


def test_refusals_come_back_in_the_readers_language() -> None:
    game = make("air_racing", players=2)
    state = game.new_game(seed=1, setup={"season": {"decks": BY_SEAT, "month": 1}})
    with pytest.raises(IllegalActionError, match="you do not hold a Night Shift card"):
        state.apply("play night-shift")
    refused = "Night Shiftのカードを持っていません"
    with using("ja"), pytest.raises(IllegalActionError, match=refused):
        state.apply("play night-shift")


def test_a_wind_tunnel_without_another_action_card_says_why_it_pays_cash() -> None:
    game = make("air_racing", players=2)
    assert isinstance(game, AirRacing)
    state = game.new_game(seed=1, setup={"season": {"decks": BY_SEAT, "month": 1}})
    assert game.forced_reason(state) is None  # play the Wind Tunnel, or go to the buys
    state.apply("play wind-tunnel")
    assert [str(a) for a in state.legal_actions()] == ["tunnel cash"]
    assert game.forced_reason(state) == (
        "you hold no other action card, so the Wind Tunnel gives you $2 to spend"
    )
    with using("ja"):
        reason = game.forced_reason(state)
    assert reason == "他のアクションカードがないので、Wind Tunnelで使える$2を得ます"


def test_every_forced_move_of_a_game_has_a_reason() -> None:
    game, positions = played(seed=5)
    forced = [p for p in positions if not p.is_terminal and len(p.legal_actions()) == 1]
    assert forced
    for position in forced:
        assert game.forced_reason(position), (position.phase, position.legal_actions())
