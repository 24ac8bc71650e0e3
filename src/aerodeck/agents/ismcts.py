"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Generic over the core contract only: each iteration samples a world consistent with the searching
seat's view (``Observation.sample``, i.e. ``State.determinize``), descends the shared tree choosing
among the actions legal in that world with availability-aware UCB, expands one new action, plays
the game out, and credits every node with the final return of the seat that acted there:
multiplayer, one reward per seat.

The playout is uniformly random by default, or driven by a rollout bot (a game's ``heuristic``):
in games of a hundred or more decisions, random playouts say little about a position, while a
playout between two sensible bots does (docs/bots.md measures both). A rollout bot may also act as
a prior at the root: its own choice is expanded first and wins ties, so with a small budget the
search keeps the bot's move unless another is clearly better (``_clearly_better``) instead of
replacing it with noise.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from aerodeck.core.api import Action, Agent, Game, Observation, State
from aerodeck.core.rng import decision_seed

EXPLORATION = 0.7  # rewards lie in [0, 1]; sqrt(2)/2 is the usual constant at that scale
MAX_ROLLOUT = 100_000
DEVIATION_Z = 2.5  # one-sided, and the challenger is the best of several: keep it strict
FAVOURITE_SHARE = 4  # the prior's move gets at least 1/4 of the root visits, for a fair test


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


def _clearly_better(challenger: Node, favourite: Node) -> bool:
    """Whether the search's move beats the prior's by more than its noise (z = 2 on the means,
    with one win and one loss of pseudo-counts): small budgets then only overrule clear mistakes."""
    a = (challenger.reward + 1) / (challenger.visits + 2)
    b = (favourite.reward + 1) / (favourite.visits + 2)
    noise = math.sqrt(a * (1 - a) / (challenger.visits + 2) + b * (1 - b) / (favourite.visits + 2))
    return a - b > DEVIATION_Z * noise


class IsmctsAgent:
    """ISMCTS with an iteration budget (reproducible) or a time budget (seconds).

    ``rollout`` is a bot factory for the playouts; ``epsilon`` is the share of playout moves
    taken at random instead (some noise keeps the playouts from repeating one line). With
    ``prior`` the rollout bot's move at the root is tried first and preferred on equal visits.
    """

    def __init__(
        self,
        game: Game,
        seed: int,
        iterations: int = 300,
        seconds: float | None = None,
        rollout: Callable[[Game, int], Agent] | None = None,
        epsilon: float = 0.0,
        prior: bool = False,
        name: str = "ismcts",
    ) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout_agent = rollout(game, self.rng.getrandbits(63)) if rollout else None
        self.epsilon = epsilon
        self.prior = prior and self.rollout_agent is not None
        self.name = name

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        # Each decision's search is seeded from the seed and the move number: a game resumed
        # from its record (the agent rebuilt) searches exactly as the uninterrupted one.
        self.rng.seed(decision_seed(self.seed, observation.move_number))
        root = Node()
        favourite: Action | None = None
        if self.prior and self.rollout_agent is not None:
            favourite = self.rollout_agent.choose(observation)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations if deadline is None else time.perf_counter() < deadline:
            first = None
            if favourite is not None:
                held = root.children.get(favourite)
                if held is None or held.visits * FAVOURITE_SHARE <= done:
                    first = favourite
            self._iterate(root, observation.sample(self.rng).mute_events(), first)
            done += 1

        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        if favourite is None or best == favourite or favourite not in root.children:
            return best
        return best if _clearly_better(root.children[best], root.children[favourite]) else favourite

    def _iterate(self, root: Node, world: State, first: Action | None) -> None:
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
            if node is root and first in node.children and first in legal:
                action = first  # the prior's share of the root visits (see choose)
                node = node.children[action]
                world.apply_unchecked(action)
                path.append((node, seat))
                first = None
                continue
            if untried:
                action = first if first in untried else self.rng.choice(untried)
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
            first = None
        returns = self._rollout(world)
        for visited, seat in path:
            visited.visits += 1
            visited.reward += returns[seat]

    def _rollout(self, world: State) -> list[float]:
        steps = 0
        bot = self.rollout_agent
        rng = self.rng
        while not world.is_terminal:
            legal = world.legal_actions()
            if bot is None or len(legal) == 1 or rng.random() < self.epsilon:
                action = legal[0] if len(legal) == 1 else rng.choice(legal)
            else:
                seat = world.current_player
                assert seat is not None
                action = bot.choose(world.observation(seat))
            world.apply_unchecked(action)
            steps += 1
            if steps > MAX_ROLLOUT:
                raise RuntimeError(f"{self.game.info.title}: a rollout did not end")
        return world.returns()
