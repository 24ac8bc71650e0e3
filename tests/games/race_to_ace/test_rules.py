"""Rule-by-rule tests from stacked tables: legality, effects, errors, notation and rendering."""

from __future__ import annotations

import random

import pytest

import aerodeck
from aerodeck.core.errors import ConfigError, IllegalActionError, NotationError
from aerodeck.games.race_to_ace import cards as c
from aerodeck.games.race_to_ace.state import NONE
from tests.games.race_to_ace.helpers import legal, play, skip_turn, stacked, table


@pytest.mark.parametrize(
    ("hands", "moves", "illegal", "reason"),
    [
        (("guns", "", ""), [], "guns 1", "GUNS needs an active VISUAL"),
        (("missile radar", "jammit", ""), ["radar 1", "jammit R0>1", "pass"], "", ""),
        (("relight", "", ""), [], "relight", "RELIGHT cancels a FLAMEOUT in front of you"),
        (("visual", "", ""), [], "visual 0", "cannot play that card on yourself"),
        (("maneuver", "", ""), [], "maneuver V1>0", "MANEUVER is played on a VISUAL"),
        (("radar", "", ""), [], "pass", "must play or discard one card"),
        (("", "", ""), [], "guns 1", "you do not hold a GUNS card"),
        (("visual", "", ""), [], "visual 4", "no pilot 4"),
        (("malfunction", "", ""), [], "malfunction", "is not a legal play now"),
    ],
)
def test_illegal_moves_name_the_rule(
    hands: tuple[str, ...], moves: list[str], illegal: str, reason: str
) -> None:
    s = table(*hands)
    play(s, *moves)
    if not illegal:
        # After a JAMMIT!, the RADAR threatens nobody: no MISSILE (checked next turn round).
        skip_turn(s, 2)
        assert "missile 1" not in legal(s)
        with pytest.raises(IllegalActionError, match="unsuppressed RADAR"):
            s.apply("missile 1")
        return
    with pytest.raises(IllegalActionError, match=reason):
        s.apply(illegal)


def test_golden_bird_displayed_stops_malfunction_and_flameout() -> None:
    s = table("goldenbird visual", "malfunction flameout jammit maneuver", "flameout")
    play(s, "goldenbird", "flameout 2")  # seat 1 flames out seat 2: nothing to reveal
    assert "flameout 0" not in legal(s) and "flameout 1" in legal(s)
    skip_turn(s)
    play(s, "visual 1")
    assert legal(s) == {"pass", "maneuver V0>1"}


def test_hot_stick_displayed_cannot_be_outmaneuvered() -> None:
    s = table("hotstick visual", "maneuver malfunction", "")
    play(s, "hotstick")
    skip_turn(s, 2)
    play(s, "visual 1")
    assert legal(s) == {"pass", "malfunction V0>1"}


def test_flameout_counters_a_maneuver_and_grounds_the_maneuvering_pilot() -> None:
    s = table("visual flameout", "maneuver maneuver malfunction", "")
    play(s, "visual 1", "maneuver V0>1", "flameout V0>1")
    assert s.flames == ((1, 0),) and s.acqs == ((c.VISUAL, 1, 0, NONE, NONE),)
    assert s.current_player == 1
    assert legal(s) == {"pass", "malfunction V0>1"}  # flamed out: no MANEUVER now


def test_in_a_dogfight_a_jammit_is_answered_by_radar_eccm_or_malfunction() -> None:
    s = table("radar radar jammit malfunction", "jammit jammit goldenbird", "")
    play(s, "radar 1", "jammit R0>1")
    assert legal(s) == {"pass", "radar 1", "jammit R0>1", "malfunction R0>1"}
    play(s, "malfunction R0>1")
    assert s.acqs == ((c.RADAR, 1, 0, NONE, NONE),)
    assert "goldenbird" in legal(s)  # the MALFUNCTION was played against seat 1's JAMMIT!
    play(s, "goldenbird")
    assert s.acqs == ((c.RADAR, 1, 0, c.JAMMIT, 1),) and s.golden_bird == 1
    assert legal(s) == {"pass", "radar 1", "jammit R0>1"}  # no MALFUNCTION on the GOLDEN BIRD
    play(s, "radar 1")
    assert s.acqs == ((c.RADAR, 1, 0, NONE, NONE),) and s.current_player == 1


def test_a_pilot_without_a_possible_answer_is_not_asked() -> None:
    s = table("visual guns", "malfunction", "goldenbird", first=2)
    play(s, "goldenbird", "visual 1", "malfunction V0>1")
    # The GOLDEN BIRD is on display elsewhere: nothing can answer a broken VISUAL.
    assert s.phase == "turn" and s.turn == 1 and s.df is None


def test_the_turn_draws_then_refills_everyone_to_seven() -> None:
    s = table("visual guns", "", "", deck="relight")
    assert sum(s.hands[0]) == 8
    play(s, "visual 1", "pass", "guns 1")
    assert [sum(h) for h in s.hands] == [7, 8, 7]  # seat 1 is down and has drawn


@pytest.mark.parametrize("deck_left", [0, 2, 3, 30])
def test_a_refill_draws_what_one_draw_at_a_time_would(deck_left: int) -> None:
    """The refill takes the deck's top in one slice when it can; across a reshuffle it draws
    card by card. Either way: the same cards, order, events and randomness as single draws."""
    game = aerodeck.make("race_to_ace", players=3)
    s = game.new_game(seed=11)
    taken = tuple(k for k in c.KINDS for _ in range(s.hands[1][k]))[:3]
    for kind in taken:
        s._take(1, kind)
    s.discards += taken + s.deck[deck_left:]
    s.deck = s.deck[:deck_left]
    s.check_invariants()
    one_by_one = s.clone()
    drawn = [one_by_one._draw(1) for _ in range(3)]
    before = s.event_count
    s._refill(1)
    s.check_invariants()
    assert (s.hands, s.deck, s.discards, s.rng_seed) == (
        one_by_one.hands,
        one_by_one.deck,
        one_by_one.discards,
        one_by_one.rng_seed,
    )
    events = s.events_since(before, 1)
    assert [e["type"] for e in events] == ["reshuffle", "refill"] if deck_left < 3 else ["refill"]
    assert events[-1]["cards"] == [c.WORDS[k] for k in drawn]


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"colour": 1}, "unknown setup key"),
        ({"hands": [["visual"] * 7] * 2}, "one list of cards per seat"),
        ({"hands": [["visual"] * 6, [], []]}, "each seat gets 7"),
        ({"hands": [["laser"] * 7, [], []]}, "not a Race to Ace card"),
        ({"deck": ["hotstick", "hotstick"]}, "HOT STICK"),
        ({"first": 3}, "setup first"),
        ({"kills": [5, 0, 0]}, "setup kills"),
        ({"wings": [[], [], []]}, "wingmen"),
        ({"deck": "guns"}, "setup deck"),
    ],
)
def test_bad_setups_are_refused_with_one_line(setup: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        stacked(setup, players=3)


def test_notation_round_trips_and_short_forms_resolve() -> None:
    game = aerodeck.make("race_to_ace", players=3)
    s = table("visual", "maneuver", "")
    play(s, "v 1")
    assert str(game.parse_action(s, "maneuver")) == "maneuver V0>1"
    assert str(game.parse_action(s, "MAN v0>1")) == "maneuver V0>1"
    assert str(game.parse_action(s, "p")) == "pass"
    for text in ("fly 2", "guns 9", "maneuver X1>2", "discard"):
        with pytest.raises(NotationError):
            game.parse_action(s, text)
    with pytest.raises(NotationError, match="there is no pilot 9 at this table"):
        game.parse_action(s, "guns 9")  # well written, but no such pilot: said so
    for index in range(game.num_distinct_actions):
        move = game.action_from_index(index)
        assert game.action_index(move) == index
        assert game.parse_action(s, str(move)) == move or len(str(move).split()) == 1


def test_an_ambiguous_card_word_asks_which() -> None:
    s = table("visual", "", "")
    game = s.game
    with pytest.raises(NotationError, match="ambiguous"):
        game.parse_action(s, "visual")


def test_every_event_has_a_line_and_views_render() -> None:
    game = aerodeck.make("race_to_ace", players=4, weapon_counters=True)
    state = game.new_game(seed=21)
    rng = random.Random(21)
    texts = []
    while not state.is_terminal:
        texts.append(game.render_view(state.view(state.current_player)))
        state.apply(rng.choice(state.legal_actions()))
    lines = [game.describe_event(e) for e in state.events_since(0, 0)]
    assert all(not line.startswith("{") for line in lines)
    assert any("DOGFIGHT" in t for t in texts) and any("Your move" in t for t in texts)
    assert "Game over" in game.render_view(state.view(None))


def test_the_view_shows_who_attacks_whom_and_whose_answer_is_awaited() -> None:
    s = table("visual", "maneuver", "")
    play(s, "visual 1", "maneuver V0>1")
    text = s.game.render_view(s.view(2))
    assert "DOGFIGHT" in text and "seat 0 attacks seat 1" in text
    assert "outmaneuvered" in text and "waiting for seat 0" in text
    assert "your hand" in text and "maneuver" not in s.view(2)["hand"]


def test_the_re_engaging_visual_is_listed_once() -> None:
    """Regression: with visual_counters_maneuver, an outmaneuvered pilot's re-engaging VISUAL was
    listed twice (by the turn's per-target VISUALs and by the MANEUVER counters)."""
    import random

    import aerodeck

    game = aerodeck.make("race_to_ace", players=2)
    state = game.new_game(seed=2)
    rng = random.Random(2)
    while state.move_number < 100 and not state.is_terminal:
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal), legal
        state.apply(rng.choice(legal))
    assert state.move_number == 100
