"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Generic over the core contract only: each iteration samples a world consistent with the searching
seat's view (``Observation.sample``, i.e. ``State.determinize``), descends the shared tree choosing
among the actions legal in that world with availability-aware UCB, expands one new action, plays
the game out (uniformly at random, or with a rollout bot), and credits every node with the final
return of the seat that acted there: multiplayer, one reward per seat.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from aerodeck.core.api import Action, Agent, Game, Observation, State

EXPLORATION = 0.7  # rewards lie in [0, 1]; sqrt(2)/2 is the usual constant at that scale
MAX_ROLLOUT = 100_000


class Node:
    """Statistics of one action in the tree; children keyed by action."""

    __slots__ = ("availability", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.availability = 0
        self.reward = 0.0

    def ucb(self, action: Action) -> float:
        child = self.children[action]
        return child.reward / child.visits + EXPLORATION * math.sqrt(
            math.log(child.availability) / child.visits
        )


class IsmctsAgent:
    """ISMCTS with an iteration budget (reproducible) or a time budget (seconds)."""

    def __init__(
        self,
        game: Game,
        seed: int,
        iterations: int = 300,
        seconds: float | None = None,
        rollout: Callable[[Game, int], Agent] | None = None,
        name: str = "ismcts",
    ) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout_agent = rollout(game, self.rng.getrandbits(63)) if rollout else None
        self.name = name

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        root = Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations if deadline is None else time.perf_counter() < deadline:
            self._iterate(root, observation.sample(self.rng))
            done += 1
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _iterate(self, root: Node, world: State) -> None:
        path: list[tuple[Node, int]] = []  # (node reached by an action, seat that chose it)
        node = root
        while not world.is_terminal:
            seat = world.current_player
            assert seat is not None
            legal = world.legal_actions()
            untried = [a for a in legal if a not in node.children]
            for action in legal:
                if action in node.children:
                    node.children[action].availability += 1
            if untried:
                action = self.rng.choice(untried)
                child = Node()
                child.availability = 1
                node.children[action] = child
                world.apply_unchecked(action)
                path.append((child, seat))
                break
            action = max(legal, key=node.ucb)
            node = node.children[action]
            world.apply_unchecked(action)
            path.append((node, seat))
        returns = self._rollout(world)
        for visited, seat in path:
            visited.visits += 1
            visited.reward += returns[seat]

    def _rollout(self, world: State) -> list[float]:
        steps = 0
        while not world.is_terminal:
            if self.rollout_agent is None:
                action = self.rng.choice(world.legal_actions())
            else:
                seat = world.current_player
                assert seat is not None
                action = self.rollout_agent.choose(world.observation(seat))
            world.apply_unchecked(action)
            steps += 1
            if steps > MAX_ROLLOUT:
                raise RuntimeError(f"{self.game.info.title}: a rollout did not end")
        return world.returns()
