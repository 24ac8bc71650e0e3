"""Rollout search: the game's heuristic bot improved by one step of look-ahead.

At a decision with several legal moves, the search samples worlds consistent with its seat's
view (``Observation.sample``) and, in every world, tries each candidate move followed by a
playout in which every seat plays the game's heuristic bot: to the end, or for ``horizon`` moves
and then the game's ``evaluate`` of the position from the searching seat's view. After
``min_worlds`` worlds a candidate clearly worse than the heuristic's own move (or the same as it
in every world so far) is dropped, so the remaining worlds go to the contenders. It plays the
candidate with the best mean when its paired advantage over the heuristic's move exceeds
``deviation_z`` standard errors, else the heuristic's move.

The comparison is paired (common random numbers): each candidate is played out in the same
worlds by the same deterministic bots, so the difference between two moves in a world is the
effect of the move, not of the deal. It is policy improvement by rollouts (Tesauro and Galperin,
1996): against the heuristic bot the playouts model the opponent exactly, up to what the seat
cannot see. docs/bots.md measures it, and what did not work.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from aerodeck.core.api import JSON, Action, Agent, Game, Observation, State
from aerodeck.core.errors import ConfigError
from aerodeck.core.rng import decision_seed
from aerodeck.core.search import SearchSettings

Evaluate = Callable[[JSON], float | None]
"""A position's value in [0, 1] for the seat whose view it is (``State.view(seat)``): the
game's ``Game.evaluate``."""

MAX_PLAYOUT = 100_000
DEFAULT_SETTINGS = SearchSettings()


class RolloutAgent:
    """Heuristic bot + paired rollouts over sampled worlds (see the module's docstring), looking
    as far as its ``settings`` say."""

    def __init__(
        self,
        game: Game,
        seed: int,
        *,
        policy: Callable[[Game, int], Agent],
        settings: SearchSettings = DEFAULT_SETTINGS,
        evaluate: Evaluate | None = None,
        name: str = "hard",
    ) -> None:
        if settings.horizon is not None and evaluate is None:
            raise ValueError("a playout horizon needs an evaluation of the positions it reaches")
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.policy = policy(game, self.rng.getrandbits(63))
        self.settings = settings
        self.evaluate = evaluate
        self.steps = 0
        self.name = name

    def choose(self, observation: Observation) -> Action:
        look = self.settings
        legal = observation.legal_actions
        favourite = self.policy.choose(observation)
        if len(legal) == 1:
            return legal[0]
        if look.phases is not None and observation.view.get("phase") not in look.phases:
            return favourite
        self.rng.seed(decision_seed(self.seed, observation.move_number))
        candidates = self._candidates(legal, favourite)
        values: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        seat = observation.seat
        deadline = None if look.seconds is None else time.perf_counter() + look.seconds
        done = 0
        self.steps = 0
        budget = look.budget if look.budget is not None else MAX_PLAYOUT * look.worlds
        while (
            len(alive) > 1
            and self.steps < budget
            and (done < look.worlds if deadline is None else time.perf_counter() < deadline)
        ):
            world = observation.sample(self.rng).mute_events()
            for k in alive:
                trial = world.clone()
                trial.apply_unchecked(candidates[k])
                values[k].append(self.playout(trial, seat))
            done += 1
            if done >= look.min_worlds:
                alive = [k for k in alive if k == 0 or _hopeful(values[k], values[0], look.drop_z)]
        return candidates[_pick([values[k] for k in alive], look.deviation_z, alive)]

    def _candidates(self, legal: Sequence[Action], favourite: Action) -> list[Action]:
        """The heuristic's move first, then the others (a seeded sample when ``width`` caps)."""
        others = [a for a in legal if a != favourite]
        if self.settings.width is not None and len(others) > self.settings.width:
            others = self.rng.sample(others, self.settings.width)
        return [favourite, *others]

    def playout(self, world: State, seat: int) -> float:
        """Play ``world`` on with the heuristic at every seat (to the end, or to the horizon and
        the evaluation): its value for ``seat`` in [0, 1]. Counts the moves in ``steps``; the
        world is played in place (give it a clone). The analysis (``agents.analysis``) reads
        candidates' values through it."""
        bot, look = self.policy, self.settings
        limit = MAX_PLAYOUT if look.horizon is None else look.horizon
        steps = 0
        while not world.is_terminal and steps < limit:
            player = world.current_player
            assert player is not None
            legal = world.legal_actions()
            action = legal[0] if len(legal) == 1 else bot.choose(world.observation(player))
            world.apply_unchecked(action)
            steps += 1
        self.steps += steps
        if world.is_terminal:
            won = world.returns()[seat]
            if look.blend and self.evaluate is not None:
                return (1 - look.blend) * won + look.blend * self._value(world, seat)
            return won
        if steps >= MAX_PLAYOUT:
            raise RuntimeError(f"{self.game.info.title}: a playout did not end")
        return self._value(world, seat)

    def _value(self, world: State, seat: int) -> float:
        assert self.evaluate is not None
        value = self.evaluate(world.view(seat))
        if value is None:
            raise ConfigError(f"{self.game.info.title} has no evaluation for a search to read")
        return value


def _differences(values: list[float], base: list[float]) -> tuple[float, float]:
    """Mean and standard error of the paired differences ``values - base``."""
    n = len(base)
    diffs = [a - b for a, b in zip(values, base, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean, math.sqrt(var / n)


def _hopeful(values: list[float], base: list[float], z: float) -> bool:
    """Whether a candidate may still beat the heuristic's move: not clearly worse, and not
    identical to it in every world so far (then it is most likely the same line)."""
    mean, error = _differences(values, base)
    if error == 0:
        return mean > 0
    return mean + z * error > 0


def _pick(values: list[list[float]], z: float, index: list[int]) -> int:
    """The candidate with the best mean if its paired advantage over the first (the
    heuristic's move) exceeds ``z`` standard errors; otherwise the first."""
    base = values[0]
    best, best_mean = 0, 0.0
    for k in range(1, len(values)):
        mean, error = _differences(values[k], base)
        if mean > best_mean and mean > z * error:
            best, best_mean = k, mean
    return index[best]
