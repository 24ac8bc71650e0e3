"""Skills (digest §17) and the 2nd missile (§18.2): rulings R29..R36 of
docs/games/down_in_flames.md, and random playouts with every skill on offer."""

from __future__ import annotations

import random
from typing import Any

import aerodeck
from aerodeck.games.down_in_flames.actions import PLAYS, Expertise, only
from aerodeck.games.down_in_flames.rules import DifState
from tests.games.down_in_flames.helpers import fight, legal, play, position, titles


def _skill_game(**options: object) -> DifState:
    game = aerodeck.make("down_in_flames", skills=True, **options)
    state = game.new_game(seed=3)
    assert isinstance(state, DifState)
    return state


def test_ruling_R29_skills_are_secret_within_the_vp_limit_and_change_ratings() -> None:
    state = _skill_game(vp_limit=45, year=1980)
    play(state, "fly dagger-a", "fly mirage-iiicj")
    assert state.phase == "skill" and state.to_act == 0
    offered = legal(state)
    # Dagger-A 36 VP: 9 VP left, so Skilled (5) is offered but Veteran (10) is not.
    assert "skill skilled" in offered and "skill veteran" not in offered
    play(state, "skill nugget")  # -10 (the list's cost, not the example's -5)
    assert "skill veteran" in legal(state)
    play(state, "skill skilled")
    assert legal(state) == {
        f"rate {r} up" for r in ("speed", "performance", "thrust-pre", "thrust-post", "gun")
    }  # EW "-" stays
    play(state, "rate thrust-pre up", "ready")
    # Seat 1 sees nothing of seat 0's choice until both are ready.
    view1 = state.view(1)
    assert (
        "skills" not in view1["aircraft"][0] and view1["aircraft"][0]["ratings"]["thrust_pre"] == 2
    )
    assert not [e for e in state.events_since(0, 1) if "skills" in e]
    play(state, "skill green", "rate speed down", "ready")
    view = state.view(None)
    assert view["aircraft"][0]["skills"] == ["Nugget", "Skilled"]
    assert (
        view["aircraft"][0]["ratings"]["thrust_pre"] == 3
        and view["aircraft"][0]["ratings"]["ab_pre"] == 4
    )
    assert view["aircraft"][1]["ratings"]["speed"] == 4
    assert view["aircraft"][0]["vp"] == 36 - 10 + 5 and view["aircraft"][1]["vp"] == 31 - 5


def test_ruling_R30_the_opening_hand_follows_the_skills() -> None:
    state = _skill_game(vp_limit=45, year=1980)
    play(state, "fly dagger-a", "fly mirage-iiicj", "skill skilled", "rate performance up")
    play(state, "ready", "skill guided-intercept-2", "ready")
    assert len(state.hands[0]) == 7  # Performance 6 + 1
    assert len(state.hands[1]) == 6 + 2  # Guided Intercept 2 draws after the opening hand


def test_ruling_R31_named_cards_come_from_the_deck_then_the_discards() -> None:
    state = _skill_game(vp_limit=60, year=1980)
    play(state, "fly dagger-a", "fly mirage-iiicj", "skill tiger", "ready", "skill edge", "ready")
    assert {"Tone (Strong)", "Ace Pilot"} <= set(titles(state, 0))
    assert "Redline" in titles(state, 1)
    state.check_invariants()


def test_ruling_R32_eagle_eyes_takes_the_initiative() -> None:
    state = _skill_game(vp_limit=60, year=1980)
    # The Mirage (EW "-") against the Sea Harrier (EW 1): Eagle Eyes gives the Mirage the choice.
    play(state, "fly mirage-iiicj", "fly sea-harrier-frs-1", "skill eagle-eyes", "ready", "ready")
    play(state, "alt medium", "alt medium")
    assert state.phase == "initiative" and state.to_act == 0


def test_ruling_R33_skill_timings() -> None:
    # Gun Fighter: the first gun attack that costs discards costs two fewer, then it is spent.
    state = fight(hands=(["Guns", "Guns", "Tone"], []), skills=[["Gun Fighter"], []])
    play(state, "attack guns")  # Guns 3 less Gun 1 = 2, less 2 = 0
    assert state.phase == "react" and titles(state, 0) == ["Guns", "Tone"]
    assert state.view(0)["aircraft"][0]["skills_used"] == ["Gun Fighter"]
    # In My Sights!: gun attacks never cost discards.
    state = fight(hands=(["Guns"], []), skills=[["In My Sights!"], []])
    assert "attack guns" in legal(state)
    # Alert: the first missile launched at you draws no cards.
    state = fight(
        "F-4E Phantom II",
        "F-86F Sabre",
        rng=("RH", "RH"),
        hands=(["Tone"], []),
        skills=[[], ["Alert", "Quick Hands"]],
        deck=["Guns", "Guns", "Guns", "Guns"],
    )
    play(state, "tone tone aim-7e-2-sparrow", "pass", "launch")
    assert state.missile_hand == () and len(state.hands[1]) == 1  # Quick Hands drew one
    # Relief and Brave: an enemy Tone at you draws a card; cancelled, another.
    state = fight(
        "F-4E Phantom II",
        "F-86F Sabre",
        rng=("RH", "RH"),
        hands=(["Tone"], ["Break"]),
        skills=[[], ["Relief", "Brave"]],
        deck=["Guns", "Yo-Yo"],
    )
    play(state, "tone tone aim-7e-2-sparrow")
    assert titles(state, 1) == ["Guns", "Break"] or sorted(titles(state, 1)) == ["Break", "Guns"]
    play(state, "react break", "pass")
    assert len(state.hands[1]) == 2  # Break spent, Yo-Yo drawn (Relief)
    # Focused: an enemy range change draws a card.
    state = fight(
        rng=("HS", "HS"),
        hands=(["Redline"], ["Tight Turn"]),
        skills=[[], ["Focused"]],
        deck=["Guns"],
    )
    play(state, "range redline me-1", "pass")
    assert titles(state, 1).count("Guns") == 1
    # Bat-Turn: back to Neutral in the pre-turn discard step.
    state = fight(pos="tailing", step="turn", first=1, skills=[[], ["Bat-Turn"]])
    assert "neutral" in legal(state)
    play(state, "neutral")
    assert position(state) == "Neutral"
    # Timely: discard some, draw as many.
    state = fight(
        hands=(["Guns", "Tone"], []), skills=[["Timely"], []], deck=["Ace Pilot", "Break"]
    )
    play(state, "timely", "discard guns", "discard tone", "draw")
    assert sorted(titles(state, 0)) == ["Ace Pilot", "Break"] and state.phase == "play"
    assert "timely" not in legal(state)
    # Test Pilot draws the full thrust; Edge of Envelope draws the Performance then discards.
    state = fight(hands=(["Guns"] * 5, []), skills=[["Test Pilot"], []])
    play(state, "end", "draw")
    assert len(state.hands[0]) == 6  # F-86F Performance 5, post thrust 1
    state = fight(hands=(["Guns"] * 4, []), skills=[["Edge of Envelope"], []])
    play(state, "end", "draw")
    assert state.phase == "pay" and len(state.hands[0]) == 9 and state.payment.left == 4


def test_ruling_R34_agile_jink_and_lucky_react_as_ace_pilot() -> None:
    state = fight(
        hands=(["Guns", "Tone", "Tone"], ["Tight Turn", "Yo-Yo"]), skills=[[], ["Jink", "Agile"]]
    )
    play(state, "attack guns", "discard tone", "discard tone")
    moves = legal(state)
    assert {"react tight-turn", "jink yo-yo", "agile yo-yo"} <= moves
    assert "jink tight-turn" not in moves  # it can react anyway
    play(state, "jink yo-yo")
    assert state.chain[-1][2] == "Ace Pilot"
    play(state, "pass")
    assert not state.is_terminal
    # Lucky: a countermeasure counter as Ace Pilot, against anything.
    state = fight(
        "F-86F Sabre", "Sea Harrier FRS.1", hands=(["Ace Pilot"], []), skills=[[], ["Lucky"]]
    )
    play(state, "pos ace-pilot 1")
    assert "lucky" in legal(state)
    play(state, "lucky", "pass")
    assert position(state) == "Neutral" and state.countermeasures[1] == 1


def test_ruling_R35_the_second_missile() -> None:
    game = aerodeck.make("down_in_flames", second_missile=True)
    setup = {
        "aircraft": ["F-4E Phantom II", "F-86F Sabre"],
        "altitude": ["Medium", "Medium"],
        "range": ["RH", "RH"],
        "hands": [["Tone"], []],
        "first": 0,
        "step": "play",
        "skills": [["Cocky"], []],
    }
    state = game.new_game(seed=1, setup=setup)
    assert isinstance(state, DifState)
    play(state, "tone tone aim-7e-2-sparrow", "pass")
    assert "launch2" in legal(state)
    play(state, "launch2")
    # AIM-7E-2 Neutral 2, EW "-" 0, +1 for the 2nd missile, +1 for Cocky.
    assert len(state.missile_hand) == 4
    assert state.view(None)["aircraft"][0]["missiles"]["AIM-7E-2 Sparrow"] == 2
    plain = fight("F-4E Phantom II", "F-86F Sabre", rng=("RH", "RH"), hands=(["Tone"], []))
    play(plain, "tone tone aim-7e-2-sparrow", "pass")
    assert "launch2" not in legal(plain)


def test_ruling_R36_campaign_and_team_skills_are_not_offered_in_a_dogfight() -> None:
    state = _skill_game(vp_limit=100, year=2000)
    play(state, "fly mig-17f", "fly f-15c-eagle")
    offered = legal(state)
    for name in (
        "90-angle",
        "0-angle",
        "nfod",
        "drift-factor",
        "fighter-pilot",
    ):  # the MiG-17F's gun is fine, but the others are out
        if name == "fighter-pilot":
            assert f"skill {name}" in offered
        else:
            assert f"skill {name}" not in offered
    assert "skill aircraft-expertise" in offered  # built since R60's decision


def test_random_games_with_every_skill_keep_their_invariants() -> None:
    game = aerodeck.make("down_in_flames", skills=True, second_missile=True, vp_limit=80, year=2000)
    for seed in range(40):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal:
            state.check_invariants()
            if step % 11 == 0:
                for seat in (0, 1):
                    world = state.determinize(seat, random.Random(step))
                    assert world.view(seat) == state.view(seat)
                    assert world.events_since(0, seat) == state.events_since(0, seat)
            move = rng.choice(state.legal_actions())
            assert game.parse_action(state, str(move)) == move
            state.apply(move)
            step += 1
        assert sum(state.returns()) == 1.0


def expertise_playout(state: Any, seed: int, owner: Any) -> int:
    """Random play from a started game, Aircraft Expertise moves taken whenever offered.
    ``owner(aircraft)`` is the seat that holds an aircraft's pool. Checks R60 at every step and
    returns how many pool cards were played."""
    rng = random.Random(seed)
    played = 0
    windows: set[tuple[int, int]] = set()
    step = 0
    while not state.is_terminal:
        state.check_invariants()
        moves = state.legal_actions()
        taken = only(moves, Expertise)
        if step % 7 == 0:
            for seat in range(len(state.returns())):
                world = state.determinize(seat, random.Random(step))
                assert world.view(seat) == state.view(seat)
                for a, pool in enumerate(state.pools):
                    if owner(a) != seat:  # an enemy pool is redrawn from the unseen cards
                        assert len(world.pools[a]) == len(pool)
        if taken:
            move = rng.choice(taken)
            a = _actor(state)
            window = state.turns_flown if hasattr(state, "turns_flown") else state.window()
            assert (a, window) not in windows, "one pool card per aircraft turn"
            windows.add((a, window))
            before = len(state.pools[a])
            hand = len(state.hands[a])
            seat = state.to_act
            state.apply(move)
            assert len(state.pools[a]) == before - 1 and len(state.hands[a]) == hand + 1
            follow = state.legal_actions()
            assert follow and all(isinstance(m, PLAYS) and m.card == move.card for m in follow)
            other = game_move(state, "pass" if state.phase == "react" else "end")
            assert "play it now" in state.why_illegal(other)
            assert not only(follow, Expertise)
            state.apply(rng.choice(follow))
            played += 1
            if not state.is_terminal and state.to_act == seat and _actor(state) == a:
                assert not only(state.legal_actions(), Expertise)
                if state.pools[a] and state.phase in ("play", "react"):
                    again = game_move(
                        state, f"expertise {state.data.cards[state.pools[a][0]].slug}"
                    )
                    assert "one Aircraft Expertise card per aircraft turn" in state.why_illegal(
                        again
                    )
        else:
            state.apply(rng.choice(moves))
        step += 1
    return played


def game_move(state: Any, text: str) -> Any:
    return state.game.parse_action(state, text)


def _actor(state: Any) -> int:
    return state._expertise_actor() if hasattr(state, "turns_flown") else state.to_act


def test_ruling_R60_aircraft_expertise_pool_plays_once_each_aircraft_turn_hidden() -> None:
    total = 0
    for seed in range(12):
        state = aerodeck.make("down_in_flames", skills=True, vp_limit=150, year=2000).new_game(
            seed=seed
        )
        assert isinstance(state, DifState)
        play(state, "fly mig-17f", "fly f-15c-eagle", "skill aircraft-expertise", "ready")
        play(state, "skill aircraft-expertise", "ready")
        for seat in (0, 1):  # drawn at the start, set aside beside the opening hand
            perf = state.plane(seat).performance
            assert len(state.pools[seat]) == perf and len(state.hands[seat]) == perf
        own = state.view(0)["aircraft"]
        assert own[0]["pool"] == [state._title(c) for c in state.pools[0]]
        assert [craft["pool_size"] for craft in own] == [len(p) for p in state.pools]
        assert "pool" not in own[1]
        assert state.view(1)["aircraft"][1]["pool"] == [state._title(c) for c in state.pools[1]]
        assert all("pool" not in craft for craft in state.view(None)["aircraft"])
        # The enemy learns the pool's size, never its cards.
        shown = [e for e in state.events_since(0, 1) if e["type"] == "expertise-pool"]
        assert [e.get("cards") is None for e in shown] == [True, False]
        total += expertise_playout(state, seed, lambda a: a)
    assert total > 0
