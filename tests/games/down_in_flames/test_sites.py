"""SAM and AAA sites (digest §16.4, §16.5): rulings R37..R40 of docs/games/down_in_flames.md."""

from __future__ import annotations

from collections.abc import Sequence

import aerodeck
from aerodeck.games.down_in_flames.rules import DifState
from tests.games.down_in_flames.helpers import legal, play, titles

SIX = ["Guns", "Tone", "Redline", "Break", "Ace Pilot", "Yo-Yo"]


def _site_fight(
    site: str,
    *,
    alt: str = "Low",
    band: str = "G",
    hand: Sequence[str] = (),
    deck: Sequence[str] = SIX,
    cms: int = 0,
) -> DifState:
    """Seat 0's Mirage IIICJ starts its Play Cards step; the site defends seat 1's MiG-17F."""
    game = aerodeck.make("down_in_flames", site=site)
    setup = {
        "aircraft": ["Mirage IIICJ", "MiG-17F"],
        "altitude": [alt, alt],
        "range": [band, "AH"],
        "hands": [list(hand), []],
        "deck": list(deck),
        "first": 0,
        "step": "play",
        "countermeasures": [cms, 0],
    }
    state = game.new_game(seed=1, setup=setup)
    assert isinstance(state, DifState)
    return state


def test_ruling_R37_the_envelope_uses_the_aircraft_altitude_and_its_own_range_band() -> None:
    # The SA-7 example: Gun or HS range at Low or Medium draws 6 cards.
    for alt in ("Low", "Medium"):
        for band in ("G", "HS"):
            state = _site_fight("SA-7", alt=alt, band=band)
            draws = [e for e in state.events_since(0, None) if e["type"] == "site-draw"]
            assert draws and draws[0]["count"] == 6, (alt, band)
            assert state.phase == "react" and state.to_act == 0
    # Outside: High, or RH range (the enemy's AH band does not count).
    for alt, band in (("High", "G"), ("Low", "RH")):
        state = _site_fight("SA-7", alt=alt, band=band)
        assert state.phase == "play" and not state.site_hand
        assert not [e for e in state.events_since(0, None) if e["type"] == "site-draw"]
    # The rulebook graphic's site fires at HS only at Low.
    assert _site_fight("Generic site (rulebook graphic)", alt="Medium", band="HS").phase == "play"
    assert _site_fight("Generic site (rulebook graphic)", alt="Low", band="HS").phase == "react"


def test_ruling_R38_the_site_owner_plays_the_site_hand_and_ace_pilot_is_dead_there() -> None:
    state = _site_fight("SA-7", hand=["Break"])
    cycle = state.view(None)["cycle"]
    assert cycle["by"] == 1 and cycle["chain"][0]["as"] == "Tone"  # the site's Tone attacks
    assert state.view(1)["site_hand"] and "site_hand" not in state.view(0)
    play(state, "react break")
    assert state.to_act == 1 and "react break" in legal(state)  # the site's own Break
    assert "react ace-pilot" not in legal(state)
    play(state, "react break", "pass")
    assert state.is_terminal and state.winners == [1]
    # An unanswered site attack shoots the aircraft down; no trigger card, no attack.
    state = _site_fight("SA-7")
    play(state, "pass")
    assert state.is_terminal and "SA-7" in state.end_reason
    quiet = _site_fight(
        "SA-7", deck=["Redline", "Break", "Yo-Yo", "Scissors", "Split-S", "Ace Pilot"]
    )
    assert quiet.phase == "play" and len(quiet.discards) == 6
    quiet.check_invariants()


def test_ruling_R39_countermeasures_answer_a_sam_site_never_aaa() -> None:
    state = _site_fight("SA-7", cms=2)
    assert "cm" in legal(state)
    play(state, "cm", "pass")
    assert not state.is_terminal and state.phase == "play" and state.countermeasures[0] == 1
    aaa = _site_fight("ZSU-23-4", cms=2)
    assert aaa.chain[0][2] == "Guns" and "cm" not in legal(aaa)


def test_ruling_R40_one_attack_per_play_step_and_only_against_the_enemy() -> None:
    state = _site_fight("SA-7", hand=["Redline", "Tight Turn"], cms=1)
    play(state, "cm", "pass")
    # Later cycles of the same Play Cards step do not wake the site again.
    play(state, "range redline me+1", "pass")
    assert state.phase == "play" and not state.site_hand
    assert len([e for e in state.events_since(0, None) if e["type"] == "site-attack"]) == 1
    # The site's own side is never checked.
    game = aerodeck.make("down_in_flames", site="SA-7", site_seat=0)
    setup = {
        "aircraft": ["Mirage IIICJ", "MiG-17F"],
        "altitude": ["Low", "Low"],
        "range": ["G", "G"],
        "deck": SIX,
        "first": 0,
        "step": "play",
    }
    own = game.new_game(seed=1, setup=setup)
    assert own.phase == "play" and titles(own, 0)[:1] == ["Guns"]
    assert not [e for e in own.events_since(0, None) if e["type"] == "site-draw"]
