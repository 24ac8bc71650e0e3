"""One test per ruling of docs/games/air_racing.md, named after it."""

from __future__ import annotations

import pytest

import aerodeck
from aerodeck.core.errors import IllegalActionError
from aerodeck.games.air_racing.rules import AirRacingState
from tests.games.air_racing.helpers import events, legal, mods, race, season

FILLER = ["dollar"] * 10


def fly(state: AirRacingState, lane: int | None = None, alt: str = "mid") -> None:
    """One aircraft's whole turn without Boosts: keep altitude, keep or change lane."""
    seat = state.to_act
    assert seat is not None
    state.apply(f"alt {alt}")
    state.apply(f"fly {state.lane[seat] if lane is None else lane}")


def test_ruling_R1_grid_ties_rolled_on_the_die() -> None:
    state = race(3, dice=[5, 5, 2, 9], mods=[mods(2), mods(0), mods(2)])
    grid = events(state, "grid")[0]
    assert grid["order"] == [2, 0, 1]
    assert grid["rolls"] == {"0": [5, 2], "2": [5, 9]}
    assert state.lane == (1, 2, 0)
    assert state.to_act == 2  # the fastest, on the inside, flies first


def test_ruling_R2_tie_break_furthest_past_the_line() -> None:
    # Seat 0 crosses first but seat 1, flying after it in the same round, ends further past.
    state = race(mods=[mods(0), mods(4)], positions=[116, 114], lanes=[1, 2])
    fly(state)
    assert not state.is_terminal
    fly(state)
    assert state.pos == (124, 126)
    assert state.winners == [1]


def test_ruling_R2_an_exact_tie_goes_to_the_inside_lane() -> None:
    state = race(mods=[mods(0), mods(2)], positions=[116, 114], lanes=[2, 1])
    fly(state)
    fly(state)
    assert state.pos == (124, 124)
    assert state.winners == [1]


def test_ruling_R2_turn_order_first_place_to_last_inside_first() -> None:
    state = race(3, positions=[10, 30, 10], lanes=[2, 0, 1])
    assert events(state, "round")[0]["order"] == [1, 2, 0]


def test_ruling_R3_wind_tunnel_plays_a_card_twice_for_one_action() -> None:
    state = season([["wind-tunnel", "night-shift", "fast", "fast", "fast", *FILLER], FILLER])
    state.apply("play wind-tunnel")
    assert legal(state) == ["double night-shift", "tunnel cash"]
    state.apply("double night-shift")
    assert state.view(0)["hand"].count("dollar") == 6  # 3 cards drawn twice
    assert state.actions_left == 1  # the Night Shift cost no action of its own


def test_ruling_R3_wind_tunnel_on_wind_tunnel_doubles_two_cards() -> None:
    hand = ["wind-tunnel", "wind-tunnel", "team-effort", "sponsorship", "fast"]
    state = season([[*hand, *FILLER], FILLER])
    state.apply("play wind-tunnel")
    state.apply("double wind-tunnel")
    assert state.tunnels == 2  # two choices, each a different card played twice
    state.apply("double team-effort")
    assert state.actions_left == 1 + 4 and state.redraws == 2
    assert "double team-effort" not in legal(state)  # no card is played four times
    state.apply("double sponsorship")
    assert state.buys_left == 4 and state.bonus == 4
    assert state.phase == "action"


def test_ruling_R3_wind_tunnel_can_take_two_dollars_instead() -> None:
    state = season([["wind-tunnel", "dollar", "dollar", "fast", "fast", *FILLER], FILLER])
    state.apply("play wind-tunnel")
    assert legal(state) == ["tunnel cash"]
    state.apply("tunnel cash")
    assert state.phase == "buy" and state.coins(0) == 4


def test_ruling_R4_team_effort_redraw_is_one_of_the_extra_actions() -> None:
    hand = ["team-effort", "fast", "boost", "microknot", "dollar"]
    state = season([[*hand, "sponsorship", *FILLER], FILLER])
    state.apply("play team-effort")
    assert state.actions_left == 3 and "sponsorship" in state.view(0)["hand"]
    state.apply("redraw")
    assert state.actions_left == 2
    for card in ("fast", "boost", "microknot"):
        state.apply(f"toss {card}")
    state.apply("draw")
    assert sorted(state.view(0)["hand"]) == ["dollar"] * 4 + ["sponsorship"]
    assert state.view(0)["seats"][0]["discard"] == {"microknot": 1, "fast": 1, "boost": 1}
    assert "redraw" not in legal(state)  # one redraw per Team Effort


def test_ruling_R5_boost_risk_rises_with_each_boost_that_turn() -> None:
    # FAST 1: the first Boost needs a 5, the second a 6 (the rulebook's own example).
    state = race(mods=[mods(fast=1, boost=3), mods()], positions=[20, 0], lanes=[1, 2], dice=[5, 5])
    state.apply("alt mid")
    state.apply("boost")
    assert events(state, "boost")[-1]["passed"] and state.speed_left == 8 + 6
    state.apply("boost")
    assert not events(state, "boost")[-1]["passed"] and state.speed_left == 14
    assert state.phase == "cancel"  # the check is rolled at once, before the aircraft moves
    again = race(mods=[mods(fast=1, boost=2), mods()], positions=[20, 0], lanes=[1, 2], dice=[5, 6])
    again.apply("alt mid")
    again.apply("boost")
    again.apply("boost")
    assert again.speed_left == 8 + 12


def test_ruling_R5_boosts_do_not_make_pylon_checks_harder() -> None:
    state = race(mods=[mods(boost=2), mods()], positions=[50, 0], lanes=[0, 2], dice=[9, 9, 6])
    state.apply("alt mid")
    state.apply("boost")
    state.apply("boost")
    state.apply("fly 0")
    check = events(state, "pylon_check")[-1]
    assert check["roll"] == 6 and check["passed"]


def test_ruling_R6_cancel_a_backfire_with_another_boost() -> None:
    state = race(mods=[mods(boost=2), mods()], positions=[20, 0], lanes=[1, 2], dice=[3])
    state.apply("alt mid")
    state.apply("boost")
    assert legal(state) == ["cancel", "accept"]
    state.apply("cancel")
    assert state.owned[0][3] == 0 and state.box[3] == 2
    assert state.tokens[0] == 0 and state.speed_left == 8  # no +3 from either card
    accept = race(mods=[mods(boost=2), mods()], positions=[20, 0], lanes=[1, 2], dice=[3])
    accept.apply("alt mid")
    accept.apply("boost")
    accept.apply("accept")
    assert accept.tokens[0] == 6 and accept.owned[0][3] == 1


def test_ruling_R6_a_last_boost_backfire_is_a_token() -> None:
    state = race(mods=[mods(boost=1), mods()], positions=[20, 0], lanes=[1, 2], dice=[0])
    state.apply("alt mid")
    state.apply("boost")
    assert state.tokens[0] == 6 and state.phase == "boost"


def test_ruling_R7_blocked_aircraft_sidesteps() -> None:
    # Seat 0 owes its whole speed and sits still; seat 1 runs into its tail and goes round.
    state = race(positions=[20, 17], lanes=[1, 1], tokens=[8, 0])
    fly(state)
    fly(state)
    assert events(state, "sidestep")[-1] == {"type": "sidestep", "seat": 1, "to": 2}
    assert state.pos[1] == 17 + 8 - 2 and state.lane[1] == 2


def test_ruling_R7_the_pilot_chooses_the_side_when_both_are_open() -> None:
    state = race(positions=[20, 17], lanes=[2, 2], tokens=[8, 0])
    fly(state)
    fly(state)
    assert legal(state) == ["side in", "side out"]
    state.apply("side in")
    assert state.lane[1] == 1 and state.pos[1] == 23


def test_ruling_R8_no_inside_pass_into_the_pylon_lane() -> None:
    state = race(3, positions=[20, 17, 17], lanes=[1, 1, 2], tokens=[8, 0, 8])
    fly(state)  # seat 0, speed 0
    fly(state)  # seat 1: lane 0 is the pylon lane and lane 2 is taken, so it stays behind
    assert state.pos[1] == 18 and state.lane[1] == 1
    assert events(state, "fly")[-1]["unused"] == 7


def test_ruling_R9_unused_speed_is_lost() -> None:
    # The far pylon costs lane 2 five half tiles; with four left the aircraft stops before it.
    state = race(positions=[55, 0], lanes=[2, 3])
    fly(state)
    assert state.pos[0] == 59 and events(state, "fly")[-1]["unused"] == 4
    fly(state)
    assert events(state, "race_turn")[-1] == {"type": "race_turn", "seat": 0, "speed": 8, "paid": 0}


def test_ruling_R10_penalties_paid_backwards_at_the_finish() -> None:
    # A backfire (-3) and a cut at the line (-2) put seat 0 back behind it: no win this round.
    state = race(mods=[mods(boost=1), mods()], positions=[117, 50], lanes=[0, 2], dice=[3, 1])
    state.apply("alt mid")
    state.apply("boost")
    state.apply("fly 0")
    assert events(state, "pay_back")[-1] == {"type": "pay_back", "seat": 0, "owed": 10, "to": 115}
    fly(state)
    assert not state.is_terminal
    fly(state, lane=0)  # the penalties are paid: full speed over the line next turn
    assert state.tokens[0] == 0


def test_ruling_R10_a_finisher_that_stays_over_the_line_wins() -> None:
    state = race(positions=[116, 100], lanes=[0, 2], dice=[1])
    fly(state)
    assert state.pos[0] == 120 and state.tokens[0] == 0
    fly(state)
    assert state.winners == [0]


def test_ruling_R11_only_the_inside_lane_risks_a_cut() -> None:
    outer = race(positions=[56, 0], lanes=[1, 2])
    fly(outer)
    assert not events(outer, "pylon_check")
    assert outer.pos[0] == 56 + 8 - 2  # lane 1 pays two extra half tiles round the far pylon
    inner = race(positions=[56, 0], lanes=[0, 2], dice=[5])
    fly(inner)
    assert inner.pos[0] == 64 and inner.tokens[0] == 4  # failed: -2 next turn
    fly(inner)
    assert events(inner, "race_turn")[-1] == {"type": "race_turn", "seat": 0, "speed": 4, "paid": 4}


def test_ruling_R12_speed_never_below_zero() -> None:
    state = race(positions=[20, 0], lanes=[1, 2], tokens=[20, 0])
    assert state.speed_left == 0 and state.tokens[0] == 0
    assert legal(state) == ["alt low", "alt mid"]  # climbing needs speed
    with pytest.raises(IllegalActionError, match="climbing costs"):
        state.apply("alt high")


def test_ruling_R13_round_limit_gives_the_race_to_the_leader() -> None:
    state = race(positions=[20, 0], lanes=[1, 2], options={"max_rounds": 1})
    fly(state)
    fly(state)
    assert state.is_terminal and state.winners == [0]
    assert events(state, "race_end")[0]["why"].startswith("round limit")


def test_ruling_R14_quick_play_buys_speed_mods_with_25_dollars() -> None:
    state = aerodeck.make("air_racing", players=2, quick_play=True).new_game(seed=3)
    assert legal(state) == ["end", "buy microknot", "buy fast", "buy boost"]
    with pytest.raises(IllegalActionError, match="speed mods only"):
        state.apply("buy dollar")
    for _ in range(4):
        state.apply("buy microknot")
    assert state.to_act == 1  # $1 left buys nothing: the turn passes on
    state.apply("end")
    assert state.phase == "altitude" and state.grid[0] == 0
    assert state.mods(0) == {"microknot": 4, "fast": 0, "boost": 0}


def test_ruling_R15_dollars_in_hand_pay_automatically() -> None:
    state = season([["dollar", "dollar", "dollar", "fast", "boost", *FILLER], FILLER])
    assert state.phase == "buy" and state.coins(0) == 3


def test_ruling_R16_eleven_months_each() -> None:
    state = season([["fast"] * 12, ["boost"] * 12], month=10)
    state.apply("end")
    state.apply("end")
    assert state.phase == "altitude" and len(events(state, "turn")) == 2


def test_ruling_R17_microknots_add_half_tiles() -> None:
    state = race(mods=[mods(1), mods()], positions=[10, 0], lanes=[1, 2])
    fly(state)
    assert state.pos[0] == 19  # 4½ tiles: the odd half tile ends the move


def test_ruling_R18_lane_change_costs_one_speed_per_lane() -> None:
    state = race(positions=[10, 0], lanes=[0, 3])
    state.apply("alt mid")
    assert legal(state)[:3] == ["fly 0", "fly 1", "fly 2"]
    state.apply("fly 2")
    assert state.lane[0] == 2 and state.pos[0] == 10 + 8 - 4


def test_ruling_R19_race_week_is_open_information() -> None:
    state = race(mods=[mods(3, 2, 4), mods(1, 0, 0)], positions=[10, 0], lanes=[0, 3])
    other = state.view(1)["aircraft"][0]
    assert (other["microknot"], other["fast"], other["boost"]) == (3, 2, 4)
    assert {**state.view(1), "seat": None} == state.view(None)


def _finish_race_by_round_limit(state: AirRacingState) -> None:
    while state.phase in ("altitude", "boost", "cancel", "side"):
        if state.phase == "altitude":
            state.apply("alt mid")
        else:
            state.apply(state.legal_actions()[0])


def test_ruling_R20_quick_play_unspent_money_is_lost() -> None:
    state = aerodeck.make("air_racing", players=2, quick_play=True).new_game(seed=3)
    state.apply("buy fast")
    state.apply("end")
    assert events(state, "quick_done")[0]["left"] == 22
    assert state.to_act == 1 and state.cash[0] == 22  # spent on nothing


def test_ruling_R21_legacy_speed_mods_carry_into_the_next_season() -> None:
    game = aerodeck.make(
        "air_racing", players=2, quick_play=True, seasons=2, legacy=True, max_rounds=1
    )
    state = game.new_game(seed=4)
    for card in ("microknot", "microknot", "microknot", "boost", "boost"):
        state.apply(f"buy {card}")
    state.apply("end")  # seat 1 buys nothing
    _finish_race_by_round_limit(state)
    assert state.season_no == 2 and state.phase == "quick"
    assert state.view(None)["carried"][0] == {"microknot": 3, "boost": 2}
    assert state.supply[1] == 15 - 3 and state.box == (0,) * 8  # spent Boosts back in the supply
    state.apply("end")
    state.apply("end")
    assert state.mods(0) == {"microknot": 3, "fast": 0, "boost": 2}
    state.check_invariants()


def test_ruling_R21_without_legacy_every_season_starts_bare() -> None:
    game = aerodeck.make("air_racing", players=2, quick_play=True, seasons=2, max_rounds=1)
    state = game.new_game(seed=4)
    state.apply("buy microknot")
    state.apply("end")
    state.apply("end")
    _finish_race_by_round_limit(state)
    assert state.season_no == 2 and state.carried[0] == (0,) * 8 and state.supply[1] == 15


def test_ruling_R22_championship_most_wins_then_the_latest_winner() -> None:
    game = aerodeck.make("air_racing", players=3, quick_play=True, seasons=3)
    state = game.new_game(seed=1)
    assert isinstance(state, AirRacingState)
    state.champions = (0, 1)
    assert state.championship_leader() == 1
    state.champions = (2, 0, 0)
    assert state.championship_leader() == 0


def test_ruling_R23_a_heat_sets_the_grid_of_the_final() -> None:
    game = aerodeck.make("air_racing", players=3, quick_play=True, heat_laps=1)
    state = game.new_game(seed=6)
    state.apply("buy microknot")  # seat 0 is fastest on the heat's grid
    state.apply("end")
    state.apply("end")
    state.apply("end")
    assert state.in_heat and state.view(None)["laps"] == 1 and state.grid[0] == 0
    while state.in_heat:
        state.apply("alt mid" if state.phase == "altitude" else state.legal_actions()[0])
    heat = events(state, "heat_end")[0]
    assert list(state.grid) == heat["order"] and heat["order"][0] == heat["winner"]
    assert state.pos == (0, 0, 0) and state.view(None)["laps"] == 3
    assert state.lane[heat["winner"]] == 0


def test_ruling_R10_paying_back_drops_behind_an_aircraft_in_the_way() -> None:
    state = race(
        mods=[mods(boost=1), mods()], positions=[117, 115], lanes=[0, 0], tokens=[0, 8], dice=[3, 1]
    )
    state.apply("alt mid")
    state.apply("boost")
    state.apply("fly 0")
    assert events(state, "pay_back")[-1] == {"type": "pay_back", "seat": 0, "owed": 10, "to": 113}
    state.check_invariants()
