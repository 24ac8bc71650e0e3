"""The levels a player picks: ``easy``, ``medium``, ``hard`` (docs/bots.md measures them).

- ``easy``: the game's heuristic bot, but a share of its decisions (``BLUNDERS``) is a random
  legal move: it plays sensibly most of the time and gives a beginner chances.
- ``medium``: the game's heuristic bot itself.
- ``hard``: rollout search over the heuristic (``agents.rollouts``), with per-game settings (in
  Air Racing only at the purchases and the race's decisions).

The older names stay as aliases: ``ismcts-easy`` is easy, ``ismcts`` medium, ``ismcts-hard``
hard.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from aerodeck.agents.ismcts import IsmctsAgent
from aerodeck.agents.rollouts import Evaluate, RolloutAgent, Rollouts
from aerodeck.core.api import Action, Agent, Game, Observation
from aerodeck.core.decisions import DecisionRandom

BLUNDERS = 0.5  # the share of easy's decisions taken at random


class EasyBot:
    """The heuristic bot with blunders: each decision, with probability ``BLUNDERS``, a random
    legal move instead (seeded per decision, like every bot)."""

    def __init__(self, game: Game, seed: int, name: str = "easy") -> None:
        self.rng = DecisionRandom(seed)
        self.heuristic = game.bots()["heuristic"](game, self.rng.getrandbits(63))
        self.name = name

    def choose(self, observation: Observation) -> Action:
        self.rng.decide(observation.move_number)
        legal = observation.legal_actions
        if len(legal) > 1 and self.rng.random() < BLUNDERS:
            return self.rng.choice(legal)
        return self.heuristic.choose(observation)


@dataclass(frozen=True)
class Search(Rollouts):
    """The hard level's settings for one game (measured in docs/bots.md): the rollout search's
    (``agents.rollouts.Rollouts``), or ``ismcts`` iterations of the guided ISMCTS of
    ``agents.ismcts`` instead."""

    ismcts: int | None = None

    def make(self, game: Game, seed: int, name: str) -> Agent:
        if (
            self.ismcts is not None
        ):  # the guided ISMCTS of the former levels, where it measured best
            heuristic = game.bots()["heuristic"]
            return IsmctsAgent(
                game, seed, self.ismcts, rollout=heuristic, epsilon=0.1, prior=True, name=name
            )
        evaluate = game_evaluation(game) if self.horizon is not None or self.blend else None
        return RolloutAgent(
            game, seed, policy=game.bots()["heuristic"], settings=self, evaluate=evaluate, name=name
        )


HARD: dict[str, Search] = {
    # measured in docs/bots.md: playouts to a horizon where the evaluation reads the position
    # well enough (Ace Race, Aces versus Aces, Race to Ace), to the end where it does not
    "ace_race": Search(worlds=48, horizon=24, deviation_z=0.5),
    "aces_versus_aces": Search(worlds=64, horizon=16, deviation_z=0.5),
    # Air Racing: search only the purchases and the race (where a deep search finds the
    # heuristic's mistakes, benchmarks/deep_disagreements.py), with many worlds and a strict test
    "air_racing": Search(
        worlds=32, min_worlds=8, deviation_z=2.0, budget=16_000, phases=("buy", "altitude", "boost")
    ),
    "down_in_flames": Search(worlds=24, width=8, deviation_z=0.5),
    # Race to Ace: its learned evaluation (bot.WEIGHTS) read the position well enough to use
    # four times the worlds; the budget keeps the slowest decision under a second (docs/bots.md)
    "race_to_ace": Search(worlds=1024, horizon=16, deviation_z=0.5, budget=24_000),
}
DEFAULT_HARD = Search()


def game_evaluation(game: Game) -> Evaluate:
    """The game's ``evaluate(view)`` from its bot module (``aerodeck.games.<id>.bot``)."""
    module = importlib.import_module(f"aerodeck.games.{game.id}.bot")
    evaluate: Evaluate = module.evaluate
    return evaluate


def hard_search(game: Game) -> Search:
    """The hard level's settings for ``game``."""
    return HARD.get(game.id, DEFAULT_HARD)


def hard(game: Game, seed: int, name: str = "hard") -> Agent:
    return hard_search(game).make(game, seed, name)


def medium(game: Game, seed: int, name: str = "medium") -> Agent:
    agent = game.bots()["heuristic"](game, seed)
    return _Named(agent, name)


class _Named:
    """A bot under another name (the heuristic bot as ``medium``), deciding as the bot."""

    def __init__(self, agent: Agent, name: str) -> None:
        self.agent = agent
        self.name = name

    def choose(self, observation: Observation) -> Action:
        return self.agent.choose(observation)


LEVELS: dict[str, Callable[[Game, int, str], Agent]] = {
    "easy": EasyBot,
    "medium": medium,
    "hard": hard,
}
ALIASES = {"ismcts-easy": "easy", "ismcts": "medium", "ismcts-hard": "hard"}
SEARCHING = frozenset({"hard", "ismcts-hard"})
"""The names that search (dear to run: tests build them with a small budget instead)."""
