"""High Card Tricks' rules (tests/plugin_game/src/aerodeck_toy/rules.md), played through the
public contract only: stacked hands, notation and views."""

from __future__ import annotations

import pytest

import aerodeck
from aerodeck.core.api import State
from aerodeck.core.errors import ConfigError, IllegalActionError
from tests.plugin.toy import TOY, needs_toy

pytestmark = needs_toy


def deal(hands: list[list[int]], **options: object) -> State:
    game = aerodeck.make(TOY, players=len(hands), hand_size=len(hands[0]), **options)
    return game.new_game(seed=1, setup={"hands": hands})


def play(state: State, *moves: str) -> None:
    for move in moves:
        state.apply(move)


def test_bids_go_round_from_the_leader_who_then_leads_the_first_trick() -> None:
    state = deal([[1, 2], [3, 4], [5, 6]], rounds=2)
    assert state.current_player == 0
    play(state, "bid 0", "bid 1")
    assert state.current_player == 2 and state.view(None)["phase"] == "bid"
    play(state, "bid 1")
    assert state.current_player == 0 and state.view(None)["phase"] == "play"


def test_the_highest_card_takes_the_trick_and_leads_the_next() -> None:
    state = deal([[1, 9], [3, 4], [5, 6]])
    play(state, "bid 1", "bid 0", "bid 1", "play 1", "play 4", "play 6")
    view = state.view(None)
    assert [s["tricks"] for s in view["seats"]] == [0, 0, 1]
    assert state.current_player == 2
    assert state.events_since(0, None)[-1] == {"type": "trick", "seat": 2, "card": "6"}


def test_any_card_may_be_played_but_only_from_the_hand() -> None:
    state = deal([[1, 9], [3, 4]])
    play(state, "bid 1", "bid 1")
    assert {str(a) for a in state.legal_actions()} == {"play 1", "play 9"}
    with pytest.raises(IllegalActionError, match="you do not hold 3"):
        state.apply("play 3")


def test_the_hook_rule_bars_the_last_bid_that_makes_the_bids_add_up() -> None:
    hooked = deal([[1, 2], [3, 4], [5, 6]], hook=True)
    play(hooked, "bid 1", "bid 0")
    assert [str(a) for a in hooked.legal_actions()] == ["bid 0", "bid 2"]
    with pytest.raises(IllegalActionError, match="hook rule"):
        hooked.apply("bid 1")
    free = deal([[1, 2], [3, 4], [5, 6]])
    play(free, "bid 1", "bid 0", "bid 1")
    assert free.view(None)["phase"] == "play"


def test_a_bid_made_exactly_scores_ten_more_and_a_miss_one_a_trick() -> None:
    state = deal([[17, 18], [1, 2]], rounds=1)
    play(state, "bid 2", "bid 1", "play 18", "play 1", "play 17", "play 2")
    assert state.is_terminal
    assert [s["score"] for s in state.view(None)["seats"]] == [12, 0]
    assert state.returns() == [1.0, 0.0]
    round_end = next(e for e in state.events_since(0, None) if e["type"] == "round_end")
    assert round_end["points"] == [12, 0] and round_end["bids"] == [2, 1]


def test_tied_totals_share_the_win() -> None:
    state = deal([[1, 18], [2, 17]], rounds=1)
    play(state, "bid 1", "bid 1", "play 18", "play 17", "play 1", "play 2")
    assert [s["score"] for s in state.view(None)["seats"]] == [11, 11]
    assert state.returns() == [0.5, 0.5] and state.winners == [0, 1]


def test_the_next_round_is_dealt_afresh_and_led_by_the_next_seat() -> None:
    state = deal([[17, 18], [1, 2]], rounds=2)
    play(state, "bid 2", "bid 0", "play 18", "play 1", "play 17", "play 2")
    view = state.view(1)
    assert view["round"] == 2 and view["leader"] == 1 and state.current_player == 1
    assert len(view["hand"]) == 2 and view["played"] == [] and view["last_trick"]


def test_a_seat_sees_its_own_hand_only() -> None:
    state = deal([[1, 9], [3, 4]])
    assert state.view(0)["hand"] == ["1", "9"] and state.view(1)["hand"] == ["3", "4"]
    assert "hand" not in state.view(None)
    assert all("hand" not in e for e in state.events_since(0, None))
    assert [s["cards"] for s in state.view(0)["seats"]] == [2, 2]


@pytest.mark.parametrize(
    "setup",
    [{"hands": [[1, 2], [2, 3]]}, {"hands": [[1, 2]]}, {"hands": [[1, 19], [3, 4]]}, {"deck": []}],
)
def test_a_setup_that_does_not_fit_is_refused_in_one_line(setup: dict[str, object]) -> None:
    game = aerodeck.make(TOY, players=2, hand_size=2)
    with pytest.raises(ConfigError) as error:
        game.new_game(seed=1, setup=setup)
    assert "\n" not in str(error.value)
