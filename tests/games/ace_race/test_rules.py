"""Table-driven tests of the nine rules, the deal, the notation and the configuration."""

from __future__ import annotations

import random

import pytest
from rich.text import Text

import aerodeck
from aerodeck.core.errors import ConfigError, NotationError
from aerodeck.games.ace_race import actions
from aerodeck.games.ace_race.cards import VALUE, parse_card
from aerodeck.games.ace_race.legal import (
    DIRECTED_PAIRS,
    MULTIPLE,
    ON_JOKER,
    RUN,
    SINGLE,
    RuleState,
    _single_allowed,
    ace_plays,
    has_joker,
    joker_plays,
    need_text,
    numerals_of,
    rule_plays,
    single_allowed,
    table,
)
from tests.games.ace_race.support import stacked


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


# (rule state, card, may it be played alone?)
SINGLE_TABLE = [
    (RuleState("high"), "10S", True),
    (RuleState("high"), "KD", True),
    (RuleState("high"), "9S", False),
    (RuleState("medium"), "6H", True),
    (RuleState("medium"), "9C", True),
    (RuleState("medium"), "5C", False),
    (RuleState("medium"), "10C", False),
    (RuleState("low"), "2H", True),
    (RuleState("low"), "5D", True),
    (RuleState("low"), "6D", False),
    (RuleState("prime"), "2S", True),
    (RuleState("prime"), "JH", True),
    (RuleState("prime"), "KC", True),
    (RuleState("prime"), "9C", False),
    (RuleState("prime"), "QC", False),
    (RuleState("suits", "H"), "4H", True),
    (RuleState("suits", "H"), "4D", False),
    (RuleState("multiples"), "7H", False),
    (RuleState("multiples", "", cards("7S 7C"), MULTIPLE), "7H", True),
    (RuleState("multiples", "", cards("7S 7C"), MULTIPLE), "8H", False),
    (RuleState("multiples", "", cards("7S"), SINGLE), "7H", False),
    (RuleState("series"), "7H", False),
    (RuleState("series", "", cards("6H 7S 8D"), RUN), "9H", True),
    (RuleState("series", "", cards("6H 7S 8D"), RUN), "7H", True),
    (RuleState("series", "", cards("6H 7S 8D"), RUN), "5H", False),
    (RuleState("series", "", cards("8D 7S 6H"), RUN), "5H", True),
    (RuleState("series", "", cards("8D 7S 6H"), RUN), "9H", False),
    (RuleState("series", "", cards("9C"), ON_JOKER), "10H", False),
    (RuleState("abovebelow"), "2H", True),
    (RuleState("abovebelow", "", cards("9S"), SINGLE, 1), "10H", True),
    (RuleState("abovebelow", "", cards("9S"), SINGLE, 1), "9H", False),
    (RuleState("abovebelow", "", cards("9S"), SINGLE, -1), "8H", True),
    (RuleState("abovebelow", "", cards("9S"), SINGLE, -1), "10H", False),
]


@pytest.mark.parametrize(("rs", "card", "allowed"), SINGLE_TABLE)
def test_single_cards_under_each_rule(rs: RuleState, card: str, allowed: bool) -> None:
    assert single_allowed(rs, parse_card(card)) is allowed
    assert need_text(rs)


def test_the_card_tables_agree_with_the_rule_in_every_state_reached() -> None:
    """Tables are shared between rule states that the rule reads alike: check every sharing."""
    game = aerodeck.make("ace_race", players=3)
    rng = random.Random(9)
    for seed in range(30):
        state = game.new_game(seed=seed)
        while not state.is_terminal:
            rs = state.rs
            if rs is not None:
                t = table(rs)
                assert t.allowed == tuple(_single_allowed(rs, c) for c in range(54))
                assert t.directed == (rs.rule == "abovebelow" and rs.direction == 0)
            if state.phase == "turn":
                assert rs is not None
                hand = state.hands[state.current_player]
                numerals = numerals_of(hand)
                if t.directed:
                    plays = [a for c in numerals for a in DIRECTED_PAIRS[c]]
                else:
                    plays = rule_plays(rs, numerals)
                    plays += joker_plays(rs, numerals) if has_joker(hand) else []
                plays += ace_plays(hand)
                assert state.legal_actions()[:-1] == plays
            state.apply_unchecked(rng.choice(state.legal_actions()))


def test_multiples_and_series_are_listed_from_the_hand() -> None:
    hand = list(cards("7S 7H 7D 8C 9C 5S"))
    listed = {str(a) for a in rule_plays(RuleState("multiples"), hand)}
    assert listed == {"play 7S 7H", "play 7S 7D", "play 7H 7D", "play 7S 7H 7D"}
    runs = {str(a) for a in rule_plays(RuleState("series"), hand)}
    assert runs == {f"play {a} 8C 9C" for a in ("7S", "7H", "7D")} | {
        f"play 9C 8C {a}" for a in ("7S", "7H", "7D")
    }


@pytest.mark.parametrize(("players", "size"), [(2, 12), (3, 12), (4, 12), (6, 8)])
def test_deal_sizes_and_the_54_card_deck(players: int, size: int) -> None:
    state = aerodeck.make("ace_race", players=players).new_game(seed=2)
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.draw) == 54 - size * players
    assert state.legal_actions()[-1] == actions.PASS and len(state.legal_actions()) == 8
    state.check_invariants()


def test_five_players_are_refused_with_a_clear_error() -> None:
    with pytest.raises(ConfigError, match="2, 3, 4, 6 players, not 5"):
        aerodeck.make("ace_race", players=5)


def test_aces_and_jokers_have_no_value() -> None:
    assert [VALUE[parse_card(t)] for t in ("AS", "JK", "JH", "QD", "KC", "10S")] == [
        0,
        0,
        11,
        12,
        13,
        10,
    ]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("play 7h 7s", "play 7S 7H"),
        ("7H", "play 7H"),
        ("play 8d 7s 6h", "play 8D 7S 6H"),
        ("9c up", "play 9C higher"),
        ("play JK 7H", "joker 7H"),
        ("ace AC suits d", "AC suits D"),
        ("ah sequence", "AH series"),
        ("rule above", "rule abovebelow"),
        ("give jk 2", "give JK to 2"),
        ("P", "pass"),
        ("bid 6", "bid 6"),
    ],
)
def test_notation_reads_aliases_and_writes_one_canonical_form(text: str, canonical: str) -> None:
    action = actions.parse(text)
    assert str(action) == canonical
    assert actions.parse(canonical) is action
    assert actions.ALL_ACTIONS[actions.action_index(action)] is action


@pytest.mark.parametrize(
    "text",
    ["play 7H 8H", "play 6H 8H 7H", "AS high", "play AS", "play JK", "bid 7", "give 7H to 9", ""],
)
def test_malformed_moves_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        actions.parse(text)


def test_the_action_encoding_is_fixed_and_complete() -> None:
    game = aerodeck.make("ace_race", players=4)
    assert game.num_distinct_actions == len(set(actions.ALL_ACTIONS)) == 1953
    for index in range(game.num_distinct_actions):
        action = game.action_from_index(index)
        assert game.action_index(action) == index
        assert actions.parse(str(action)) is action


@pytest.mark.parametrize(
    "setup",
    [
        {"hands": [["7H"], ["7H"]]},
        {"hands": [["7H"]]},
        {"hands": [["JK"], ["JK"], ["JK"]]},
        {"rule": "suits"},
        {"first": 5},
        {"wins": [1]},
        {"colour": "red"},
        {"hands": [["ZZ"], []]},
        {
            "hands": [[], []],
            "draw": [f"{r}{s}" for r in [*"23456789", "10", "J", "Q"] for s in "SHDC"],
        },
    ],
)
def test_bad_setups_are_config_errors(setup: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        aerodeck.make("ace_race", players=2).new_game(seed=1, setup=setup)


def test_why_illegal_names_the_rule() -> None:
    state = stacked(hands=[["9S", "KS"], ["5S", "6S"]], rule="high", first=0)
    with pytest.raises(Exception, match="under High a play is one card from 10 to 13"):
        state.apply("play 9S")
    with pytest.raises(Exception, match="you do not hold 2C"):
        state.apply("play 2C")
    with pytest.raises(Exception, match="draw a card"):
        state.apply("pass")


def test_the_view_shows_rule_parameter_what_to_match_and_hand_sizes() -> None:
    state = stacked(players=3, hands=[["9S", "KS"], ["5S", "6S"], ["2C"]], rule="suits H")
    view = state.view(0)
    text = Text.from_markup(state.game.render_view(view)).plain
    assert "Suits (♥)" in text and "one ♥ card" in text
    assert "seat 1: 2 cards" in text and "seat 2: 1 card" in text
    for event in state.events_since(0, 0):
        assert state.game.describe_event(event)


def test_every_illegal_action_gets_a_one_line_reason() -> None:
    import random

    game = aerodeck.make("ace_race", players=3)
    rng = random.Random(5)
    state = game.new_game(seed=5)
    checked = 0
    while not state.is_terminal and checked < 40:
        legal_now = set(state.legal_actions())
        for action in actions.ALL_ACTIONS[::7]:
            if action not in legal_now:
                reason = state.why_illegal(action)
                assert reason and "\n" not in reason
        checked += 1
        state.apply(rng.choice(state.legal_actions()))


def test_a_drawn_card_the_rule_forbids_is_explained_by_the_rule() -> None:
    state = stacked(hands=[["2S", "KS"], ["5S", "6S"]], draw=["3H"], rule="high", first=0)
    state.apply("draw")
    assert "under High" in state.why_illegal(actions.parse("play 3H"))
    assert "only play the card you drew" in state.why_illegal(actions.parse("play KS"))


def test_a_determinization_keeps_the_cards_the_seat_gave_away_in_the_receivers_hand() -> None:
    import random

    hands = [["7S", "7H", "2C", "9D"], ["7D", "7C", "5D", "KD", "9S"], ["2D", "3D", "4D"]]
    state = stacked(players=3, hands=hands, rule="multiples", first=0)
    state.apply("play 7S 7H")
    state.apply("play 7D 7C")
    state.apply("give 5D to 2")
    state.apply("give KD to 2")
    rng = random.Random(1)
    for _ in range(20):
        world = state.determinize(1, rng)
        assert {parse_card("5D"), parse_card("KD")} <= set(world.hands[2])
        world.check_invariants()
    others = {tuple(sorted(state.determinize(0, rng).hands[2])) for _ in range(20)}
    assert len(others) > 1  # seat 0 saw nothing of the gift: seat 2's hand is redrawn


def test_a_whole_match_is_one_record_that_replays() -> None:
    import json
    import random

    game = aerodeck.make("ace_race", players=3, games=3)
    state = game.new_game(seed=21)
    rng = random.Random(21)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state.record()))
    assert record["options"]["games"] == 3
    again = aerodeck.replay(record)
    assert again.returns() == state.returns() and again.view(None) == state.view(None)
    assert [e["game"] for e in again.events_since(0, None) if e["type"] == "deal"] == [1, 2, 3]
