"""Rollout search with searched replies: ``hard``'s search, then a second look at its best moves.

``hard`` (``agents.rollouts``) judges a move by playouts in which every seat plays the game's
heuristic bot: one step of policy improvement, the best reply to the heuristic. Its estimates of
that are already close to a many-world oracle's (docs/bots.md, the ``expert`` section), so more
worlds of the same playouts change few decisions. This search changes the model instead, where it
matters: after ``hard``'s search, its ``Lookahead.contenders`` best moves are played out again in
fresh worlds, and in those playouts the first ``Lookahead.replies`` decisions with a choice (the
opponent's answer, or the seat's own next move) are made by a small rollout search rather than by
the heuristic. A move is then judged against a searched answer. It replaces ``hard``'s choice
only when another contender is ahead of it by ``Lookahead.deviation_z`` standard errors, paired
over the second stage's worlds.

Deterministic: both stages are seeded from the seed and the decision's move number, the inner
searches from the move number of the position they search, and every budget is a count of playout
moves (the inner searches' included).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from aerodeck.agents.rollouts import MAX_PLAYOUT, Evaluate, RolloutAgent, _differences
from aerodeck.core.api import Action, Agent, Game, Observation, State
from aerodeck.core.rng import decision_seed, derive_seed
from aerodeck.core.search import Lookahead, SearchSettings


class LookaheadAgent:
    """``hard``'s search over ``settings``, then ``settings.lookahead``'s second stage."""

    def __init__(
        self,
        game: Game,
        seed: int,
        *,
        policy: Callable[[Game, int], Agent],
        settings: SearchSettings,
        evaluate: Evaluate | None = None,
        name: str = "expert",
    ) -> None:
        if settings.lookahead is None:
            raise ValueError("a lookahead search needs its Lookahead settings")
        self.look: Lookahead = settings.lookahead
        self.first = RolloutAgent(
            game, seed, policy=policy, settings=settings, evaluate=evaluate, name=name
        )
        horizon = settings.horizon if self.look.reply_horizon is None else self.look.reply_horizon
        reply = replace(
            settings,
            worlds=self.look.reply_worlds,
            min_worlds=min(settings.min_worlds, 2),
            horizon=horizon,
            budget=self.look.reply_budget,
            seconds=None,
            phases=None,
            lookahead=None,
        )
        self.replier = RolloutAgent(
            game, derive_seed(seed, "reply"), policy=policy, settings=reply, evaluate=evaluate
        )
        self.seed = derive_seed(seed, "lookahead")
        self.rng = random.Random(self.seed)
        self.steps = 0
        self.name = name

    def choose(self, observation: Observation) -> Action:
        first = self.first
        legal = observation.legal_actions
        favourite = first.policy.choose(observation)
        if len(legal) == 1:
            return legal[0]
        phases = first.settings.phases
        if phases is not None and observation.view.get("phase") not in phases:
            return favourite
        estimates = first.search(observation, favourite)
        chosen = estimates.candidates.index(estimates.pick(first.settings.deviation_z))
        order = list(dict.fromkeys([chosen, *estimates.ranked(), 0]))
        contenders = [chosen, *(k for k in order if k != chosen)][: self.look.contenders]
        self.steps = first.steps
        if len(contenders) < 2:
            return estimates.candidates[chosen]
        values = self._second_look(observation, [estimates.candidates[k] for k in contenders])
        best = _best(values, self.look.deviation_z)
        return estimates.candidates[contenders[best]]

    def _second_look(self, observation: Observation, moves: list[Action]) -> list[list[float]]:
        """Each move's values in the same fresh worlds, by playouts with searched replies."""
        look = self.look
        self.rng.seed(decision_seed(self.seed, observation.move_number))
        values: list[list[float]] = [[] for _ in moves]
        spent = self.steps  # the first stage's playout moves count against the budget
        done = 0
        while done < look.worlds and spent < look.budget:
            world = observation.sample(self.rng).mute_events()
            for k, move in enumerate(moves):
                trial = world.clone()
                trial.apply_unchecked(move)
                value, steps = self.playout(trial, observation.seat)
                values[k].append(value)
                spent += steps
            done += 1
        self.steps = spent
        return values

    def playout(self, world: State, seat: int) -> tuple[float, int]:
        """``world`` played on as ``hard``'s playouts are, but its first ``replies`` decisions
        with a choice searched: the value for ``seat`` and the playout moves it took (the inner
        searches' included). The world is played in place."""
        first, look = self.first, self.first.settings
        limit = MAX_PLAYOUT if look.horizon is None else look.horizon
        steps = spent = searched = 0
        while not world.is_terminal and steps < limit:
            player = world.current_player
            assert player is not None
            legal = world.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif searched < self.look.replies:
                action = self.replier.choose(world.observation(player))
                spent += self.replier.steps
                searched += 1
            else:
                action = first.policy.choose(world.observation(player))
            world.apply_unchecked(action)
            steps += 1
        if world.is_terminal:
            return world.returns()[seat], steps + spent
        if steps >= MAX_PLAYOUT:
            raise RuntimeError("a playout did not end")
        return first._value(world, seat), steps + spent


def _best(values: list[list[float]], z: float) -> int:
    """The move with the best mean if its paired advantage over the first (the first stage's
    choice) exceeds ``z`` standard errors; otherwise the first."""
    best, best_mean = 0, 0.0
    if not values[0]:
        return best
    for k in range(1, len(values)):
        mean, error = _differences(values[k], values[0])
        if mean > best_mean and mean > z * error:
            best, best_mean = k, mean
    return best
