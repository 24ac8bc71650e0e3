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
from aerodeck.core.rng import decision_seed

Evaluate = Callable[[JSON], float]
"""A position's value in [0, 1] for the seat whose view it is (``State.view(seat)``)."""

MAX_PLAYOUT = 100_000


class RolloutAgent:
    """Heuristic bot + paired rollouts over sampled worlds (see the module's docstring).

    ``worlds`` determinizations a decision (or as many as ``seconds`` allows); ``horizon`` moves
    of playout before ``evaluate`` judges the position (None: play to the end); ``deviation_z``
    how clear the paired advantage over the heuristic's move must be to play another move;
    ``width`` the most candidates tried besides the heuristic's own (None: every legal move);
    ``budget`` the most playout moves a decision (no more worlds once spent: a cap on the time
    of a decision with many candidates that stays reproducible, unlike a clock).
    """

    def __init__(
        self,
        game: Game,
        seed: int,
        *,
        policy: Callable[[Game, int], Agent],
        worlds: int = 8,
        horizon: int | None = None,
        evaluate: Evaluate | None = None,
        deviation_z: float = 1.0,
        width: int | None = None,
        seconds: float | None = None,
        min_worlds: int = 4,
        drop_z: float = 1.0,
        blend: float = 0.0,
        budget: int | None = None,
        name: str = "hard",
    ) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.policy = policy(game, self.rng.getrandbits(63))
        self.worlds = worlds
        self.horizon = horizon
        self.evaluate = evaluate
        self.deviation_z = deviation_z
        self.width = width
        self.seconds = seconds
        self.min_worlds = min_worlds
        self.drop_z = drop_z
        self.blend = blend
        self.budget = budget
        self.steps = 0
        self.name = name
        if horizon is not None and evaluate is None:
            raise ValueError("a playout horizon needs an evaluation of the positions it reaches")

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        favourite = self.policy.choose(observation)
        if len(legal) == 1:
            return legal[0]
        self.rng.seed(decision_seed(self.seed, observation.move_number))
        candidates = self._candidates(legal, favourite)
        values: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        seat = observation.seat
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        self.steps = 0
        budget = self.budget if self.budget is not None else MAX_PLAYOUT * self.worlds
        while (
            len(alive) > 1
            and self.steps < budget
            and (done < self.worlds if deadline is None else time.perf_counter() < deadline)
        ):
            world = observation.sample(self.rng).mute_events()
            for k in alive:
                trial = world.clone()
                trial.apply_unchecked(candidates[k])
                values[k].append(self._playout(trial, seat))
            done += 1
            if done >= self.min_worlds:
                alive = [k for k in alive if k == 0 or _hopeful(values[k], values[0], self.drop_z)]
        return candidates[_pick([values[k] for k in alive], self.deviation_z, alive)]

    def _candidates(self, legal: Sequence[Action], favourite: Action) -> list[Action]:
        """The heuristic's move first, then the others (a seeded sample when ``width`` caps)."""
        others = [a for a in legal if a != favourite]
        if self.width is not None and len(others) > self.width:
            others = self.rng.sample(others, self.width)
        return [favourite, *others]

    def _playout(self, world: State, seat: int) -> float:
        bot = self.policy
        limit = MAX_PLAYOUT if self.horizon is None else self.horizon
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
            if self.blend and self.evaluate is not None:
                return (1 - self.blend) * won + self.blend * self.evaluate(world.view(seat))
            return won
        if steps >= MAX_PLAYOUT:
            raise RuntimeError(f"{self.game.info.title}: a playout did not end")
        assert self.evaluate is not None
        return self.evaluate(world.view(seat))


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
