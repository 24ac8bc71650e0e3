"""One test per ruling of docs/games/ace_race.md (R1..R16)."""

from __future__ import annotations

import random

import pytest

import aerodeck
from aerodeck.core.errors import IllegalActionError
from aerodeck.games.ace_race.cards import parse_card, texts
from aerodeck.games.ace_race.state import DRAWN, GIVE, RULE, TURN
from tests.games.ace_race.support import events, legal, singles, stacked


def test_ruling_R1_everyone_passes_the_dealers_left_sets_the_rule_for_nothing() -> None:
    state = stacked(players=3, hands=[["2S", "3S"], ["4S", "5S"], ["6S", "7S"]], dealer=2)
    before = [len(h) for h in state.hands]
    for _ in range(3):
        state.apply("pass")
    assert state.phase == RULE and state.current_player == 0 and state.bid_winner == 0
    assert [len(h) for h in state.hands] == before
    assert events(state, "bid_won")[0]["why"] == "everyone passed"


def test_ruling_R2_the_auction_goes_round_until_the_others_have_passed() -> None:
    state = stacked(players=3, hands=[["2S", "3S"], ["4S", "5S"], ["6S", "7S"]])
    state.apply("bid 0")
    state.apply("bid 1")
    state.apply("pass")  # seat 2 is out for good
    assert state.current_player == 0
    assert "bid 1" not in legal(state) and "bid 2" in legal(state)
    state.apply("bid 2")
    assert state.current_player == 1
    state.apply("pass")
    assert state.bid_winner == 0 and len(state.hands[0]) == 4
    sixes = stacked(players=3, hands=[["2S", "3S"], ["4S", "5S"], ["6S", "7S"]])
    sixes.apply("bid 6")  # the highest bid ends the auction at once
    assert sixes.phase == RULE and sixes.bid_winner == 0 and len(sixes.hands[0]) == 8


def test_ruling_R3_an_ace_shuffles_the_pile_away_and_the_rule_starts_afresh() -> None:
    state = stacked(hands=[["KS", "2C"], ["AH", "9S", "9H", "9D"]], rule="high", first=0)
    draw_before = len(state.draw)
    state.apply("play KS")
    state.apply("AH multiples")
    assert state.pile == () and len(state.draw) == draw_before + 2
    assert state.rs is not None and state.rs.last == () and state.rs.rule == "multiples"
    assert state.current_player == 1 and state.phase == TURN
    assert singles(state) == set()  # nothing on top to match: a fresh multiple is needed
    assert "play 9S 9H" in legal(state)


def test_ruling_R4_the_ace_players_next_turn_is_an_ordinary_turn() -> None:
    state = stacked(hands=[["AD", "AC", "2S"], ["5S", "6S"]], rule="high", first=0)
    state.apply("AD low")
    assert state.current_player == 0
    assert {"play 2S", "draw", "AC prime", "AC suits H"} <= legal(state)
    last = stacked(hands=[["AS"], ["5S", "6S"]], rule="high", first=0)
    last.apply("AS abovebelow")
    assert last.is_terminal and last.winners == [0]


def test_ruling_R5_after_a_draw_only_the_drawn_card_may_be_played() -> None:
    state = stacked(hands=[["2S", "JK"], ["5S", "6S"]], draw=["3H", "KH"], rule="high", first=0)
    state.apply("draw")
    assert state.phase == DRAWN
    assert legal(state) == {"joker 3H", "pass"}  # 2S stays in hand; 3H only on the joker
    state.apply("pass")
    state.apply("draw")
    assert legal(state) == {"play KH", "pass"}


def test_ruling_R6_multiples_any_multiple_or_one_card_matching_a_multiple() -> None:
    hands = [["7S", "7H", "4C"], ["7D", "9S", "9H"], ["7C", "3S", "3H"]]
    state = stacked(players=3, hands=hands, rule="multiples", first=0)
    state.apply("play 7S 7H")
    assert singles(state) == {"7D"}
    assert "play 9S 9H" in legal(state)  # a multiple of another value follows a multiple
    state.apply("play 7D")
    assert singles(state) == set()  # a single is not a multiple: no single may follow it
    assert "play 3S 3H" in legal(state)


def test_ruling_R7_after_the_single_that_follows_a_series_comes_a_new_series() -> None:
    hands = [["6H", "7S", "8D", "2C"], ["9C", "KD"], ["10C", "8C", "JH", "QH", "KH"]]
    state = stacked(players=3, hands=hands, rule="series", first=0)
    state.apply("play 6H 7S 8D")
    state.apply("play 9C")
    assert singles(state) == set()
    assert {"play JH QH KH", "play KH QH JH"} <= legal(state)
    with pytest.raises(IllegalActionError):
        state.apply("play 8C 9C 10C")  # 9C is not in this hand
    assert "AS" not in " ".join(legal(state))  # an Ace never counts in a series


def test_ruling_R8_a_joker_carries_one_forbidden_card_and_is_never_played_alone() -> None:
    state = stacked(hands=[["JK", "3H", "KS"], ["5S", "6S"]], rule="high", first=0)
    assert "joker 3H" in legal(state) and "joker KS" not in legal(state)
    assert not any(a.startswith("play JK") for a in legal(state))
    state.apply("joker 3H")
    assert state.rs is not None and texts(state.rs.last) == ["3H"]
    assert texts(state.pile)[-2:] == ["JK", "3H"]
    lone = stacked(hands=[["JK"], ["5S", "6S"]], draw=["2D"], rule="high", first=0)
    assert legal(lone) == {"draw"}  # a joker cannot be the last card on its own
    lone.apply("draw")
    lone.apply("joker 2D")  # ... but it goes out carrying a card
    assert lone.is_terminal and lone.winners == [0]


def test_ruling_R9_four_equal_values_together_on_top_across_plays_earn_a_giveaway() -> None:
    hands = [["7S", "2C", "3C"], ["7H", "2D", "3D"], ["7D", "2H", "3H"], ["7C", "4H", "5H"]]
    state = stacked(players=4, hands=hands, rule="medium", first=0, draw=["4S"])
    state.apply("play 7S")
    state.apply("play 7H")
    state.apply("play 7D")
    state.apply("play 7C")
    assert events(state, "giveaway")[0]["seat"] == 3
    assert state.phase == GIVE and state.current_player == 3
    parted = stacked(
        hands=[["7S", "2C"], ["JK", "7H", "9D"]], rule="abovebelow", first=0, draw=["4S"]
    )
    parted.apply("play 7S higher")
    parted.apply("joker 7H")
    assert parted.top_run() == 1  # the joker lies between the two sevens


def test_ruling_R10_a_series_repeating_the_last_series_values_earns_a_giveaway() -> None:
    hands = [["6H", "7S", "8D", "2C"], ["2D", "KD"], ["8C", "7C", "6C", "JH"]]
    state = stacked(players=3, hands=hands, rule="series", first=0, draw=["3S"])
    state.apply("play 6H 7S 8D")
    state.apply("draw")
    state.apply("pass")  # a draw and a pass do not part the two series
    state.apply("play 8C 7C 6C")  # same values, either order
    assert events(state, "giveaway")[0]["why"] == "a repeated three-card series"


def test_ruling_R11_a_giveaway_is_two_cards_never_the_last_and_play_moves_on() -> None:
    hands = [["7S", "7H", "2C"], ["7D", "7C", "5D", "KD", "9S"], ["2D", "3D", "4D"]]
    state = stacked(players=3, hands=hands, rule="multiples", first=0)
    state.apply("play 7S 7H")
    state.apply("play 7D 7C")
    assert state.phase == GIVE and state.give_left == 2
    assert "give 5D to 1" not in legal(state)  # never to yourself
    state.apply("give 5D to 0")
    state.apply("give KD to 2")
    assert sorted(texts(state.hands[0])) == ["2C", "5D"] and state.current_player == 2
    short = stacked(players=2, hands=[["9S", "9H"], ["9D", "9C", "3H"]], rule="multiples")
    short.apply("play 9S 9H")  # seat 0 (the dealer's left) plays first
    assert short.is_terminal and short.winners == [0]  # going out beats the giveaway


def test_ruling_R11_a_giver_left_with_two_cards_gives_only_one() -> None:
    hands = [["7S", "7H", "2C"], ["7D", "7C", "5D", "KD"], ["2D", "3D", "4D"]]
    state = stacked(players=3, hands=hands, rule="multiples", first=0)
    state.apply("play 7S 7H")
    state.apply("play 7D 7C")
    assert state.give_left == 1
    state.apply("give 5D to 2")
    assert state.phase == TURN and state.current_player == 2


def test_ruling_R11_a_giveaway_may_be_declined_in_whole_or_in_part() -> None:
    hands = [["7S", "7H", "2C"], ["7D", "7C", "5D", "KD", "9S"], ["2D", "3D", "4D"]]
    state = stacked(players=3, hands=hands, rule="multiples", first=0)
    state.apply("play 7S 7H")
    state.apply("play 7D 7C")
    assert state.phase == GIVE and "pass" in legal(state)  # "can give away": a choice
    state.apply("give 5D to 0")
    state.apply("pass")  # keeps KD
    assert sorted(texts(state.hands[1])) == ["9S", "KD"]
    assert state.phase == TURN and state.current_player == 2
    events = [e for e in state.events_since(0, 2) if e["type"] == "give_pass"]
    assert events == [{"type": "give_pass", "seat": 1, "kept": 1}]
    whole = stacked(players=3, hands=hands, rule="multiples", first=0)
    whole.apply("play 7S 7H")
    whole.apply("play 7D 7C")
    whole.apply("pass")  # declines the whole giveaway
    assert len(whole.hands[1]) == 3 and whole.current_player == 2


def test_ruling_R12_the_last_winner_gives_after_the_first_rule_and_games_decide() -> None:
    state = stacked(players=3, games=2, hands=[["KS"], [], []], rule="high", first=0)
    state.apply("play KS")
    assert state.wins == (1, 0, 0) and state.game_no == 2 and state.dealer == 0
    assert state.current_player == 1  # the dealer moved left: seat 1 bids first
    for _ in range(3):
        state.apply("pass")
    state.apply("rule prime")
    assert state.phase == GIVE and state.current_player == 0 and state.give_left == 2
    given = state.legal_actions()[0]
    state.apply(given)
    state.apply(state.legal_actions()[0])
    assert len(state.hands[0]) == 10 and state.current_player == 1
    rng = random.Random(4)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    best = max(state.wins)
    champions = [s for s in range(3) if state.wins[s] == best]
    assert state.winners == champions and sum(state.wins) >= 2


def test_ruling_R13_with_an_empty_draw_pile_a_round_of_passes_ends_the_game() -> None:
    state = stacked(hands=[["2S", "3S"], ["4S"]], draw=[], pile=[], rule="high", first=0)
    assert legal(state) == {"pass"}
    state.apply("pass")
    state.apply("pass")
    assert state.is_terminal and state.winners == [1]
    assert "blocked" in events(state, "game_end")[0]["why"]


def test_ruling_R14_a_game_that_reaches_the_turn_limit_goes_to_the_fewest_cards() -> None:
    game = aerodeck.make("ace_race", players=2, max_turns=20)
    low = ["2S", "2H", "2D", "2C", "3S", "3H", "3D", "3C", "4S", "4H", "4D", "4C"]
    state = game.new_game(
        seed=3, setup={"hands": [["5S", "5H"], ["5D"]], "draw": low, "rule": "high", "first": 0}
    )
    while not state.is_terminal:
        state.apply("draw" if "draw" in legal(state) else "pass")
    assert events(state, "game_end")[0]["why"] == "turn limit reached"
    assert state.winners == [1]


def test_ruling_R14_no_game_runs_forever_even_when_everybody_only_draws() -> None:
    game = aerodeck.make("ace_race", players=6)
    state = game.new_game(seed=8)
    steps = 0
    while not state.is_terminal:
        options = legal(state)
        choice = next((a for a in ("draw", "pass", "bid 0") if a in options), None)
        state.apply(choice or state.legal_actions()[0])
        steps += 1
    assert steps < 2000


def test_ruling_R15_above_below_alternates_ties_fail_and_king_higher_is_a_dead_end() -> None:
    hands = [["9S", "KS", "2C"], ["9H", "10H", "8H", "JK"], ["QD", "3D"]]
    state = stacked(players=3, hands=hands, rule="abovebelow", first=0)
    state.apply("play 9S higher")
    assert singles(state) == {"10H"}  # 9H is neither higher nor lower
    state.apply("joker 8H")  # the carried card is played upon; the alternation goes on
    assert state.rs is not None and state.rs.direction == -1
    assert singles(state) == {"3D"}
    dead = stacked(hands=[["KS", "2C"], ["9H", "QH"]], rule="abovebelow", first=0)
    dead.apply("play KS higher")
    assert singles(dead) == set() and "draw" in legal(dead)


def test_ruling_R15_when_the_rule_maker_draws_the_next_player_starts_above_below() -> None:
    state = stacked(hands=[["AS", "2C"], ["9H", "QH"]], draw=["AH"], rule="high", first=0)
    state.apply("AS abovebelow")
    state.apply("draw")
    state.apply("pass")
    assert {"play 9H higher", "play 9H lower", "play QH higher"} <= legal(state)


def test_ruling_R16_the_ace_of_spades_sets_above_below_and_each_ace_its_own_suits_rules() -> None:
    state = stacked(hands=[["AS", "AH", "AD", "AC", "2S"], ["5S"]], rule="high", first=0)
    aces = {a for a in legal(state) if a[0] == "A"}
    assert aces == {
        "AS abovebelow",
        "AH multiples",
        "AH series",
        "AD high",
        "AD medium",
        "AD low",
        "AC prime",
        *(f"AC suits {s}" for s in "SHDC"),
    }
    assert parse_card("AS") in state.hands[0]
