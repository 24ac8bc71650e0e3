"""One test per ruling of docs/games/down_in_flames.md (R1..R28)."""

from __future__ import annotations

import pytest

import aerodeck
from aerodeck.core.errors import IllegalActionError
from aerodeck.games.down_in_flames import flight
from aerodeck.games.down_in_flames.data import load_data
from aerodeck.games.down_in_flames.rules import DifState
from tests.games.down_in_flames.helpers import fight, legal, play, position, titles

DATA = load_data()


def test_ruling_R1_speed_maneuvers_are_one_point_each_and_expire() -> None:
    state = fight("F-15C Eagle", "MiG-17F", step="turn")  # speed 6 against 3
    play(state, "no-burner", "draw", "level")
    assert state.phase == "speed" and state.speed_left == 3
    assert "speed pos" in legal(state) and "speed me-1" not in legal(state)  # already at Gun
    play(state, "speed pos", "pass")
    assert position(state) == "Advantage" and state.speed_left == 2
    play(state, "speed foe+1", "pass")
    assert state.view(None)["aircraft"][1]["range"] == "HS"
    play(state, "end")
    assert state.phase == "play" and state.speed_left == 0
    assert not any(m.startswith("speed") for m in legal(state))


def test_ruling_R2_split_s_standing_ends_the_enemy_turn_and_draws() -> None:
    state = fight(hands=(["Guns", "Tone", "Tone", "Split-S"], ["Split-S"]), deck=["Redline"])
    play(state, "attack guns", "discard tone", "discard tone")
    assert "react split-s" in legal(state)
    play(state, "react split-s")
    assert legal(state) == {"pass"}  # only a card naming Split-S, or Ace Pilot, answers it
    play(state, "pass")
    assert not state.is_terminal
    assert state.flyer == 1 and state.phase == "discard"  # no post-turn step for seat 0
    assert titles(state, 1) == ["Redline"] and titles(state, 0) == ["Split-S"]
    # On its own turn a player cannot use Split-S.
    other = fight(hands=(["Ace Pilot", "Split-S"], ["Barrel Roll"]))
    play(other, "pos ace-pilot 1", "react barrel-roll")
    assert "react split-s" not in legal(other)


def _zero_hand_launch() -> DifState:
    state = fight(
        "F-4E Phantom II",
        "F-15C Eagle",
        rng=("RH", "RH"),
        hands=(["Tone"], ["Break"]),
        deck=["Guns", "Guns"],
    )
    play(state, "tone tone aim-7e-2-sparrow", "pass", "launch")  # 2 cards - EW 3 = 0
    return state


def test_ruling_R3_a_missile_with_no_cards_still_attacks() -> None:
    state = _zero_hand_launch()
    assert state.missile_hand == () and state.phase == "react" and state.to_act == 1
    play(state, "pass")
    assert state.is_terminal and state.winners == [0]
    saved = _zero_hand_launch()
    play(saved, "react break")
    assert legal(saved) == {"pass"}
    play(saved, "pass")
    assert not saved.is_terminal


def test_ruling_R4_ew_dash_is_zero_and_negative_ew_adds_cards() -> None:
    dagger = DATA.plane("Dagger-A")
    assert dagger.ew is None
    assert flight.ew(DATA, dagger, flight.LOW) == 1 and flight.ew(DATA, dagger, flight.HIGH) == -1
    state = fight(
        "F-4E Phantom II",
        "Dagger-A",
        alt=("High", "High"),
        rng=("RH", "RH"),
        hands=(["Tone"], []),
    )
    play(state, "tone tone aim-7e-2-sparrow", "pass", "launch")
    assert len(state.missile_hand) == 3  # 2 from Neutral, +1 for EW -1


def test_ruling_R5_initiative_by_printed_ew() -> None:
    game = aerodeck.make("down_in_flames")
    setup = {"aircraft": ["MiG-17F", "F-15C Eagle"], "altitude": ["Low", "High"]}
    state = game.new_game(seed=3, setup=setup)
    assert isinstance(state, DifState)
    assert state.phase == "initiative" and state.current_player == 1  # EW 3 beats "-"
    state.apply("second")
    assert state.flyer == 0
    tie = game.new_game(seed=3, setup={"aircraft": ["Gnat", "F-86F"], "altitude": ["Low", "Low"]})
    event = next(e for e in tie.events_since(0, None) if e["type"] == "initiative")
    assert event["seat"] is None and event["first"] in (0, 1)


def test_ruling_R6_opening_hand_is_the_printed_performance_before_altitude() -> None:
    state = aerodeck.make("down_in_flames").new_game(seed=5)
    assert isinstance(state, DifState)
    state.apply("fly gnat-f-1")
    state.apply("fly f-86f-sabre")
    assert state.phase == "alt-pick"
    assert [len(h) for h in state.hands] == [6, 5]
    state.apply("alt high")
    state.apply("alt low")
    assert [len(h) for h in state.hands] == [6, 5]


def test_ruling_R7_stalling_at_high_altitude() -> None:
    state = fight("MiG-17F", "Gnat F.1", alt=("High", "High"), hands=(["Guns", "Tone"], []))
    play(state, "end", "draw")  # post-turn thrust 0, -1 at High
    assert state.phase == "pay" and state.payment.left == 1
    play(state, "discard tone")
    assert titles(state, 0) == ["Guns"] and state.flyer == 1
    empty = fight("MiG-17F", "Gnat F.1", alt=("High", "High"), deck=["Redline"])
    play(empty, "end", "draw")
    assert empty.view(None)["aircraft"][0]["altitude"] == "Medium"
    assert titles(empty, 0) == ["Redline"]
    lit = fight("MiG-17F", "Gnat F.1", alt=("High", "High"), afterburner_on=[True, False])
    play(lit, "end", "draw")  # afterburner 1 - 1 = 0: no stall, no draw
    assert lit.view(None)["aircraft"][0]["altitude"] == "High" and lit.hands[0] == ()


def test_ruling_R8_positions_need_the_reach_of_the_weapons_carried_now() -> None:
    gun_only = fight("Gnat F.1", "F-86F Sabre", rng=("HS", "HS"), hands=(["Ace Pilot"], []))
    assert not any(m.startswith("pos") for m in legal(gun_only))
    last_sparrow = fight(
        "F-4E Phantom II",
        "Dagger-A",
        rng=("RH", "RH"),
        pos="tailing",
        missiles=[{"aim-7e-2-sparrow": 1}, {}],
        hands=(["Tone"], ["Break"]),
    )
    play(last_sparrow, "tone tone aim-7e-2-sparrow", "pass", "launch")
    assert position(last_sparrow) == "Neutral"  # only the gun is left: reach G
    pushed = fight(pos="tailing", first=1, hands=([], ["Redline"]))
    play(pushed, "range redline me+2", "pass")  # RH is beyond the Sabre's AIM-9B (HS)
    assert position(pushed) == "Neutral"
    scissors = fight(
        "Gnat F.1", "F-86F Sabre", pos="disadvantaged", rng=("HS", "HS"), hands=(["Scissors"], [])
    )
    play(scissors, "act scissors", "pass")
    assert position(scissors) == "Neutral"  # Advantage beyond the gun's reach collapses


def test_ruling_R9_gun_discards_paid_on_play_less_the_gun_rating() -> None:
    assert flight.gun_discard(3, 1) == 2 and flight.gun_discard(1, 2) == 0
    short = fight(hands=(["Guns", "Tone"], []))
    assert "attack guns" not in legal(short)
    with pytest.raises(IllegalActionError, match="discards it costs"):
        short.apply("attack guns")
    great = fight(hands=(["Guns (Great Angle)"], []))
    assert "attack guns-great-angle" in legal(great)  # 1 - Gun 1 = 0 discards
    paid = fight(hands=(["Guns", "Tone", "Tone"], ["Redline"]))
    play(paid, "attack guns", "discard tone", "discard tone", "react redline", "pass")
    assert paid.hands[0] == () and paid.view(None)["discard_pile"]["Tone"] == 2


def test_ruling_R10_redline_reacts_to_redline() -> None:
    state = fight(hands=(["Guns", "Tone", "Tone", "Redline"], ["Redline"]))
    play(state, "attack guns", "discard tone", "discard tone", "react redline")
    assert "react redline" in legal(state)
    play(state, "react redline", "pass")
    assert state.is_terminal and state.winners == [0]


def test_ruling_R11_tactic_cards_take_effect_at_once_and_cannot_be_answered() -> None:
    state = fight(hands=(["Yo-Yo", "Break"], ["Ace Pilot"]))
    play(state, "act yo-yo", "act break")
    assert state.phase == "play" and state.missile_bonus == 2 and state.chain == ()


def test_ruling_R12_countermeasures_answer_tone_and_missile_cards_only() -> None:
    guns = fight(hands=(["Guns (Great Angle)"], []), countermeasures=[0, 2])
    play(guns, "attack guns-great-angle")
    assert "cm" not in legal(guns)
    state = fight(
        "F-4E Phantom II",
        "Dagger-A",
        rng=("RH", "RH"),
        hands=(["Tone"], []),
        deck=["Break", "Scissors", "Guns"],
        countermeasures=[2, 2],
    )
    play(state, "tone tone aim-7e-2-sparrow")
    assert "cm" in legal(state)
    play(state, "pass", "launch", "cm")
    assert state.countermeasures == (2, 1) and "react scissors" in legal(
        state
    )  # Scissors answers one
    play(state, "react scissors", "cm", "pass")
    assert state.countermeasures == (2, 0) and not state.is_terminal


def test_ruling_R13_aircraft_choice_within_vp_and_year_and_the_vp_modifier() -> None:
    state = aerodeck.make("down_in_flames").new_game(seed=2)
    assert isinstance(state, DifState)
    choices = legal(state)
    assert "fly kfir-c2" in choices and "fly f-15c-eagle" not in choices
    assert "fly sea-harrier-frs-1" in choices and "fly f-4e-phantom-ii" not in choices
    state.apply("fly kfir-c2")
    assert "fly kfir-c2" in legal(state)
    sabre = fight()  # the Gnat carries no missiles: the Sabre loses its modifier
    assert [seat["vp"] for seat in sabre.view(None)["aircraft"]] == [17, 15]
    for enemy, vp in (("Gnat F.1", 78), ("Kfir C2", 92)):  # §2: the F-15C's 92 drops by 14
        assert fight("F-15C Eagle", enemy).view(None)["aircraft"][0]["vp"] == vp


def test_ruling_R14_range_steps_split_freely_either_way_within_the_bands() -> None:
    state = fight(rng=("AH", "AH"), hands=(["Redline", "Barrel Roll"], []))
    moves = legal(state)
    assert {"range redline me-2 foe-1", "range redline me-3", "range barrel-roll foe-1"} <= moves
    assert "range barrel-roll me-1 foe-1" not in moves and "range redline me+1" not in moves
    assert "pos barrel-roll 1" not in moves  # Positioning 0 cannot maneuver
    play(state, "range redline me-2 foe-1", "pass")
    assert [s["range"] for s in state.view(None)["aircraft"]] == ["HS", "RH"]


def test_ruling_R15_following_an_altitude_change() -> None:
    climb = fight(
        pos="disadvantaged",
        step="turn",
        hands=(["Guns"], ["Tone", "Tone", "Redline"]),
    )
    play(climb, "draw", "climb", "discard guns")
    assert climb.phase == "follow" and climb.to_act == 1
    play(climb, "follow", "discard tone", "discard tone")  # Advantage 1 + climb 1
    assert [s["altitude"] for s in climb.view(None)["aircraft"]] == ["High", "High"]
    assert position(climb) == "Disadvantaged" and titles(climb, 1) == ["Redline"]
    dive = fight(pos="tailed", step="turn", deck=["Guns", "Tone", "Redline"])
    play(dive, "draw", "dive", "follow")  # Tailing follows a dive for free and draws
    assert [s["altitude"] for s in dive.view(None)["aircraft"]] == ["Low", "Low"]
    assert (len(dive.hands[0]), len(dive.hands[1])) == (3, 1)  # thrust 2 + dive 1; follow 1
    poor = fight(pos="disadvantaged", step="turn", hands=(["Guns"], ["Tone"]))
    play(poor, "draw", "climb", "discard guns")  # the follower cannot pay 2: no offer
    assert poor.phase != "follow" and position(poor) == "Neutral"  # HS beyond gun reach


def test_ruling_R16_yo_yo_and_break_feed_the_next_launch_this_turn() -> None:
    state = fight(
        "F-4E Phantom II",
        "Dagger-A",
        rng=("RH", "RH"),
        hands=(["Tone", "Tone", "Yo-Yo", "Break"], ["Break"]),
        deck=["Guns"] * 6,
    )
    play(state, "act yo-yo", "act break", "tone tone aim-7e-2-sparrow", "pass", "launch")
    assert len(state.missile_hand) == 4 and state.missile_bonus == 0
    play(state, "react break", "pass")
    assert state.phase == "play"
    play(state, "tone tone aim-7e-2-sparrow", "pass", "launch")
    assert len(state.missile_hand) == 2


def test_ruling_R17_an_empty_deck_is_rebuilt_from_the_discards() -> None:
    state = fight(step="turn")
    state.discards, state.deck = state.discards + state.deck, ()
    play(state, "draw")
    assert len(state.hands[0]) == 2 and len(state.deck) == 58
    assert any(e["type"] == "reshuffle" for e in state.events_since(0, None))


def test_ruling_R18_every_reaction_window_is_offered_even_with_nothing_to_play() -> None:
    state = fight(hands=(["Ace Pilot"], []))
    play(state, "pos ace-pilot 1")
    assert state.phase == "react" and state.current_player == 1 and legal(state) == {"pass"}


def test_ruling_R19_ace_pilot_answers_anything_but_is_dead_in_a_missile_hand() -> None:
    state = fight(hands=(["Ace Pilot"], ["Ace Pilot"]))
    play(state, "pos ace-pilot 1")
    assert "react ace-pilot" in legal(state)
    missile = fight(
        "F-4E Phantom II",
        "Dagger-A",
        rng=("RH", "RH"),
        hands=(["Tone"], ["Break"]),
        deck=["Ace Pilot", "Guns"],
    )
    play(missile, "tone tone aim-7e-2-sparrow", "pass", "launch", "react break")
    assert legal(missile) == {"pass"}


def test_ruling_R20_a_standing_tone_may_be_held() -> None:
    state = fight("F-4E Phantom II", "Dagger-A", rng=("RH", "RH"), hands=(["Tone", "Yo-Yo"], []))
    play(state, "act yo-yo", "tone tone aim-7e-2-sparrow", "pass", "hold")
    assert state.phase == "play" and state.missile_bonus == 1
    assert state.view(None)["aircraft"][0]["missiles"]["AIM-7E-2 Sparrow"] == 4


def test_ruling_R21_afterburner_removed_at_turn_start_then_relit() -> None:
    state = fight("Kfir C2", "Dagger-A", step="turn", afterburners=[1, 2],
                  afterburner_on=[True, False])  # fmt: skip
    assert state.afterburner_lit == (False, False) and state.phase == "burner"
    play(state, "burner")
    assert state.afterburner_lit == (True, False) and state.afterburners == (0, 2)
    kfir = DATA.plane("Kfir C2")
    aim9b = DATA.missile("AIM-9B Sidewinder")
    size = flight.missile_hand_size(
        DATA,
        missile=aim9b,
        rel=2,
        card_mod=0,
        bonus=0,
        alt_attacker=1,
        alt_target=1,
        target=kfir,
        target_burner=True,
    )
    assert size == 2 - 1 + 2  # Tailing 2, Kfir EW 1, afterburner +2 against heat seekers


def test_ruling_R22_dropping_back_to_neutral_is_free() -> None:
    state = fight(pos="advantage")
    assert "neutral" in legal(state)
    play(state, "neutral")
    assert position(state) == "Neutral" and state.phase == "play"


def test_ruling_R23_six_rounds_without_a_kill_is_a_draw() -> None:
    state = fight(step="turn", round=6)
    play(state, "draw", "level", "end", "draw", "draw", "level", "end", "draw")
    assert state.is_terminal and state.returns() == [0.5, 0.5] and state.winners == [0, 1]


def test_ruling_R24_tone_guns_declares_its_use_and_variants_react_as_their_family() -> None:
    guns = fight(hands=(["Tone/Guns", "Tone", "Tone"], ["Barrel Roll", "Break"]))
    assert "attack tone-guns" in legal(guns)
    play(guns, "attack tone-guns", "discard tone", "discard tone")
    assert {"react barrel-roll", "react break"} <= legal(guns)  # Break lists Guns too
    tone = fight(rng=("HS", "HS"), pos="tailing", hands=(["Tone/Guns"], ["Barrel Roll", "Break"]))
    play(tone, "tone tone-guns aim-9b-sidewinder")
    assert legal(tone) == {"pass", "react break"}
    play(tone, "pass", "launch")
    assert len(tone.missile_hand) == 1  # AIM-9B from Tailing 2, Tone/Guns -1


def test_ruling_R25_each_missile_fires_at_its_own_range_and_from_its_positions() -> None:
    phoenix = fight("F-14A Tomcat", "Dagger-A", rng=("RH", "RH"), hands=(["Tone"], []))
    assert "tone tone aim-54a-phoenix" in legal(phoenix)
    assert "tone tone aim-9l-sidewinder" not in legal(phoenix)
    at_hs = fight("F-14A Tomcat", "Dagger-A", rng=("HS", "HS"), hands=(["Tone"], []))
    assert "tone tone aim-54a-phoenix" not in legal(at_hs)
    assert "tone tone aim-9l-sidewinder" in legal(at_hs)
    behind = fight("F-14A Tomcat", "Dagger-A", rng=("HS", "HS"), pos="disadvantaged",
                   hands=(["Tone"], []))  # fmt: skip
    assert not any(m.startswith("tone") for m in legal(behind))
    sparrow = fight("F-4E Phantom II", "Dagger-A", rng=("RH", "RH"), pos="advantage",
                    hands=(["Tone"], []))  # fmt: skip
    assert "tone tone aim-7e-2-sparrow" not in legal(sparrow)  # no Advantage value


def test_ruling_R26_vertical_roll_is_an_action_that_can_be_followed() -> None:
    state = fight(pos="disadvantaged", hands=(["Vertical Roll", "Guns"], ["Yo-Yo", "Tone", "Tone"]))
    play(state, "act vertical-roll up", "discard guns")
    assert state.phase == "react" and "react yo-yo" in legal(state)
    play(state, "pass")
    assert state.phase == "follow"
    play(state, "stay")
    assert state.view(None)["aircraft"][0]["altitude"] == "High"
    assert position(state) == "Neutral"  # one level apart: HS, beyond the Gnat's gun


def test_ruling_R27_what_each_seat_sees() -> None:
    state = fight(hands=(["Guns", "Tone", "Tone"], ["Redline"]))
    play(state, "attack guns", "discard tone")
    assert state.view(1)["discard_pile"] == {"Tone": 1} and state.view(1)["discards"] == 1
    assert all("hand" not in craft for craft in state.view(None)["aircraft"])
    assert state.view(1)["aircraft"][1]["hand"] == ["Redline"]
    assert "hand" not in state.view(1)["aircraft"][0]
    assert state.view(1)["aircraft"][0]["hand_size"] == 1


def test_ruling_R28_performance_stops_draws_but_never_forces_discards() -> None:
    state = fight(step="turn", hands=(["Guns"] * 5, []), deck=["Tone", "Redline"])
    play(state, "draw", "dive")  # Sabre Performance 5: the dive draws a sixth card
    assert len(state.hands[0]) == 6
    play(state, "end", "draw")
    assert len(state.hands[0]) == 6 and state.flyer == 1
