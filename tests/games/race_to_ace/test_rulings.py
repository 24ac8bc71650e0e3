"""One test per ruling of docs/games/race_to_ace.md (R1..R21), each from a stacked table."""

from __future__ import annotations

import random

import pytest

import aerodeck
from aerodeck.core.errors import ConfigError, IllegalActionError
from aerodeck.games.race_to_ace import cards as c
from aerodeck.games.race_to_ace.state import NONE, Stack
from tests.games.race_to_ace.helpers import legal, play, skip_turn, table, take_from_deck


def test_ruling_R1_dogfight_answers_alternate_without_draws() -> None:
    s = table("visual guns maneuver", "maneuver maneuver", "", deck="jammit")
    play(s, "visual 1")
    deck = len(s.deck)
    assert s.phase == "dogfight" and s.current_player == 1
    assert legal(s) == {"pass", "maneuver V0>1"}  # only answers to the last move
    play(s, "maneuver V0>1")
    assert s.current_player == 0 and "maneuver V0>1" in legal(s)
    play(s, "maneuver V0>1")  # both MANEUVERs discarded, the VISUAL is back on seat 1
    assert s.acqs == ((c.VISUAL, 1, 0, NONE, NONE),) and s.current_player == 1
    play(s, "maneuver V0>1")
    assert s.current_player == 0 and legal(s) == {"pass"}
    assert len(s.deck) == deck  # nobody drew during the dogfight
    play(s, "pass")  # seat 0 cannot answer: seat 1 may fire on the outmaneuvered VISUAL
    assert s.phase == "fire" and s.current_player == 1 and legal(s) == {"pass"}
    play(s, "pass")
    assert [sum(h) for h in s.hands] == [7, 8, 7]  # both refilled; seat 1 drew for the turn


def test_ruling_R2_an_empty_deck_takes_in_the_shuffled_discard_pile() -> None:
    s = table("", "", "")
    s.discards, s.deck = s.discards + s.deck, ()
    skip_turn(s)
    assert s.turn == 1 and sum(s.hands[1]) == 8
    assert len(s.deck) + sum(map(sum, s.hands)) == 90 and s.discards == ()
    assert any(e["type"] == "reshuffle" for e in s.events_since(0, None))
    empty = s.clone()
    assert isinstance(empty, type(s))
    empty.deck, empty.discards = (), ()
    assert empty._draw(0) == NONE  # nothing anywhere: the draw is skipped


def test_ruling_R3_an_outmaneuvered_visual_threatens_the_attacker() -> None:
    s = table("visual guns", "maneuver", "visual guns")
    play(s, "visual 1", "maneuver V0>1", "pass", "pass")
    view = s.view(2)
    assert view["acquisitions"][0]["threatens"] == 0
    assert view["acquisitions"][0]["cover"] == "maneuver"
    skip_turn(s)  # seat 1's turn
    # It keeps its place against seat 1's one-VISUAL limit, so it can always slide back.
    assert "visual 1" not in legal(s) and "visual 0" in legal(s)


def test_ruling_R4_one_acquisition_of_each_kind_and_a_new_radar_on_a_jammit() -> None:
    s = table("visual radar", "jammit", "visual radar", deck="relight relight radar")
    play(s, "radar 1", "jammit R0>1", "pass")  # seat 0 cannot answer the JAMMIT!: no fire
    assert s.turn == 1
    skip_turn(s)
    assert "radar 1" in legal(s) and "visual 1" in legal(s)
    play(s, "radar 1")  # a new RADAR on the JAMMIT!: the old RADAR and JAMMIT! are discarded
    assert s.acqs == ((c.RADAR, 1, 2, NONE, NONE),) and s.df == (2, 1, c.RADAR)
    assert s.discards[-2:] == (c.RADAR, c.JAMMIT)


def test_ruling_R5_only_the_maneuvering_pilot_fires_on_an_outmaneuvered_visual() -> None:
    s = table("visual", "maneuver guns guns", "guns", deck="relight relight relight")
    play(s, "visual 1", "maneuver V0>1", "pass")
    assert s.phase == "fire" and legal(s) == {"pass", "guns 0"}
    play(s, "pass")  # holds fire now; may still fire in a later turn
    assert "guns 0" in legal(s)
    skip_turn(s)
    assert "guns 0" not in legal(s)  # seat 2 holds GUNS but the VISUAL is not theirs to use
    skip_turn(s)
    skip_turn(s)  # seat 0 does not counter
    play(s, "guns 0")
    assert s.kills == (0, 1, 0) and s.downed[0] and s.acqs == ()


def test_ruling_R6_visual_and_malfunction_counter_a_maneuver() -> None:
    s = table("visual visual malfunction flameout", "maneuver", "")
    play(s, "visual 1", "maneuver V0>1")
    assert {"visual 1", "malfunction V0>1", "flameout V0>1"} <= legal(s)
    play(s, "visual 1")  # a new VISUAL: the old one and the MANEUVER are discarded
    assert s.acqs == ((c.VISUAL, 1, 0, NONE, NONE),) and s.current_player == 1
    off = table("visual visual", "maneuver", "", visual_counters_maneuver=False)
    play(off, "visual 1", "maneuver V0>1")
    assert legal(off) == {"pass"}


def test_ruling_R7_the_attacker_fires_only_on_the_contested_acquisition() -> None:
    s = table("visual missile guns", "", "radar", first=2)
    play(s, "radar 1", "pass", "pass")  # seat 2 breaks off; seat 0's turn
    assert "missile 1" in legal(s)  # outside a dogfight any standing RADAR may be used
    play(s, "visual 1", "pass")
    assert s.phase == "fire" and legal(s) == {"pass", "guns 1"}  # not the other pilot's RADAR
    play(s, "pass")  # breaks off: the VISUAL stays for anyone
    assert (c.VISUAL, 1, 0, NONE, NONE) in s.acqs and s.turn == 1


def test_ruling_R8_any_pilot_fires_on_a_standing_acquisition_without_a_dogfight() -> None:
    s = table("", "maneuver malfunction", "visual", "guns", first=2)
    play(s, "visual 1", "pass", "pass")
    assert s.turn == 3 and "guns 1" in legal(s)
    play(s, "guns 1")  # the target gets no answer: the kill is immediate
    assert s.kills == (0, 0, 0, 1) and s.df is None and s.turn == 0


def test_ruling_R9_an_offensive_jammit_jams_another_pilots_radar_and_eccm_needs_no_dogfight() -> (
    None
):
    s = table("jammit jammit", "", "radar", first=2)
    play(s, "radar 1", "pass", "pass")
    assert "jammit R2>1" in legal(s)
    play(s, "jammit R2>1")
    assert s.acqs == ((c.RADAR, 1, 2, c.JAMMIT, 0),) and s.df is None and s.turn == 1
    skip_turn(s, 2)
    assert "jammit R2>1" in legal(s)  # ECCM on any suppressed RADAR
    play(s, "jammit R2>1")
    assert s.acqs == ((c.RADAR, 1, 2, NONE, NONE),) and s.df is None and s.turn == 1


def test_ruling_R10_flameout_breaks_an_acquisition_and_grounds_its_placer() -> None:
    s = table("visual flameout malfunction maneuver", "flameout", "visual", deck="radar")
    play(s, "visual 1", "flameout V0>1", "pass")
    assert s.flamed(0) and s.flames == ((0, 1),) and s.acqs == ()
    skip_turn(s)  # seat 1
    play(s, "visual 0")  # seat 2 acquires the flamed-out seat 0
    assert "maneuver V2>0" not in legal(s) and "malfunction V2>0" in legal(s)
    play(s, "malfunction V2>0", "pass")
    moves = legal(s)
    assert not any(m.split()[0] in ("visual", "radar", "guns", "missile") for m in moves)
    assert "relight" in moves and "flameout 2" in moves  # a FLAMEOUT may still go out
    play(s, "relight")
    assert not s.flamed(0)


def test_ruling_R11_a_shoot_down_discards_every_card_on_or_from_the_downed_pilot() -> None:
    s = table("guns", "", "", "")
    take_from_deck(s, c.VISUAL, c.RADAR, c.JAMMIT, c.RADAR, c.FLAMEOUT, c.FLAMEOUT, c.HOT_STICK)
    s.acqs = (Stack(c.VISUAL, 1, 2), Stack(c.RADAR, 2, 0, c.JAMMIT, 1), Stack(c.RADAR, 3, 1))
    s.flames = ((3, 1), (2, 0))
    s.hot_stick = 1
    s.check_invariants()
    play(s, "guns 1")
    assert s.acqs == ((c.RADAR, 2, 0, NONE, NONE),)  # seat 1's JAMMIT! goes, the RADAR stays
    assert s.flames == ((2, 0),) and s.hot_stick == 1
    lost = table("guns", "", "", "", specials_lost=True)
    take_from_deck(lost, c.VISUAL, c.HOT_STICK)
    lost.acqs = (Stack(c.VISUAL, 1, 2),)
    lost.hot_stick = 1
    play(lost, "guns 1")
    assert lost.hot_stick == NONE and lost.discards[-1] == c.HOT_STICK


def test_ruling_R12_answering_is_optional_unless_must_answer() -> None:
    s = table("visual", "maneuver", "")
    play(s, "visual 1")
    assert legal(s) == {"pass", "maneuver V0>1"}
    strict = table("visual", "maneuver", "", must_answer=True)
    play(strict, "visual 1")
    assert legal(strict) == {"maneuver V0>1"}
    with pytest.raises(IllegalActionError, match="must answer"):
        strict.apply("pass")


def test_ruling_R13_a_downed_pilot_cannot_be_attacked_before_the_lost_turn() -> None:
    s = table("visual guns visual", "visual flameout radar", "", deck="radar radar radar")
    play(s, "visual 2", "pass", "guns 2")
    assert s.downed[2] and s.turn == 1  # seat 1 plays before seat 2's lost turn
    moves = legal(s)
    assert not {"visual 2", "radar 2", "flameout 2"} & moves and "visual 0" in moves
    skip_turn(s)
    assert s.phase == "lost turn" and all(m.startswith("discard") for m in legal(s))
    skip_turn(s)
    assert s.turn == 0 and not s.downed[2] and "visual 2" in legal(s)


def test_ruling_R14_held_specials_are_revealed_as_answers_and_cancel_the_card() -> None:
    s = table("visual goldenbird", "malfunction maneuver malfunction", "")
    play(s, "visual 1", "malfunction V0>1")
    assert "goldenbird" in legal(s)
    play(s, "goldenbird")
    assert s.golden_bird == 0 and s.acqs == ((c.VISUAL, 1, 0, NONE, NONE),)
    assert s.current_player == 1 and legal(s) == {"pass", "maneuver V0>1"}  # now immune
    # Outside a dogfight: an offensive FLAMEOUT on a pilot who holds the GOLDEN BIRD.
    f = table("flameout", "goldenbird", "")
    play(f, "flameout 1")
    assert f.phase == "react" and legal(f) == {"pass", "goldenbird"}
    play(f, "goldenbird")
    assert not f.flamed(1) and f.golden_bird == 1 and f.discards[-1] == c.FLAMEOUT
    # A pilot without it is asked all the same while its place is unknown: no leak.
    g = table("flameout", "", "")
    play(g, "flameout 1")
    assert g.phase == "react" and legal(g) == {"pass"}
    # HOT STICK held against a MANEUVER played in the defender's own turn.
    h = table("visual hotstick", "maneuver", "")
    play(h, "visual 1", "pass", "pass", "maneuver V0>1")
    assert h.phase == "react" and legal(h) == {"pass", "hotstick V0>1"}
    play(h, "hotstick V0>1")
    assert h.hot_stick == 0 and h.acqs == ((c.VISUAL, 1, 0, NONE, NONE),)


def test_ruling_R15_a_successful_acquisition_stands_when_the_defender_passes() -> None:
    s = table("visual radar", "malfunction", "", deck="relight relight relight radar")
    play(s, "visual 1", "pass", "pass")
    assert s.acquired == (1, 0, 0)
    skip_turn(s, 2)
    play(s, "radar 1", "malfunction R0>1", "pass")
    assert s.acquired == (1, 0, 0)


def test_ruling_R16_acquisition_tokens_belong_to_their_placer() -> None:
    s = table("visual guns", "", "visual guns", acquisition_tokens=True)
    play(s, "visual 1", "pass", "pass")
    skip_turn(s)
    assert "visual 1" in legal(s)  # several VISUALs on one pilot, one per placer
    skip_turn(s)  # seat 2 passes up the chance; seat 0 fires on its own VISUAL
    assert "guns 1" in legal(s)
    s2 = table("visual", "", "guns", acquisition_tokens=True)
    play(s2, "visual 1", "pass", "pass")
    skip_turn(s2)
    assert s2.turn == 2 and "guns 1" not in legal(s2)  # not seat 2's acquisition


def test_ruling_R17_wingmen_lend_attack_and_defence_cards_but_not_specials() -> None:
    assert aerodeck.make("race_to_ace", players=2).options["wingmen"] is True
    with pytest.raises(ConfigError, match="wingmen"):
        aerodeck.make("race_to_ace", players=2, wingmen=False)
    with pytest.raises(ConfigError, match="wingmen"):
        aerodeck.make("race_to_ace", players=3, wingmen=True)
    game = aerodeck.make("race_to_ace", players=2, wingmen=True)
    setup = {
        "deck": ["relight"],
        "hands": [["relight"] * 7, ["radar"] * 7],
        "wings": [
            ["visual", "guns", "hotstick", "relight", "relight", "missile", "missile"],
            ["maneuver"] + ["radar"] * 6,
        ],
    }
    s = game.new_game(seed=3, setup=setup)
    moves = {str(a) for a in s.legal_actions()}
    assert "visual 1" in moves and "hotstick" not in moves and "discard hotstick" in moves
    s.apply("visual 1")
    assert "maneuver V0>1" in {str(a) for a in s.legal_actions()}  # the wingman's MANEUVER
    s.apply("pass")
    s.apply("guns 1")
    assert s.kills == (1, 0)  # type: ignore[attr-defined]
    assert s.phase == "trim" and s.current_player == 0  # type: ignore[attr-defined]
    s.apply("discard relight")  # both cards came from the wingman: back down to seven
    assert [sum(h) for h in s.hands] == [7, 8]  # type: ignore[attr-defined]


def test_ruling_R18_weapon_counters_defeat_a_missile_or_guns() -> None:
    s = table("radar missile", "jammit malfunction", "", weapon_counters=True)
    play(s, "radar 1", "pass", "missile 1")
    assert s.phase == "weapon" and legal(s) == {"pass", "jammit", "malfunction"}
    play(s, "jammit")
    assert s.kills == (0, 0, 0) and s.acqs == ((c.RADAR, 1, 0, NONE, NONE),)
    g = table("visual guns", "jammit malfunction", "", weapon_counters=True)
    play(g, "visual 1", "pass", "guns 1")
    assert legal(g) == {"pass", "malfunction"}
    play(g, "pass")
    assert g.kills == (1, 0, 0)


def test_ruling_R19_a_match_scores_five_a_kill_and_two_a_successful_acquisition() -> None:
    from aerodeck.games.race_to_ace.bot import HeuristicBot
    from aerodeck.sim.match import play as play_match

    game = aerodeck.make("race_to_ace", players=3, games=2, kills_to_win=2)
    state = play_match(game.new_game(seed=4), [HeuristicBot(game, s) for s in range(3)])
    ends = [e for e in state.events_since(0, None) if e["type"] == "game_end"]
    assert len(ends) == 2
    totals = [sum(e["points"][s] for e in ends) for s in range(3)]
    for e in ends:
        assert e["points"] == [
            5 * k + 2 * a for k, a in zip(e["kills"], e["acquisitions"], strict=True)
        ]
    best = max(totals)
    assert state.winners == [s for s in range(3) if totals[s] == best]


def test_ruling_R20_a_game_ends_at_the_turn_limit_with_most_kills_winning() -> None:
    game = aerodeck.make("race_to_ace", players=3, max_turns=10)
    state = game.new_game(seed=5)
    rng = random.Random(5)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert state.turn_no == 11  # type: ignore[attr-defined]
    kills = state.kills  # type: ignore[attr-defined]
    assert state.winners == [s for s in range(3) if kills[s] == max(kills)]


def test_ruling_R21_kills_are_scored_when_the_token_supply_is_empty() -> None:
    s = table("visual guns", "", "", "", "", deck="relight")
    s.kills = (4, 4, 4, 4, 4)  # the 20 kill tokens are all out
    play(s, "visual 1", "pass", "guns 1")
    assert s.is_terminal and s.winners == [0] and s.kills[0] == 5
