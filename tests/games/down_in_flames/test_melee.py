"""Several aircraft a side (digest §7.1-§7.3, §18.3-§18.7): rulings R46..R53 of
docs/games/down_in_flames.md, from stacked melee positions."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

import aerodeck
from aerodeck.core.errors import ConfigError
from aerodeck.games.down_in_flames.actions import Speed, only
from aerodeck.games.down_in_flames.data import load_data
from aerodeck.games.down_in_flames.rules import DifState
from tests.games.down_in_flames.helpers import legal, play


def melee(
    planes: Sequence[str],
    *,
    players: int = 2,
    hands: Sequence[Sequence[str]] | None = None,
    alt: Sequence[str] | None = None,
    rng: Sequence[str] | None = None,
    flying: int = 0,
    **extra: Any,
) -> DifState:
    n = len(planes)
    game = aerodeck.make(
        "down_in_flames", players=players, aircraft=n // players, **extra.pop("options", {})
    )
    setup = {
        "aircraft": list(planes),
        "altitude": list(alt or ["Medium"] * n),
        "range": list(rng or ["G"] * n),
        "hands": [list(h) for h in (hands or [[]] * n)],
        "flying": flying,
        **extra,
    }
    state = game.new_game(seed=1, setup=setup)
    assert isinstance(state, DifState)
    return state


SABRES = ["F-86F Sabre"] * 3 + ["MiG-17F"] * 3  # player 0 flies #0-#2, player 1 #3-#5


def test_ruling_R46_each_card_names_one_target_and_affects_only_it() -> None:
    # #3 and #4 both hold #0 at Advantage; #0's Scissors is declared against #3 only.
    state = melee(
        SABRES,
        hands=[["Scissors"], [], [], [], [], []],
        on={"3": [0, "advantage"], "4": [0, "advantage"]},
    )
    assert state.owner(4) == 1 and state.side(4) == 1 and state.side(2) == 0
    moves = legal(state)
    assert {"act scissors @3", "act scissors @4"} <= moves
    assert "act scissors @1" not in moves  # never against a friend
    play(state, "act scissors @3", "pass")  # equal sides: no Teamwork
    assert state.rel(0, 3) == 1 and state.rel(0, 4) == -1


def test_ruling_R47_the_side_with_the_highest_ew_flies_first() -> None:
    game = aerodeck.make("down_in_flames", players=3, vp_limit=100, year=2000)
    state = game.new_game(seed=4)
    play(state, "fly mig-17f", "fly f-15c-eagle", "fly gnat-f-1")
    play(state, "alt medium", "alt medium", "alt medium")
    assert isinstance(state, DifState)
    assert state.flyer == 1  # the F-15C (EW 3) gives side 1 the first turn


def test_ruling_R48_slots_and_chains() -> None:
    # Two Advantage slots on #3 are full: #2 can only go straight to Tailing (2 steps).
    state = melee(
        SABRES,
        hands=[[], [], ["Tight Turn", "Scissors"], [], [], []],
        on={"0": [3, "advantage"], "1": [3, "advantage"]},
        flying=2,
    )
    moves = legal(state)
    assert "pos tight-turn 2 @3" in moves and "pos tight-turn 1 @3" not in moves
    assert "pos scissors 1 @3" not in moves and "pos scissors 1 @4" in moves
    play(state, "pos tight-turn 2 @3", "pass")
    assert state.rel(2, 3) == 2
    # A holder acts only against the aircraft it holds.
    assert {m.t for m in state.legal_actions() if m.t >= 0} <= {3}
    # One Tailing slot: nobody else may reach Tailing on #3 now.
    assert not state._room(0, 3, 2)


def test_ruling_R48_altitude_changes_are_followed_down_the_chain_front_to_back() -> None:
    # #3 holds #0, #1 holds #3: when #0 dives, #3 decides first, then #1 follows #3.
    state = melee(
        SABRES,
        hands=[["Vertical Roll"], ["Guns", "Guns"], [], ["Guns", "Guns"], [], []],
        on={"3": [0, "advantage"], "1": [3, "advantage"]},
    )
    play(state, "act vertical-roll down @3", "pass")
    assert state.phase == "follow" and state.follow_queue[0] == 3 and state.to_act == 1
    play(state, "follow", "discard guns")
    assert state.altitudes[3] == 0 and state.phase == "follow" and state.follow_queue[0] == 1
    play(state, "follow", "discard guns")
    assert state.altitudes[1] == 0 and state.phase == "play"


def test_ruling_R49_speed_maneuvers_against_slower_enemies() -> None:
    planes = ["F-15C Eagle", "MiG-17F", "MiG-25P Foxbat", "MiG-17F"]
    game = aerodeck.make("down_in_flames", players=2, aircraft=2, vp_limit=100, year=2000)
    setup = {
        "aircraft": planes,
        "altitude": ["Medium"] * 4,
        "range": ["G"] * 4,
        "hands": [[], [], [], []],
        "flying": 0,
    }
    state = game.new_game(seed=1, setup=setup)
    assert isinstance(state, DifState)
    state.phase = "altitude"
    play(state, "level")
    assert state.speed_left == 6 - 3  # the largest gap, against the MiG-17F (#3)
    targets = {m.t for m in only(state.legal_actions(), Speed)}
    assert targets == {3}  # the MiG-25P (Speed 7) is not slower


def test_ruling_R50_teamwork_one_friendly_card_per_enemy_action() -> None:
    # 3 players: side 0 flies #0 and #2, side 1 flies #1 alone; #1 attacks #0 with Guns.
    planes = ["F-86F Sabre", "F-86F Sabre", "F-86F Sabre"]
    state = melee(
        planes,
        players=3,
        hands=[[], ["Guns (Great Angle)", "Ace Pilot"], ["Tight Turn", "Ace Pilot"]],
        flying=1,
    )
    play(state, "attack guns-great-angle @0")
    assert state.reactor == 0 and legal(state) == {"pass"}
    play(state, "pass")  # the target has nothing; its wingman #2 may add one card
    assert state.reactor == 2 and state.to_act == 2
    assert "react tight-turn" in legal(state)
    assert "react ace-pilot" not in legal(state)  # Ace Pilot guards only its own aircraft
    play(state, "react tight-turn")
    assert state.reactor == 1
    play(state, "react ace-pilot")
    assert state.reactor == 0 and legal(state) == {"pass"}
    play(state, "pass")  # Teamwork is spent for this action: no second friendly card
    assert state.is_terminal is False and not state.alive[0]
    # The larger side only: side 1 (one aircraft) gets no Teamwork against side 0's actions.
    other = melee(planes, players=3, hands=[["Guns (Great Angle)"], [], []], flying=0)
    play(other, "attack guns-great-angle @1", "pass")
    assert other.chain == () and not other.alive[1] and other.is_terminal


def test_ruling_R51_winning_with_several_aircraft() -> None:
    state = melee(
        ["F-86F Sabre", "MiG-17F", "F-86F Sabre", "MiG-17F"],
        hands=[["Guns (Great Angle)", "Guns"], [], [], []],
    )
    play(state, "attack guns-great-angle @2", "pass")
    assert not state.alive[2] and not state.is_terminal and state.kills == (1, 0)
    play(state, "end", "draw")
    state.round = 7  # past the sixth round: the side with more aircraft shot down wins
    state._time_up()
    assert state.winners == [0]
    assert state.end_reason == "6 rounds flown: most aircraft shot down (1)"


def test_the_duel_counts_its_kill_like_any_game() -> None:
    """The duel is the game with one aircraft a side: the aircraft shot down is out (its cards
    discarded) and its enemy's side scores the kill, so the final view and the web table's
    "kills" agree with the log (the duel once ended with kills [0, 0] and the loser flying)."""
    game = aerodeck.make("down_in_flames")
    setup = {
        "aircraft": ["F-86F Sabre", "MiG-17F"],
        "altitude": ["Medium", "Medium"],
        "range": ["G", "G"],
        "hands": [["Guns (Great Angle)", "Guns"], ["Tone"]],
        "flying": 0,
    }
    state = game.new_game(seed=1, setup=setup)
    play(state, "attack guns-great-angle", "pass")
    assert state.is_terminal and state.winners == [0]
    view = state.view(None)
    assert view["kills"] == [1, 0] and view["end"] == "seat 0 shot down seat 1's MiG-17F"
    lost = view["aircraft"][1]
    assert not lost["alive"] and lost["hand_size"] == 0
    lines = game.render_view(state.view(1)).splitlines()  # the terminal: one line for it
    at = next(i for i, x in enumerate(lines) if "MiG-17F" in x)
    assert "shot down" in lines[at] and not lines[at + 1].startswith("    ")
    assert view["discard_pile"]["Tone"] == 1


def test_ruling_R52_range_changes_with_three_or_more_aircraft() -> None:
    # #4 holds #1 at Advantage, so #0 (not engaged with #4) may not move #4's band. (#4 is a
    # MiG-21MF: a MiG-17F's guns reach G only, and a set-up holds positions within reach, R8.)
    planes = [*SABRES[:4], "MiG-21MF", SABRES[5]]
    state = melee(
        planes, hands=[["Redline"], [], [], [], [], []], rng=["HS"] * 6, on={"4": [1, "advantage"]}
    )
    moves = legal(state)
    assert "range redline me-1 @4" in moves and "range redline foe-1 @4" not in moves
    assert "range redline foe-1 @3" in moves  # #3 is Neutral to everyone


def test_ruling_R53_team_turn_order() -> None:
    game = aerodeck.make("down_in_flames", players=2, aircraft=2)
    state = game.new_game(seed=2)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    for _ in range(4):
        state.apply(game.parse_action(state, "alt medium"))
    assert isinstance(state, DifState)
    first = state.side_turn
    if state.phase == "order":
        assert {str(m) for m in state.legal_actions()} == {
            f"next @{a}" for a in state._waiting(first)
        }
        state.apply(state.legal_actions()[-1])
    flown_first = state.flyer
    assert state.side(flown_first) == first
    while state.flyer == flown_first:
        state.apply(
            state.legal_actions()[-1] if state.phase != "play" else game.parse_action(state, "end")
        )
    assert state.side_turn == 1 - first  # sides alternate


def test_ruling_R55_sites_check_every_enemy_aircraft_with_several_aircraft() -> None:
    # Side 1's SA-7 attacks #0 (Low, band G) at its Play Cards step; the owner of the site
    # (seat 1) plays its hand; #0 has no answer and is shot down: a kill for side 1.
    state = melee(
        ["F-86F Sabre", "F-86F Sabre", "MiG-17F", "MiG-17F"],
        alt=["Low"] * 4,
        deck=["Tone", "Break", "Guns", "Guns", "Guns", "Guns"],
        options={"site": "SA-7"},
    )
    assert state.cycle.kind == "site" and state.reactor == 0 and state.to_act == 0
    assert "site_hand" in state.view(1) and "site_hand" not in state.view(0)
    play(state, "pass")
    assert not state.alive[0] and state.kills == (0, 1) and not state.is_terminal
    assert state.flyer != 0  # its turn ended with it
    told = [state.game.describe_event(e) for e in state.events_since(0, 0)]
    assert "the site's attack stands" in told
    assert any("seat 0's #0 is shot down" in t and t.endswith("by the site") for t in told)


def test_ruling_R62_several_aircraft_lose_the_vp_modifier_when_no_enemy_carries_missiles() -> None:
    def shown_vp(enemies: Sequence[str]) -> list[int]:
        state = aerodeck.make("down_in_flames", aircraft=2, vp_limit=100, year=2000).new_game(
            seed=3
        )
        for name in ["f-15c-eagle", "f-15c-eagle", *enemies]:
            state.apply(f"fly {name}")
        return [entry["vp"] for entry in state.view(None)["aircraft"]]

    # Neither the MiG-17F nor the Gnat carries missiles: each F-15C's 92 drops by 14 (§2).
    assert shown_vp(["mig-17f", "gnat-f-1"]) == [78, 78, 16, 15]
    # One armed enemy is enough to keep the printed value.
    assert load_data().plane("F-4E Phantom II").load
    assert shown_vp(["mig-17f", "f-4e-phantom-ii"])[:2] == [92, 92]


def test_a_several_aircraft_setup_reads_the_duels_keys() -> None:
    """One set-up reader (issue 18): with several aircraft the duel's keys work per aircraft,
    and what the duel refuses is refused as well."""
    game = aerodeck.make("down_in_flames", players=2, aircraft=2)
    planes = ["F-86F Sabre", "MiG-21MF", "MiG-17F", "MiG-17F"]
    state = game.new_game(
        seed=4,
        setup={
            "aircraft": planes,
            "altitude": ["Low", "Low", "High", "Low"],
            "countermeasures": [0, 1, 2, 3],
            "afterburners": [1, 0, 0, 2],
            "missiles": [{}, {"R-3S (AA-2 Atoll)": 1}, {}, {}],
            "round": 3,
            "first": 2,
        },
    )
    assert isinstance(state, DifState)
    assert (
        state.countermeasures == (0, 1, 2, 3)
        and state.afterburners == (1, 0, 0, 2)
        and state.round == 3
    )
    assert state.missiles[1][state.data.missile("R-3S (AA-2 Atoll)").index] == 1
    assert state.flyer == 2 and state.phase == "discard"  # from the start of its turn
    assert all(len(hand) == state.plane(a).performance for a, hand in enumerate(state.hands))
    partial = game.new_game(seed=4, setup={"aircraft": planes})
    assert partial.phase == "alt-pick" and partial.to_act == 0
    for bad, message in [
        ({"aircraft": planes[:2]}, r"one value per aircraft \(4\)"),
        ({"aircraft": planes, "position": "tailing"}, "the duel's; else 'on'"),
        (
            {"aircraft": planes, "altitude": ["Low"] * 4, "on": {"2": [0, "tailing"]}},
            "within weapon reach",  # a MiG-17F's guns reach G; the bands start at AH
        ),
    ]:
        with pytest.raises(ConfigError, match=message):
            game.new_game(seed=4, setup=bad)


def test_a_refused_target_names_its_rule() -> None:
    """R46 and §7.1 in the refusal: a friend is no target, and a holder acts only against the
    aircraft it holds."""
    state = melee(
        SABRES,
        hands=[["Scissors", "Barrel Roll"], [], [], [], [], []],
        on={"0": [3, "advantage"]},
        rng=["G"] * 6,
    )
    friend = state.game.parse_action(state, "act scissors @1")
    assert "@1 is not an enemy aircraft still flying" in state.why_illegal(friend)
    other = state.game.parse_action(state, "pos scissors 1 @4")
    assert "while you hold @3" in state.why_illegal(other) and "§7.1" in state.why_illegal(other)


def test_events_name_an_aircraft_by_its_owner_and_number() -> None:
    """With several aircraft an event's "seat" is an aircraft's number: the log says "seat 1's
    #3", never a seat 3 that two players do not have, and lists every aircraft's band."""
    game = aerodeck.make("down_in_flames", players=2, aircraft=2)
    state = game.new_game(seed=3)
    rng = random.Random(3)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    lines = [game.describe_event(e) for e in state.events_since(0, None)]
    assert not [line for line in lines if re.search(r"\bseat [23]\b", line)]
    assert any(line.startswith("seat 1's #2 plays") for line in lines)
    bands = next(line for line in lines if line.startswith("range bands now"))
    assert all(f"#{a} " in bands for a in range(4))
