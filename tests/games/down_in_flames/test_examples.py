"""The rulebook's examples of play, move by move from stacked positions."""

from __future__ import annotations

from tests.games.down_in_flames.helpers import fight, legal, play, position, titles


def test_kfir_draws_only_up_to_its_performance() -> None:
    """Kfir: Performance 7, pre-turn thrust 2 (afterburner 3); holding 6 it draws only 1."""
    for burner in ("no-burner", "burner"):
        state = fight("Kfir C2", "Dagger-A", hands=(["Guns"] * 6, []), step="turn")
        assert state.phase == "burner"
        play(state, burner, "draw")
        assert len(state.hands[0]) == 7


def test_mutual_range_examples_of_the_range_section() -> None:
    """Gun and HS give HS; HS and RH give RH; RH and HS a level apart give AH."""
    assert fight(rng=("G", "HS")).view(None)["pairs"][0]["range"] == "HS"
    assert fight(rng=("HS", "RH")).view(None)["pairs"][0]["range"] == "RH"
    assert fight(rng=("RH", "HS")).view(None)["pairs"][0]["range"] == "RH"
    apart = fight(rng=("RH", "HS"), alt=("Low", "Medium"))
    assert apart.view(None)["pairs"][0]["range"] == "AH"


def test_guns_answered_by_barrel_roll_but_not_by_scissors() -> None:
    state = fight(hands=(["Guns", "Tone", "Tone"], ["Barrel Roll", "Scissors"]))
    play(state, "attack guns", "discard tone", "discard tone")
    assert state.phase == "react" and state.to_act == 1
    assert "react barrel-roll" in legal(state) and "react scissors" not in legal(state)
    play(state, "react barrel-roll", "pass")
    assert not state.is_terminal and state.phase == "play"
    assert "Guns" in state.view(None)["discard_pile"]


def test_guns_unanswered_shoots_the_enemy_down() -> None:
    state = fight(hands=(["Guns", "Tone", "Tone"], ["Scissors"]))
    play(state, "attack guns", "discard tone", "discard tone", "pass")
    assert state.is_terminal and state.winners == [0] and state.returns() == [1.0, 0.0]


def test_barrel_roll_from_disadvantaged_fails_against_yo_yo() -> None:
    state = fight(pos="disadvantaged", hands=(["Barrel Roll"], ["Yo-Yo"]))
    play(state, "act barrel-roll", "react yo-yo", "pass")
    assert position(state) == "Disadvantaged"
    assert sorted(state.view(None)["discard_pile"]) == ["Barrel Roll", "Yo-Yo"]


def test_ace_pilot_for_two_steps_and_the_scissors_exchange_ends_tailing() -> None:
    state = fight(hands=(["Ace Pilot", "Scissors", "Barrel Roll"], ["Barrel Roll", "Scissors"]))
    assert "pos ace-pilot 2" in legal(state) and "pos ace-pilot 3" not in legal(state)
    play(state, "pos ace-pilot 2")
    # The defender answers "Maneuvering", not "Ace Pilot".
    assert state.view(0)["cycle"]["chain"][0]["as"] == "Maneuvering"
    play(state, "react barrel-roll", "react scissors", "react scissors", "react barrel-roll")
    play(state, "pass")
    assert position(state) == "Tailing" and position(state, 1) == "Tailed"


def test_tone_answered_by_break_then_scissors_stands() -> None:
    state = fight(
        "F-4E Phantom II",
        "Dagger-A",
        rng=("HS", "HS"),
        pos="tailing",
        hands=(["Tone", "Scissors"], ["Break"]),
    )
    play(state, "tone tone aim-9e-sidewinder", "react break", "react scissors", "pass")
    assert state.phase == "launch" and legal(state) == {"launch", "hold"}


def test_aim_7e_2_from_neutral_draws_two_missile_cards() -> None:
    state = fight(
        "F-4E Phantom II",
        "Dagger-A",
        rng=("RH", "RH"),
        hands=(["Tone"], []),
        deck=["Guns", "Redline", "Break"],
    )
    play(state, "tone tone aim-7e-2-sparrow", "pass", "launch")
    assert state.view(0)["missile_hand"] == ["Guns", "Redline"]
    assert state.view(1)["cycle"]["missile_hand_size"] == 2 and "missile_hand" not in state.view(1)
    assert state.view(None)["aircraft"][0]["missiles"]["AIM-7E-2 Sparrow"] == 3


def test_the_yo_yo_missile_fight() -> None:
    """Missile; Break; Break from the missile hand; Barrel Roll; Yo-Yo; no answer: shot down."""
    state = fight(
        "F-4E Phantom II",
        "Dagger-A",
        rng=("RH", "RH"),
        hands=(["Tone", "Guns"], ["Break", "Barrel Roll"]),
        deck=["Break", "Yo-Yo"],
    )
    play(state, "tone tone aim-7e-2-sparrow", "pass", "launch")
    assert sorted(state.view(0)["missile_hand"]) == ["Break", "Yo-Yo"]
    play(state, "react break", "react break", "react barrel-roll", "react yo-yo")
    assert titles(state, 0) == ["Guns"]  # the aircraft hand was set aside, untouched
    play(state, "pass")
    assert state.is_terminal and state.winners == [0]
