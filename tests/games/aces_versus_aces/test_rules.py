"""Aces versus Aces: every rule and ruling of docs/games/aces_versus_aces.md, from stacked deals."""

from __future__ import annotations

from typing import Any

import pytest

import aerodeck
from aerodeck.core.errors import ConfigError, IllegalActionError
from aerodeck.games.aces_versus_aces.rules import AvAState


def start(players: int = 3, **setup: Any) -> AvAState:
    options = setup.pop("options", {})
    state = aerodeck.make("aces_versus_aces", players=players, **options).new_game(
        seed=1, setup=setup
    )
    assert isinstance(state, AvAState)
    return state


def play_hand(state: AvAState, *cards: str) -> None:
    """Every seat plays in turn (cards given in commit order), then everyone keeps."""
    for text in cards:
        state.apply(f"play {text}")
    while state.phase == "discard":
        state.apply("keep")


def events_of(state: AvAState, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    return [e for e in state.events_since(0, seat) if e["type"] == kind]


THREE_HANDS = [["AS", "2C", "3C", "4C"], ["KH", "2D", "3D", "4D"], ["5S", "6S", "7S", "8S"]]


def test_single_high_card_wins_and_ace_takes_the_nickel() -> None:
    state = start(hands=THREE_HANDS)
    play_hand(state, "AS", "2D", "5S")
    assert state.won[0] == tuple(aerodeck.core.cards.cards(["AS", "2D", "5S"]))
    assert state.coins[0] == (1,)
    assert state.pennies == (5, 5, 5)


def test_ruling_R4_face_card_beaten_by_an_ace_loses_a_command_marker() -> None:
    state = start(hands=THREE_HANDS)
    play_hand(state, "AS", "KH", "5S")
    assert state.pennies == (5, 4, 5)
    assert events_of(state, "win")[0]["markers_lost"] == [1]


def test_ruling_R4_face_card_beaten_by_a_higher_face_card_loses_a_marker() -> None:
    hands = [["KS", "2C", "3C", "4C"], ["QH", "2D", "3D", "4D"], ["JS", "6S", "7S", "8S"]]
    state = start(hands=hands)
    play_hand(state, "KS", "QH", "JS")
    assert state.pennies == (5, 4, 4)


def test_face_card_under_a_numbered_winner_cannot_happen_and_numbers_cost_nothing() -> None:
    hands = [["10S", "2C", "3C", "4C"], ["9H", "2D", "3D", "4D"], ["5S", "6S", "7S", "8S"]]
    state = start(hands=hands)
    play_hand(state, "10S", "9H", "5S")
    assert state.pennies == (5, 5, 5)
    assert [str(c) for c in state.won[0]] == ["10S", "9H", "5S"]


def test_ruling_R1_winner_keeps_the_whole_hand_by_default() -> None:
    hands = [["KS", "2C", "3C", "4C"], ["9H", "2D", "3D", "4D"], ["5S", "6S", "7S", "8S"]]
    state = start(hands=hands)
    play_hand(state, "KS", "9H", "5S")
    assert [str(c) for c in state.won[0]] == ["KS", "9H", "5S"]


def test_ruling_R1_option_winner_keeps_only_the_beaten_cards() -> None:
    hands = [["KS", "AC", "3C", "4C"], ["9H", "2D", "3D", "4D"], ["5S", "6S", "7S", "8S"]]
    state = start(hands=hands, options={"winner_keeps": "beaten"})
    play_hand(state, "KS", "9H", "5S")
    assert [str(c) for c in state.won[0]] == ["9H", "5S"]
    assert "KS" in [str(c) for c in state.discards]
    play_hand(state, "AC", "2D", "6S")  # an Ace is always kept ("players keep the Aces")
    assert sorted(str(c) for c in state.won[0][2:]) == ["2D", "6S", "AC"]


def test_ruling_R3_tied_high_cards_discard_the_hand_without_marker_loss() -> None:
    hands = [["KS", "2C", "3C", "4C"], ["KH", "2D", "3D", "4D"], ["QS", "6S", "7S", "8S"]]
    state = start(hands=hands)
    play_hand(state, "KS", "KH", "QS")
    assert state.pennies == (5, 5, 5)
    assert [str(c) for c in state.discards] == ["KS", "KH", "QS"]
    assert state.won == ((), (), ())


def test_ruling_R3_several_aces_are_discarded_with_their_coins_for_no_score() -> None:
    hands = [["AS", "2C", "3C", "4C"], ["AH", "2D", "3D", "4D"], ["KS", "6S", "7S", "8S"]]
    state = start(hands=hands, deck=["AD", "9C", "9D", "AC"])
    play_hand(state, "AS", "AH", "KS")
    assert state.aces_played == 2
    assert state.pennies == (5, 5, 5)  # tied high cards: nobody loses a marker, even the King
    assert events_of(state, "tie")[0]["coins_discarded"] == ["nickel", "dime"]
    play_hand(state, "AD", "2D", "6S")  # the next Ace takes the quarter and ends the round
    assert events_of(state, "win")[0]["coin"] == "quarter"
    assert events_of(state, "round_end")[0]["why"] == "third Ace played"


def test_ruling_R6_R12_third_ace_ends_the_round_and_the_fourth_ace_held_costs_five() -> None:
    hands = [["AS", "2C", "3C", "4C"], ["AH", "2D", "3D", "4D"], ["AD", "AC", "5S", "6S"]]
    deck = ["7C", "7D", "7H", "8C", "8D", "8H"]
    state = start(hands=hands, deck=deck)
    play_hand(state, "AS", "2D", "5S")  # seat 0: AS (nickel), 2D, 5S
    play_hand(state, "2C", "AH", "6S")  # seat 1: AH (dime), 2C, 6S
    draws_before = len(events_of(state, "draw"))
    play_hand(state, "3C", "3D", "AD")  # seat 2: AD (quarter), 3C, 3D; round over
    assert len(events_of(state, "draw")) == draws_before  # no draw after the third Ace
    end = events_of(state, "round_end")[0]
    # seat 0: 3 + 1 + 1 won, holds 4C 7C 8C (3); seat 1: 5 + 1 + 1, holds 4D 7D 8D (3);
    # seat 2: 8 + 1 + 1, holds AC (-5) 7H 8H (2).
    assert end["points"] == [8, 10, 7]
    assert list(state.scores) == [8, 10, 7]
    assert state.round == 2 and state.aces_played == 0


def test_ruling_R8_players_tied_on_the_target_share_the_win() -> None:
    hands = [["AS", "3C", "4C", "5C"], ["AH", "3D", "4D", "5D"]]
    state = start(players=2, hands=hands, deck=["AD", "AC"], scores=[47, 47])
    play_hand(state, "AS", "AH")
    play_hand(state, "AD", "AC")
    assert state.is_terminal
    assert state.scores == (50, 50)
    assert state.returns() == [0.5, 0.5]
    assert state.winners == [0, 1]


def test_ruling_R5_eliminated_players_cards_leave_play_and_they_stay_out() -> None:
    hands = [["AS", "2C", "3C", "4C"], ["KH", "2D", "3D", "4D"], ["5S", "6S", "7S", "8S"]]
    state = start(hands=hands, pennies=[5, 1, 5])
    play_hand(state, "AS", "KH", "5S")
    assert state.active == (True, False, True)
    assert state.hands[1] == () and state.won[1] == ()
    assert {"2D", "3D", "4D"} <= {str(c) for c in state.discards}
    assert state.to_act == 0
    assert not state.is_terminal
    state.check_invariants()
    while not state.is_terminal and state.round == 1:
        state.apply(state.legal_actions()[0])
    assert state.hands[1] == ()  # still out in the next round


def test_ruling_R7_the_last_commander_standing_wins_at_once() -> None:
    hands = [["KS", "2C", "3C", "4C"], ["QH", "2D", "3D", "4D"]]
    state = start(players=2, hands=hands, pennies=[5, 1], scores=[0, 40])
    play_hand(state, "KS", "QH")
    assert state.is_terminal
    assert state.winners == [0]
    assert events_of(state, "game_end")[0]["why"] == "last commander standing"


def test_ruling_R9_the_round_limit_ends_the_game_on_the_best_score() -> None:
    state = start(options={"target": 1000, "max_rounds": 1}, hands=THREE_HANDS)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    assert state.round == 1
    best = max(state.scores)
    assert state.winners == [s for s in range(3) if state.scores[s] == best]


def test_ruling_R2_when_the_deck_cannot_serve_everyone_nobody_draws() -> None:
    aces = ["AS", "AH", "AD", "AC"]
    hands = [["AS", "2C", "3C", "4C"], ["AH", "2D", "3D", "4D"], ["2S", "3S", "4S", "5S"]]
    used = {c for h in hands for c in h}
    rest = [str(c) for c in aerodeck.core.cards.CARDS if str(c) not in used and str(c) not in aces]
    deck = [*rest, "AD", "AC"]  # 38 cards: the two last Aces are never reached
    state = start(hands=hands, deck=deck)
    discards = 0
    while state.deck and len(state.deck) >= 3:
        if state.phase == "discard":
            if discards < 2:  # two replacements leave 2 cards, fewer than the 3 players
                state.apply(f"discard {min(state.hands[state.to_act], key=_rank_of)}")
                discards += 1
            else:
                state.apply("keep")
        else:
            seat = state.to_act
            non_aces = [c for c in state.hands[seat] if not c.is_ace]
            state.apply(f"play {min(non_aces, key=_rank_of)}")
    while state.phase == "discard":
        state.apply("keep")
    assert len(state.deck) == 2
    sizes = [len(h) for h in state.hands]
    play_hand(state, *[str(min(state.hands[s], key=_rank_of)) for s in state.order()])
    assert [len(h) for h in state.hands] == [n - 1 for n in sizes]  # nobody drew
    assert len(state.deck) == 2
    while state.round == 1:
        state.apply(state.legal_actions()[0])
    ends = events_of(state, "round_end")
    assert ends[0]["why"] in ("cards ran out", "third Ace played")


def _rank_of(card: Any) -> int:
    return 15 if card.is_ace else card.rank


def test_ruling_R10_the_lead_moves_one_seat_each_round() -> None:
    state = start(hands=THREE_HANDS)
    assert state.to_act == 0
    while state.round == 1:
        state.apply(state.legal_actions()[0])
    assert state.lead == 1 and state.to_act == 1


def test_ruling_R11_discard_and_replace_after_the_draw_is_public() -> None:
    state = start(hands=THREE_HANDS, deck=["9C", "9D", "9H", "10C"])
    for text in ("2C", "2D", "5S"):
        state.apply(f"play {text}")
    assert state.phase == "discard" and state.to_act == 0
    assert "9C" in [str(c) for c in state.hands[0]]  # drew first
    state.apply("discard 3C")
    assert "10C" in [str(c) for c in state.hands[0]]
    assert state.view(2)["discards"][-1] == "3C"
    assert "10C" not in str(state.events_since(0, 2))


def test_ruling_R13_discard_and_replace_can_be_switched_off() -> None:
    state = start(hands=THREE_HANDS, options={"discard_replace": False})
    for text in ("2C", "2D", "5S"):
        state.apply(f"play {text}")
    assert state.phase == "play"
    assert all(len(h) == 4 for h in state.hands)


def test_commitments_stay_secret_until_the_reveal() -> None:
    state = start(hands=THREE_HANDS)
    state.apply("AS")
    assert state.view(1)["seats"][0]["committed"] is True
    assert "AS" not in str(state.view(1)) and "AS" not in str(state.events_since(0, 1))
    assert state.view(0)["my_play"] == "AS"


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("play 9C", "you do not hold 9C"),
        ("discard 2C", "discarding comes after the draw"),
        ("keep", "discarding comes after the draw"),
    ],
)
def test_illegal_moves_name_the_rule(move: str, reason: str) -> None:
    state = start(hands=THREE_HANDS)
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(move)


def test_playing_in_the_discard_step_is_refused_with_the_reason() -> None:
    state = start(hands=THREE_HANDS)
    for text in ("2C", "2D", "5S"):
        state.apply(f"play {text}")
    with pytest.raises(IllegalActionError, match="after the draw you may discard"):
        state.apply("play 3C")


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"hands": [["AS", "AS", "2C", "3C"], [], []]}, "appears twice"),
        ({"hands": [["AS"], [], []]}, "one list of 4 cards"),
        ({"hands": [["ZZ", "2C", "3C", "4C"], [], []]}, "not a card"),
        ({"colour": "red"}, "unknown setup key"),
        ({"pennies": [0, 5, 5]}, "1 to 5"),
    ],
)
def test_bad_setups_are_refused_in_one_line(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        aerodeck.make("aces_versus_aces", players=3).new_game(seed=1, setup=setup)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 0}, "at least 1"),
        ({"winner_keeps": "none"}, "one of all, beaten"),
        ({"discard_replace": "maybe"}, "true or false"),
        ({"colour": 1}, "unknown option"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        aerodeck.make("aces_versus_aces", **options)


def test_notation_accepts_the_friendly_forms() -> None:
    state = start(hands=THREE_HANDS)
    game = state.game
    assert str(game.parse_action(state, "as")) == "play AS"
    assert str(game.parse_action(state, "p 10h")) == "play 10H"
    assert str(game.parse_action(state, "play TH")) == "play 10H"
    assert str(game.parse_action(state, "pass")) == "keep"
    assert str(game.parse_action(state, "d 7c")) == "discard 7C"
