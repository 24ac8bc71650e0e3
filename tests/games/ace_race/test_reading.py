"""Reading a draw through the heuristic (``read_through_heuristic``, ``expert``'s worlds): the
heuristic draws only when the rule allows it no play, so a seat that drew holds none of the cards
the rule allowed then; the search's worlds agree, as long as the seat's moves do."""

from __future__ import annotations

import random

from aerodeck.games.ace_race.cards import VALUE
from aerodeck.games.ace_race.rules import AceRaceState
from tests.games.ace_race.support import stacked

HIGH = {10, 11, 12, 13}  # what High allows: one card from 10 to King


def read_worlds(state: AceRaceState, seat: int, count: int = 60) -> list[AceRaceState]:
    worlds = []
    for seed in range(count):
        world = state.determinize(seat, random.Random(seed))
        world.read_through_heuristic(seat, seed)
        assert isinstance(world, AceRaceState)
        world.check_invariants()
        assert world.view(seat) == state.view(seat)  # nothing the seat sees is changed
        worlds.append(world)
    return worlds


def stuck_under_high() -> AceRaceState:
    """Seat 1 drew under High, got a 9 (Medium's) and passed; seat 0 is to move."""
    state = stacked(
        hands=[["5H", "6H", "7C", "KD"], ["2S", "3S", "4D", "5C"]],
        draw=["9C"],
        rule="high",
        first=1,
    )
    state.apply("draw")
    state.apply("pass")
    assert state.to_act == 0
    return state


def test_a_seat_that_drew_holds_no_card_the_rule_allowed_in_the_worlds_read() -> None:
    state = stuck_under_high()
    worlds = read_worlds(state, seat=0)
    hands = [world.hands[1] for world in worlds]
    assert all(len(hand) == 5 and not HIGH & {VALUE[c] for c in hand} for hand in hands)
    assert len(set(hands)) == len(hands)  # still sampled: any hand without those cards
    unread = [state.determinize(0, random.Random(seed)).hands[1] for seed in range(60)]
    assert sum(1 for hand in unread if HIGH & {VALUE[c] for c in hand}) > 30


def test_the_same_seed_reads_the_same_world() -> None:
    state = stuck_under_high()
    first, again = read_worlds(state, 0, count=5), read_worlds(state, 0, count=5)
    assert [w.hands for w in first] == [w.hands for w in again]
    assert [w.draw for w in first] == [w.draw for w in again]


def test_a_seat_that_plays_a_card_its_draw_said_it_lacked_is_read_no_more() -> None:
    """Seat 1 drew holding the King of Spades (not as the heuristic would), then played it:
    the reading is dropped, and its worlds are dealt as they would be without it."""
    state = stacked(
        hands=[["5H", "6H", "7C", "9D"], ["2S", "KS", "4D", "5C"]],
        draw=["9C", "8C"],
        rule="high",
        first=1,
    )
    state.apply("draw")
    state.apply("pass")
    assert state.lacks[1] is not None
    state.apply("draw")  # seat 0: the 8 of Clubs, kept
    state.apply("pass")
    state.apply("play KS")
    assert state.lacks[1] is None
    for seed in range(10):
        read = state.determinize(0, random.Random(seed))
        read.read_through_heuristic(0, seed)
        assert read.hands == state.determinize(0, random.Random(seed)).hands


def test_a_card_given_to_the_seat_ends_the_reading() -> None:
    """Seat 1 drew with no play under Multiples; then seat 0 makes four of a kind and gives it
    a card (R9), which the draw says nothing about."""
    state = stacked(
        hands=[["7H", "7D", "7C", "7S", "KD", "2H"], ["2S", "3D", "4C", "9H"]],
        draw=["5S"],
        rule="multiples",
        first=0,
    )
    state.apply("play 7H 7D 7C")
    state.apply("draw")
    state.apply("pass")
    assert state.lacks[1] is not None and state.lacks[0] is None
    state.apply("play 7S")
    state.apply("give KD to 1")
    assert state.lacks[1] is None
