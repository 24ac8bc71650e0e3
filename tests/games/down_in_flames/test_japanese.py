"""Down In Flames in Japanese (docs/i18n.md): the terminal's views and events, the refusals, the
forced moves' reasons, the results and the reference come back in Japanese, with no English word
left but the names printed on the cards and counters (card titles, aircraft, missiles, nations,
sites, the React To lists) and the rulebook's own codes; and the end names every cause."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import aerodeck
from aerodeck.core.i18n import using
from aerodeck.games.down_in_flames.data import DataSet
from aerodeck.games.down_in_flames.rules import DifState
from tests.games.down_in_flames.helpers import play

# The rulebook's codes: range bands and altitudes as its counters letter them, VP, EW, NFOD, the
# rule numbers; and the terminal's markup.
CODES = {"G", "HS", "RH", "AH", "VP", "EW", "NFOD", "R", "bold", "red", "cyan", "dim", "white"}
CODES |= {"green", "yellow"}
ENGLISH_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")


def printed_names(data: DataSet) -> list[str]:
    """What the cards, aircraft, missiles and sites print (longest first, so a name containing
    another goes whole)."""
    names = {card.title for card in data.cards}
    names |= {word for card in data.cards for word in card.react_to}
    names |= {plane.name for plane in data.aircraft} | {plane.nation for plane in data.aircraft}
    names |= {missile.name for missile in data.missiles}
    names |= {site.name for site in data.sites} | {site.kind for site in data.sites}
    return sorted(names, key=len, reverse=True)


def english_left(text: str, names: list[str]) -> set[str]:
    for name in names:
        text = text.replace(name, " ")
    return {word for word in ENGLISH_WORD.findall(text) if word not in CODES}


def texts_of_a_game(options: dict[str, Any], seed: int) -> Iterator[str]:
    """Everything the game writes for people over one random game, in the language in use."""
    game = aerodeck.make("down_in_flames", **options)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    yield game.reference_text()
    while not state.is_terminal:
        legal = state.legal_actions()
        for seat in range(game.players):
            yield game.render_view(state.view(seat))
        for index in range(0, game.num_distinct_actions, 11):
            move = game.action_from_index(index)
            if move not in legal:
                yield state.why_illegal(move)
        yield game.forced_reason(state) or ""
        state.apply(rng.choice(legal))
    events = state.events_since(0, 0)
    yield from (game.describe_event(event) for event in events)
    yield game.render_result(state.view(0), events)
    yield from (str(card["text"]) for card in game.reference()["cards"].values())


@pytest.mark.parametrize(
    "options", [{}, {"players": 4}, {"aircraft": 2, "skills": True, "vp_limit": 90}]
)
def test_everything_the_game_writes_reads_in_japanese(options: dict[str, Any]) -> None:
    names = printed_names(aerodeck.make("down_in_flames").data)
    with using("ja"):
        left = {
            word: text for text in texts_of_a_game(options, 5) for word in english_left(text, names)
        }
    assert not left, left


def test_english_stays_as_it_was_written() -> None:
    """The same game in English: the words of the source, not a translation."""
    english = list(texts_of_a_game({}, 5))
    assert any("Round 1 of 6" in text for text in english)
    assert not any(re.search("[\u3040-\u30ff\u4e00-\u9fff]", text) for text in english)


def test_a_refusal_names_its_rule_in_japanese() -> None:
    game = aerodeck.make("down_in_flames")
    state = game.new_game(seed=1)
    move = game.parse_action(state, "draw")
    assert state.why_illegal(move).startswith("not now: choose your aircraft in secret")
    with using("ja"):
        reason = state.why_illegal(move)
    assert reason.startswith("今はできません") and "航空機を秘密裏に選んでください" in reason


def shoot_down_both_enemies() -> DifState:
    """Four players in two teams: seat 0's Sabre shoots down seat 1's MiG-17F, then seat 3's
    MiG-21MF, the last enemy flying."""
    game = aerodeck.make("down_in_flames", players=4)
    setup = {
        "aircraft": ["F-86F Sabre", "MiG-17F", "F-86F Sabre", "MiG-21MF"],
        "altitude": ["Medium"] * 4,
        "range": ["G"] * 4,
        "hands": [["Guns (Great Angle)", "Guns (Great Angle)"], [], [], []],
        "flying": 0,
    }
    state = game.new_game(seed=1, setup=setup)
    assert isinstance(state, DifState)
    play(state, "attack guns-great-angle @1", "pass", "attack guns-great-angle @3", "pass")
    assert state.is_terminal and state.winners == [0, 2]
    return state


def test_the_four_player_end_names_every_aircraft_shot_down() -> None:
    state = shoot_down_both_enemies()
    why = "MiG-17F (seat 1) and MiG-21MF (seat 3) shot down: every enemy aircraft shot down"
    assert state.end_reason == why
    assert state.view(None)["end"] == why
    assert state.view(1)["end"].startswith("MiG-17F (you) and MiG-21MF (seat 3)")
    with using("ja"):
        end = state.view(None)["end"]
        last = state.game.describe_event(state.events_since(0, None)[-1])
    both = "席1のMiG-17Fと席3のMiG-21MFを撃墜"
    assert end.startswith(both) and end.endswith("敵機をすべて撃墜")
    assert last.startswith("ゲーム終了") and both in last and "席0と席2" in last


def test_a_forced_move_says_why_it_is_the_only_one() -> None:
    state = shoot_down_both_enemies()
    assert state.game.forced_reason(state) is None  # over
    game = aerodeck.make("down_in_flames")
    setup = {
        "aircraft": ["F-86F Sabre", "MiG-17F"],
        "altitude": ["Medium", "Medium"],
        "range": ["G", "G"],
        "hands": [["Guns (Great Angle)"], ["Tone"]],
        "flying": 0,
    }
    duel = game.new_game(seed=1, setup=setup)
    assert game.forced_reason(duel) is None  # a choice: attack, maneuver or end
    duel.apply("attack guns-great-angle")
    assert [str(m) for m in duel.legal_actions()] == ["pass"]
    assert "nothing you hold can react" in (game.forced_reason(duel) or "")
    with using("ja"):
        assert (game.forced_reason(duel) or "").startswith("手札に直前のカードへリアクションできる")


def test_altitudes_are_the_rulebooks_words_whatever_other_games_call_high() -> None:
    """Ace Race translates its bid "High" otherwise; every catalog answers one lookup, so the
    altitudes are asked for in their context ("altitude|High")."""
    game = aerodeck.make("down_in_flames")
    state = game.new_game(seed=1)
    play(state, "fly f-86f-sabre", "fly mig-17f", "alt high", "alt medium")
    with using("ja"):
        text = game.render_view(state.view(0))
        revealed = [game.describe_event(e) for e in state.events_since(0, 0)]
    assert "高度 高高度" in text and "ハイ" not in text
    assert any("席0 高高度" in line and "席1 中高度" in line for line in revealed), revealed
    english = game.render_view(state.view(0))
    assert "altitude High" in english and "altitude|" not in english
