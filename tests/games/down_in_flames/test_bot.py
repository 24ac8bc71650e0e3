"""The heuristic bot flies sensibly and beats the random agent clearly on fixed seeds."""

from __future__ import annotations

import aerodeck
from aerodeck.agents import RandomAgent
from aerodeck.core.api import Agent
from aerodeck.core.rng import derive_seed
from aerodeck.games.down_in_flames.bot import HeuristicBot
from aerodeck.sim.match import play
from tests.games.down_in_flames.helpers import fight

GAMES = 30


def test_heuristic_bot_beats_random() -> None:
    game = aerodeck.make("down_in_flames")
    wins = losses = 0
    for number in range(GAMES):
        bot_seat = number % 2
        agents: list[Agent] = [RandomAgent(game, derive_seed(7, number, s)) for s in (0, 1)]
        agents[bot_seat] = HeuristicBot(game, derive_seed(7, number, 9))
        state = play(game.new_game(seed=derive_seed(7, number)), agents)
        wins += state.returns()[bot_seat] == 1.0
        losses += state.returns()[bot_seat] == 0.0
    assert wins >= 0.75 * GAMES and losses <= 1


def test_bot_fires_when_it_can_and_answers_an_attack() -> None:
    state = fight(hands=(["Guns", "Tone", "Tone", "Ace Pilot"], ["Barrel Roll", "Redline"]))
    bot = HeuristicBot(state.game, 1)
    assert str(bot.choose(state.observation(0))) == "attack guns"
    state.apply("attack guns")
    assert str(bot.choose(state.observation(0))) == "discard tone"
    state.apply("discard tone")
    state.apply("discard tone")
    assert str(bot.choose(state.observation(1))).startswith("react")


def test_bot_keeps_its_aircraft_hand_and_takes_tailing() -> None:
    state = fight(hands=(["Tight Turn", "Ace Pilot", "Barrel Roll", "Redline"], []))
    bot = HeuristicBot(state.game, 1)
    move = str(bot.choose(state.observation(0)))
    assert move.startswith("pos") and move.endswith(" 2")


def test_the_bot_buys_a_load_for_an_aircraft_without_missiles_within_the_vp_left() -> None:
    import aerodeck
    from aerodeck.games.down_in_flames.bot import HeuristicBot

    game = aerodeck.make("down_in_flames", missile_loads=True, vp_limit=45, year=1980)
    state = game.new_game(seed=1)
    state.apply("fly mig-17f")
    bot = HeuristicBot(game, 1)  # type: ignore[arg-type]
    while state.phase == "pick" and state.to_act == 0:
        move = bot.choose(state.observation(0))
        state.apply(move)
    assert state.sheets[0].load and state.load_vp(0) <= 45  # type: ignore[attr-defined]


def test_with_several_aircraft_the_bot_flies_the_duels_judgment_against_its_target() -> None:
    # Two aircraft a side; #3 holds #0's wingman #1 at Advantage, so #3 is #0's target (covering
    # the wingman): #0 dives to #3's altitude as the duel's bot matches its enemy's (the bot had
    # a several-aircraft strategy of its own that always flew level), then plays against #3.
    game = aerodeck.make("down_in_flames", players=2, aircraft=2)
    setup = {
        "aircraft": ["F-86F Sabre", "F-86F Sabre", "MiG-17F", "MiG-17F"],
        "altitude": ["Medium", "Low", "High", "Low"],
        "range": ["HS", "G", "G", "G"],
        "hands": [["Guns", "Tone", "Ace Pilot", "Redline"], [], ["Guns"], ["Guns", "Guns"]],
        "on": {"3": [1, "advantage"]},
        "first": 0,
        "step": "turn",
    }
    state = game.new_game(seed=1, setup=setup)
    bot = HeuristicBot(game, 1)  # type: ignore[arg-type]
    while state.phase != "altitude":
        state.apply(bot.choose(state.observation(0)))
    assert str(bot.choose(state.observation(0))) == "dive"
    state.apply("dive")
    assert state.phase == "play"
    assert str(bot.choose(state.observation(0))).endswith("@3")
