"""What each seat may know: secret choices, hands and missile hands never leak; every refused
move gets a one-line reason; the terminal text shows both aircraft and the cycle."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import aerodeck
from aerodeck.core.userdata import read_toml
from aerodeck.games.down_in_flames.actions import Pairs
from aerodeck.games.down_in_flames.game import DownInFlames
from aerodeck.games.down_in_flames.rules import DifState
from tests.games.down_in_flames.helpers import fight, play
from tests.games.down_in_flames.test_data import SHIPPED_TEXT


def _new(seed: int = 8) -> DifState:
    state = aerodeck.make("down_in_flames").new_game(seed=seed)
    assert isinstance(state, DifState)
    return state


def test_a_secret_aircraft_choice_is_hidden_until_both_have_chosen() -> None:
    state = _new()
    state.apply("fly kfir-c2")
    text = json.dumps([state.view(1), state.view(None), state.events_since(0, 1)])
    assert "Kfir" not in text
    assert state.view(0)["aircraft"][0]["aircraft"] == "Kfir C2"
    assert state.view(1)["aircraft"][0]["chosen"] is True
    world = state.determinize(1, random.Random(3))
    assert world.view(1) == state.view(1)
    state.apply("fly dagger-a")
    assert state.view(1)["aircraft"][0]["aircraft"] == "Kfir C2"


def test_a_secret_altitude_is_hidden_until_both_have_chosen() -> None:
    state = _new()
    state.apply("fly kfir-c2")
    state.apply("fly dagger-a")
    state.apply("alt high")
    assert state.view(1)["aircraft"][0]["altitude"] is None
    assert "High" not in json.dumps(state.events_since(0, 1))
    state.apply("alt low")
    assert state.view(1)["aircraft"][0]["altitude"] == "High"


def test_the_missile_hand_is_seen_by_its_owner_only_and_redrawn_for_the_target() -> None:
    state = fight(
        "F-4E Phantom II",
        "Dagger-A",
        rng=("RH", "RH"),
        hands=(["Tone"], ["Break"]),
        deck=["Ace Pilot", "Split-S"],
    )
    play(state, "tone tone aim-7e-2-sparrow", "pass", "launch")
    hidden = json.dumps([state.view(1), state.view(None), state.events_since(0, 1)])
    assert "Ace Pilot" not in hidden and "Split-S" not in hidden
    assert state.view(0)["missile_hand"] == ["Split-S", "Ace Pilot"]
    redrawn = set()
    for seed in range(20):
        world = state.determinize(1, random.Random(seed))
        assert isinstance(world, DifState)
        world.check_invariants()
        assert world.view(1) == state.view(1) and world.hands[1] == state.hands[1]
        redrawn.add(world.missile_hand)
    assert len(redrawn) > 1
    mine = state.determinize(0, random.Random(1))
    assert isinstance(mine, DifState) and mine.missile_hand == state.missile_hand


@pytest.mark.parametrize(
    ("options", "games"),
    [({}, 6), ({"players": 3, "mode": "ffa"}, 2), ({"aircraft": 2, "skills": True}, 2)],
)
def test_every_refused_move_gets_a_one_line_reason(options: dict[str, Any], games: int) -> None:
    """Every refusal names its rule in one line, with one aircraft a side or several (one
    ``why`` for both since issue 18; the several-aircraft game had one generic sentence)."""
    game = aerodeck.make("down_in_flames", **options)
    rng = random.Random(4)
    for seed in range(games):
        state = game.new_game(seed=seed)
        while not state.is_terminal:
            legal = set(state.legal_actions())
            for index in range(0, game.num_distinct_actions, 3):
                move = game.action_from_index(index)
                if move not in legal:
                    reason = state.why_illegal(move)
                    assert reason and "\n" not in reason, (str(move), reason)
            state.apply(rng.choice(list(legal)))


def test_terminal_text_shows_both_aircraft_ranges_weapons_and_the_cycle() -> None:
    state = fight(
        "F-4E Phantom II",
        "Dagger-A",
        rng=("RH", "HS"),
        hands=(["Tone", "Redline"], ["Break"]),
        countermeasures=[2, 1],
    )
    play(state, "tone tone aim-7e-2-sparrow", "react break")
    text = state.game.render_view(state.view(0))
    for needed in (
        "F-4E Phantom II",
        "Dagger-A",
        "mutual range RH",
        "range band HS",
        "AIM-7E-2 Sparrow",
        "countermeasures 1",
        "afterburners 2",
        "cards in hand 0",
        "hand:[/bold] Redline",
        "you vs seat 1: mutual range RH, you [white]Neutral[/white]",
        "1. you: Tone",
        "2. seat 1: Break",
    ):
        assert needed in text, needed
    lines = [state.game.describe_event(e) for e in state.events_since(0, 0)]
    assert any("declaring AIM-7E-2 Sparrow" in line for line in lines)
    assert any("reacts with Break" in line for line in lines)


def test_a_users_tactic_vertical_roll_still_pays_for_its_climb(tmp_path: Path) -> None:
    old = 'react_to = ["Maneuvering", "Tone"]\ntactic = false'
    assert old in SHIPPED_TEXT
    mine = tmp_path / "tactic.toml"
    mine.write_text(SHIPPED_TEXT.replace(old, old.replace("false", "true"), 1), encoding="utf-8")
    game = aerodeck.make("down_in_flames", data=read_toml(mine))
    setup = {
        "aircraft": ["F-86F Sabre", "Gnat F.1"],
        "altitude": ["Low", "Low"],
        "range": ["G", "G"],
        "hands": [["Vertical Roll", "Guns"], []],
        "first": 0,
        "step": "play",
    }
    state = game.new_game(seed=1, setup=setup)
    state.apply("act vertical-roll up")
    assert state.current_player == 0 and [str(m) for m in state.legal_actions()] == ["discard guns"]
    state.apply("discard guns")
    view = state.view(None)
    assert view["aircraft"][0]["altitude"] == "Medium" and view["cycle"] is None


def test_a_bad_setup_is_refused_in_one_line() -> None:
    import pytest

    from aerodeck.core.errors import ConfigError

    game = aerodeck.make("down_in_flames")
    base = {"aircraft": ["Kfir", "Dagger-A"], "altitude": ["Low", "Low"]}
    for bad, message in [
        ({"aircraft": ["Kfir", "Spitfire"]}, "no aircraft"),
        ({**base, "afterburner_on": ["yes", False]}, "true or false"),
        ({**base, "hands": [["Ace Pilot"] * 3, []]}, "more 'Ace Pilot'"),
        ({**base, "position": "tailing"}, "weapon reach"),
        ({**base, "range": ["G", "XX"]}, "not one of"),
        ({"altitude": ["Low", "Low"]}, "give 'aircraft'"),
        ({**base, "colour": "red"}, "unknown setup key"),
    ]:
        with pytest.raises(ConfigError, match=message) as error:
            game.new_game(seed=1, setup=bad)
        assert "\n" not in str(error.value)


def test_ruling_R63_a_users_tactic_climbs_and_pays_with_several_aircraft_too(
    tmp_path: Path,
) -> None:
    """R63: one machine, so a Tactic card does its action with several aircraft as in the duel."""
    old = 'react_to = ["Maneuvering", "Tone"]\ntactic = false'
    mine = tmp_path / "tactic.toml"
    mine.write_text(SHIPPED_TEXT.replace(old, old.replace("false", "true"), 1), encoding="utf-8")
    game = aerodeck.make("down_in_flames", data=read_toml(mine), aircraft=2)
    setup = {
        "aircraft": ["F-86F Sabre", "F-86F Sabre", "Gnat F.1", "Gnat F.1"],
        "altitude": ["Low"] * 4,
        "range": ["G"] * 4,
        "hands": [["Vertical Roll", "Guns"], [], [], []],
        "flying": 0,
    }
    state = game.new_game(seed=1, setup=setup)
    climb = next(m for m in state.legal_actions() if str(m).startswith("act vertical-roll up"))
    state.apply(climb)
    assert state.current_player == 0 and [str(m) for m in state.legal_actions()] == ["discard guns"]
    state.apply("discard guns")
    view = state.view(None)
    assert view["aircraft"][0]["altitude"] == "Medium" and view["cycle"] is None
    assert view["phase"] == "play"


def test_a_secret_move_shows_only_its_verb_in_another_seats_history() -> None:
    """Aircraft, loads, altitudes and skills are chosen in secret and an Aircraft Expertise card
    comes from a hidden pool (R60): another seat's history shows the verb alone."""
    game = aerodeck.make("down_in_flames", aircraft=2, skills=True, missile_loads=True)
    assert isinstance(game, DownInFlames)
    pairs = next(m for m in game.catalogue.moves if isinstance(m, Pairs))
    secret = ["fly kfir-c2", str(pairs), "clean", "alt high", "skill agile", "rate gun up"]
    for text in [*secret, "expertise ace-pilot"]:
        move = game.catalogue.parse(text)
        assert game.move_seen_by(move, 0, 1) == f"{text.split()[0]} (secret)"
        assert game.move_seen_by(move, 0, None) == f"{text.split()[0]} (secret)"
    for text in ("attack guns @2", "pass", "ready", "discard guns", "speed pos @3"):
        assert game.move_seen_by(game.catalogue.parse(text), 0, 1) == text


def _first_game_with(options: dict[str, Any], found: Any) -> tuple[Any, list[Any]]:
    """The first of a few seeded heuristic games whose events satisfy ``found``."""
    from aerodeck.games.down_in_flames.bot import HeuristicBot
    from aerodeck.sim.match import play as play_out

    game = aerodeck.make("down_in_flames", **options)
    for seed in range(40):
        bots = [HeuristicBot(game, 100 * seed + s) for s in range(game.players)]
        state = play_out(game.new_game(seed), bots)
        events = state.events_since(0, 0)
        if found(events):
            return state, events
    raise AssertionError(f"no game of 40 with {options} shows what the test needs")


@pytest.mark.parametrize(
    ("options", "site"),
    [({"players": 2, "aircraft": 2}, False), ({"players": 4, "site": "SA-6"}, True)],
)
def test_the_result_credits_each_kill_to_the_player_who_flies_the_shooter(
    options: dict[str, Any], site: bool
) -> None:
    """Aircraft numbers are not seats where a player flies several: the result names only the
    game's seats, and a site's kill goes to the seat it defends."""
    state, events = _first_game_with(
        options,
        lambda evs: any(e["type"] == "destroyed" and (e["by"] < 0) == site for e in evs),
    )
    view = state.view(0)
    text = state.game.render_result(view, events)
    owner = {a["aircraft_no"]: a["seat"] for a in view["aircraft"]}
    vp = {a["aircraft_no"]: a["vp"] for a in view["aircraft"]}
    site_seat = state.game.site_seat
    expected = [0] * state.game.players
    for e in events:
        if e["type"] == "destroyed":
            expected[owner.get(e["by"], site_seat)] += vp[e["seat"]]
    mentioned = {int(n) for n in re.findall(r"seat (-?\d+)", text)}
    assert mentioned <= set(range(1, state.game.players)), text
    for seat, points in enumerate(expected):
        name = "you" if seat == 0 else f"seat {seat}"
        assert re.search(rf"^  {name} +{points}$", text, re.M), text
    if site:
        assert "site shot down" in text
    else:
        assert "your #" in text or "seat 1's #" in text


def test_with_several_aircraft_the_terminal_says_which_one_a_secret_choice_is_for() -> None:
    """Aircraft, altitude and skills are chosen aircraft by aircraft: the text names it."""
    game = aerodeck.make("down_in_flames", players=2, aircraft=2, skills=True, vp_limit=90)
    state = game.new_game(1)
    assert "deciding: #0 you" in game.render_view(state.view(0))
    play(state, "fly kfir-c2")
    assert "deciding: #1 you" in game.render_view(state.view(0))
    play(state, "fly kfir-c2", "fly dagger-a", "fly dagger-a")
    assert state.phase == "skill"
    assert "choosing skills for #0" in game.render_view(state.view(0))


def test_a_cost_paid_reads_as_a_cost_in_the_log() -> None:
    """A card's cost (Vertical Roll's climb) is discarded with the reason "its cost", not the
    rules' internal step name."""
    game = aerodeck.make("down_in_flames")
    setup = {
        "aircraft": ["F-86F Sabre", "MiG-17F"],
        "altitude": ["Medium", "Medium"],
        "range": ["AH", "AH"],
        "hands": [["Vertical Roll", "Guns"], []],
        "flying": 0,
    }
    state = game.new_game(seed=1, setup=setup)
    play(state, "act vertical-roll up", "discard guns")
    told = [game.describe_event(e) for e in state.events_since(0, 0)]
    assert "seat 0 discards Guns (its cost)" in told, told
