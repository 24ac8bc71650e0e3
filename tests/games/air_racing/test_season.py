"""Speed Mod Season: set-up, the three phases, every card and the calendar."""

from __future__ import annotations

import random

import pytest

import aerodeck
from aerodeck.core.errors import IllegalActionError
from aerodeck.games.air_racing.cards import COSTS, NAMES, TOTALS
from aerodeck.games.air_racing.state import MONTHS
from tests.games.air_racing.helpers import events, legal, season

FILLER = ["dollar"] * 10


def test_supply_holds_the_rulebook_counts() -> None:
    assert dict(zip(NAMES, TOTALS, strict=True)) == {
        "dollar": 40,
        "microknot": 15,
        "fast": 24,
        "boost": 25,
        "night-shift": 10,
        "sponsorship": 10,
        "team-effort": 10,
        "wind-tunnel": 10,
    }
    assert dict(zip(NAMES, COSTS, strict=True))["microknot"] == 6


@pytest.mark.parametrize(("pick", "boost", "fast"), [("BBB", 3, 0), ("BBF", 2, 1), ("FFF", 0, 3)])
def test_each_player_takes_seven_dollars_and_three_speed_mods(
    pick: str, boost: int, fast: int
) -> None:
    state = aerodeck.make("air_racing", players=2).new_game(seed=4)
    assert legal(state) == ["start FFF", "start BFF", "start BBF", "start BBB"]
    state.apply(f"start {pick}")
    view = state.view(0)
    assert len(view["hand"]) == 5
    assert view["seats"][0]["cards"] == {
        k: v for k, v in {"dollar": 7, "fast": fast, "boost": boost}.items() if v
    }
    assert view["supply"]["dollar"] == 33
    state.check_invariants()


def test_night_shift_draws_three() -> None:
    state = season(
        [["night-shift", *["dollar"] * 4, "fast", "boost", "microknot", *FILLER], FILLER]
    )
    state.apply("play night-shift")
    assert sorted(state.view(0)["hand"]) == sorted(["dollar"] * 4 + ["fast", "boost", "microknot"])


def test_sponsorship_gives_a_buy_and_two_dollars() -> None:
    state = season([["sponsorship", *["dollar"] * 4, *FILLER], FILLER])
    state.apply("play sponsorship")
    assert state.phase == "buy"  # no action card left: straight on to the buys
    assert state.buys_left == 3 and state.coins(0) == 6


def test_at_most_two_actions_without_team_effort() -> None:
    state = season([["sponsorship"] * 3 + ["dollar"] * 2 + FILLER, FILLER])
    state.apply("play sponsorship")
    state.apply("play sponsorship")
    assert state.phase == "buy"
    with pytest.raises(IllegalActionError):
        state.apply("play sponsorship")


def test_two_buys_then_cleanup_and_a_new_hand() -> None:
    state = season([["dollar"] * 5 + FILLER, FILLER])
    state.apply("buy fast")
    assert "buy dollar" in legal(state)
    state.apply("buy dollar")
    assert state.to_act == 1  # two buys used: the turn ends by itself
    assert len(state.view(0)["hand"]) == 5
    assert state.view(0)["seats"][0]["discard"] == {"dollar": 6, "fast": 1}


@pytest.mark.parametrize(
    ("coins", "card", "ok"),
    [
        (5, "microknot", False),
        (3, "night-shift", False),
        (4, "wind-tunnel", True),
        (3, "fast", True),
    ],
)
def test_costs(coins: int, card: str, ok: bool) -> None:
    state = season([["dollar"] * coins + ["fast"] * (5 - coins) + FILLER, FILLER])
    assert (f"buy {card}" in legal(state)) is ok


def test_a_microknot_takes_six_dollars_in_one_turn() -> None:
    state = season([["sponsorship", *["dollar"] * 4, *FILLER], FILLER])
    state.apply("play sponsorship")
    assert "buy microknot" in legal(state)


def test_an_empty_pile_cannot_be_bought() -> None:
    state = season([["dollar"] * 5 + FILLER, FILLER])
    state.supply = (state.supply[0], 0, *state.supply[2:])
    assert "buy microknot" not in legal(state)
    with pytest.raises(IllegalActionError, match="pile is empty"):
        state.apply("buy microknot")


def test_the_discard_pile_is_shuffled_under_an_empty_deck() -> None:
    state = season([["night-shift", "dollar", "dollar", "dollar", "dollar", "fast"], FILLER])
    state.apply("play night-shift")  # one card left in the deck, then the discard pile (empty)
    assert len(state.view(0)["hand"]) == 5
    state.apply("end")
    assert events(state, "reshuffle")
    assert len(state.view(0)["hand"]) == 5


def test_the_calendar_runs_october_to_august_then_the_race() -> None:
    state = aerodeck.make("air_racing", players=3).new_game(seed=2)
    for _ in range(3):
        state.apply("start BBF")
    while state.phase != "altitude":
        state.apply("buys" if "buys" in legal(state) else "end")
    turns = events(state, "turn")
    assert len(turns) == 11 * 3
    assert [t["month"] for t in turns[::3]] == list(MONTHS)
    assert [t["seat"] for t in turns[:3]] == [0, 1, 2]
    assert events(state, "season_end")
    state.check_invariants()


def test_a_determinization_keeps_what_a_seat_has_seen() -> None:
    state = season([FILLER[:5] + ["fast"] * 5, ["team-effort", *["fast"] * 9]])
    state.apply("end")  # seat 0 passes; seat 1 is seen in its action phase
    assert state.to_act == 1 and state.phase == "action"
    rng = random.Random(2)
    for _ in range(20):
        world = state.determinize(0, rng)
        assert "play team-effort" in [str(a) for a in world.legal_actions()]
        assert world.view(0) == state.view(0)


def test_a_waiting_seat_sees_the_dollars_in_its_hand_as_its_money() -> None:
    """The acting seat's extra and spent dollars are its own: a seat waiting for its turn sees
    the dollars in its hand (it saw -1 once the acting seat had spent more than it had)."""
    game = aerodeck.make("air_racing", 3)
    rng = random.Random(4)
    for seed in range(6):
        state = game.new_game(seed=seed)
        while not state.is_terminal and state.view(0).get("stage") != "race":
            for seat in range(3):
                view = state.view(seat)
                if "coins" in view and view.get("to_act") != seat:
                    assert view["coins"] == view["hand"].count("dollar") >= 0
            state.apply(rng.choice(state.legal_actions()))
