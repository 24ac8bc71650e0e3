"""The rulebook's examples, move by move from stacked positions."""

from __future__ import annotations

from aerodeck.games.ace_race.cards import parse_card, texts
from tests.games.ace_race.support import singles, stacked


def test_series_6_7_8_is_followed_by_a_7_or_a_9_not_a_5() -> None:
    state = stacked(
        hands=[["6H", "7S", "8D", "8H", "10H", "2C"], ["5C", "7C", "9C", "KD"]],
        rule="series",
        first=0,
    )
    state.apply("play 6H 7S 8D")
    assert state.current_player == 1
    assert singles(state) == {"7C", "9C"}
    state.apply("play 9C")
    assert state.rs is not None and state.rs.last == (parse_card("9C"),)
    assert singles(state) == set()  # after the single only a new series may be played


def test_series_8_7_6_is_followed_by_a_5_or_a_7_not_a_9() -> None:
    state = stacked(
        hands=[["6H", "7S", "8D", "2C"], ["5C", "7C", "9C", "KD"]], rule="series", first=0
    )
    state.apply("play 8D 7S 6H")
    assert singles(state) == {"5C", "7C"}
    state.apply("play 5C")
    assert state.current_player == 0


def test_the_bid_winner_sets_the_rule_without_its_ace_and_plays_first() -> None:
    state = stacked(
        players=3,
        hands=[["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "10S"]],
        draw=["KC", "KD", "QC", "QD"],
    )
    assert state.current_player == 0  # the dealer is seat 2, bidding starts at the left
    state.apply("bid 0")
    state.apply("bid 2")
    state.apply("pass")
    state.apply("pass")  # seat 0 passes: seat 1 has the highest bid
    assert state.bid_winner == 1
    assert sorted(texts(state.hands[1])) == ["5S", "6S", "7S", "KC", "KD"]
    state.apply("rule low")
    assert state.current_player == 1
    assert singles(state) == {"5S"}
