"""The levels a player picks: ``easy``, ``medium``, ``hard``, ``expert`` (docs/bots.md measures
them).

- ``easy``: the game's heuristic bot, but a share of its decisions (``BLUNDERS``) is a random
  legal move: it plays sensibly most of the time and gives a beginner chances.
- ``medium``: the game's heuristic bot itself.
- ``hard``: rollout search over the heuristic (``agents.rollouts``), with the game's own settings
  (``Game.search_settings()``; in Air Racing only at the purchases and the race's decisions) and
  its position evaluation (``Game.evaluate``) where the settings stop playouts early.
- ``expert``: the same search with the game's expert settings (``Game.expert_settings()``: by
  default four times ``hard``'s worlds and a larger budget of playout moves, still counts).

The older names stay as aliases: ``ismcts-easy`` is easy, ``ismcts`` medium, ``ismcts-hard``
hard.
"""

from __future__ import annotations

from collections.abc import Callable

from aerodeck.agents.ismcts import IsmctsAgent
from aerodeck.agents.rollouts import RolloutAgent
from aerodeck.core.api import Action, Agent, Game, Observation
from aerodeck.core.decisions import DecisionRandom
from aerodeck.core.search import SearchSettings

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


def searcher(settings: SearchSettings, game: Game, seed: int, name: str = "hard") -> Agent:
    """The search ``settings`` describe, over the game's heuristic bot: rollouts (with the game's
    evaluation where they stop early), or the guided ISMCTS of ``agents.ismcts``."""
    heuristic = game.bots()["heuristic"]
    if settings.ismcts is not None:  # the guided ISMCTS of the former levels
        return IsmctsAgent(
            game, seed, settings.ismcts, rollout=heuristic, epsilon=0.1, prior=True, name=name
        )
    evaluate = game.evaluate if settings.evaluates else None
    return RolloutAgent(
        game, seed, policy=heuristic, settings=settings, evaluate=evaluate, name=name
    )


def hard(game: Game, seed: int, name: str = "hard") -> Agent:
    return searcher(game.search_settings(), game, seed, name)


def expert(game: Game, seed: int, name: str = "expert") -> Agent:
    return searcher(game.expert_settings(), game, seed, name)


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
    "expert": expert,
}
ALIASES = {"ismcts-easy": "easy", "ismcts": "medium", "ismcts-hard": "hard"}
SEARCHING = frozenset({"hard", "ismcts-hard", "expert"})
"""The names that search (dear to run: tests build them with a small budget instead)."""
