"""Analysis of a finished game: every decision of a seat judged by the ``hard`` level's search,
from what that seat could see when it decided.

For each decision with more than one legal move (a forced move teaches nothing), the analysis
takes the seat's ``Observation`` (its view, its legal moves and its sampler of worlds consistent
with the view; never the state's hidden cards) and estimates the value of the candidate moves:
the seat's expected return in [0, 1] after the move, as the mean over sampled worlds of a
playout in which every seat plays the game's heuristic bot, to the end or to the game's horizon
and ``Game.evaluate`` (``Game.search_settings()``, the machinery of ``agents.rollouts``). The
comparison is paired: every candidate is played out in the same worlds.

- **Candidates**: the heuristic's own move, the move played, and the other legal moves; when
  there are more than ``Budget.width`` others, a sample of them drawn with the decision's seed
  (the heuristic names one move, not a ranking, so "top-k by the heuristic" is its move plus a
  sample).
- **Loss** = value(best) - value(played), where the best is the candidate with the highest
  mean whose paired advantage over the played move exceeds ``NOISE_Z`` standard errors; a
  smaller advantage is within the noise of the sampled worlds and counts as no loss (the
  played move is then the best found).
- **Marks**: inaccuracy (?!), mistake (?), blunder (??) at the game's
  ``Game.analysis_thresholds()`` (a loss of 0.05, 0.10, 0.20 of expected return by default;
  each game's docs page gives its numbers).
- **Accuracy** of a move: lichess's transform of the win-percentage loss,
  ``103.1668 * exp(-0.04354 * 100 * loss) - 3.1669`` clamped to 0..100 (a move that loses
  nothing is 100, one that loses 0.10 about 64, 0.20 about 40); of a player, the mean over its
  judged decisions.

**Deterministic and information-only.** Each decision's generator is seeded from a hash of the
seat's view and the move number (``information_seed``), never from the game's seed, which fixes
the hidden cards: two games that a seat could not tell apart get the same judgement, which
tests/agents/test_analysis.py checks by redrawing the other seats' cards. Budgets are counts
(worlds and playout moves), so the same record always gives the same analysis.

The result is plain JSON (``analyse``), read alike by the terminal (``replay --analyse``) and
the table server (stored with the table, drawn on the replay page).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from aerodeck.agents.rollouts import RolloutAgent
from aerodeck.core.api import JSON, Action, Game, Observation, State
from aerodeck.core.errors import IllegalActionError
from aerodeck.core.records import replay

FORMAT = "aerodeck-analysis"
VERSION = 1
NOISE_Z = 1.0
"""How many standard errors of the paired difference a better move must clear to count."""
WORDING_WORLDS = 2
"""Worlds in which a candidate is tried to word it: only the events alike in all are kept (a
card drawn at random in a sampled world is the sampler's guess, not what the move does)."""
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
COUNTS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}

Progress = Callable[[int, int], None]
"""Called after each judged decision with (done, total)."""


@dataclass(frozen=True)
class Budget:
    """How much the analysis searches a decision, in counts (so it replays exactly).

    ``worlds``: sampled worlds at most (None: the game's ``search_settings().worlds``, at most
    ``MAX_WORLDS``); ``moves``: playout moves at most (None: the settings' ``budget``, or
    12,000); ``width``: the most candidates besides the heuristic's and the played move."""

    worlds: int | None = None
    moves: int | None = None
    width: int = 8

    def resolved(self, game: Game) -> Budget:
        settings = game.search_settings()
        worlds = self.worlds if self.worlds is not None else min(settings.worlds, MAX_WORLDS)
        moves = self.moves if self.moves is not None else (settings.budget or DEFAULT_MOVES)
        return Budget(worlds=max(2, worlds), moves=moves, width=self.width)


MAX_WORLDS = 64
DEFAULT_MOVES = 12_000


def information_seed(view: JSON, move_number: int) -> int:
    """A decision's seed from what the seat knows: a hash of its view and the move number."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    digest = hashlib.sha256(f"{move_number}:{text}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def move_accuracy(loss: float) -> float:
    """A move's accuracy, 0..100, from the expected return it lost (see the module's doc)."""
    value = 103.1668 * math.exp(-0.04354 * 100 * max(0.0, loss)) - 3.1669
    return round(min(100.0, max(0.0, value)), 1)


def judge(observation: Observation, played: Action | None, budget: Budget) -> JSON:
    """One decision judged from ``observation`` alone: the candidates' values, the best move,
    the loss and the mark (plain JSON; ``seat``, ``number`` and the words are added by
    ``analyse``). ``played`` None: judge the heuristic's move (a hint's question)."""
    game = observation.game
    budget = budget.resolved(game)
    settings = game.search_settings()
    seed = information_seed(observation.view, observation.move_number)
    evaluate = game.evaluate if settings.evaluates else None
    searcher = RolloutAgent(
        game, seed, policy=game.bots()["heuristic"], settings=settings, evaluate=evaluate
    )
    rng = random.Random(seed)
    favourite = searcher.policy.choose(observation)
    played = favourite if played is None else played
    if played not in observation.legal_actions:  # candidates are applied unchecked below
        raise IllegalActionError(f"{played} is not among the seat's legal moves")
    candidates = _candidates(observation.legal_actions, favourite, played, budget.width, rng)
    values: list[list[float]] = [[] for _ in candidates]
    worlds = 0
    assert budget.worlds is not None and budget.moves is not None
    while worlds < budget.worlds and (worlds < 2 or searcher.steps < budget.moves):
        world = observation.sample(rng).mute_events()
        for k, candidate in enumerate(candidates):
            trial = world.clone()
            trial.apply_unchecked(candidate)
            values[k].append(searcher.playout(trial, observation.seat))
        worlds += 1
    means = [sum(v) / len(v) for v in values]
    played_at = candidates.index(played)
    best_at = _best(values, played_at)
    loss = max(0.0, means[best_at] - means[played_at])
    ranked = sorted(range(len(candidates)), key=lambda k: (-means[k], k))
    return {
        "played": str(played),
        "best": str(candidates[best_at]),
        "heuristic": str(favourite),
        "value": round(means[played_at], 4),
        "best_value": round(means[best_at], 4),
        "loss": round(loss, 4),
        "mark": game.analysis_thresholds().mark(loss),
        "accuracy": move_accuracy(loss),
        "candidates": [{"move": str(candidates[k]), "value": round(means[k], 4)} for k in ranked],
        "worlds": worlds,
        "playout_moves": searcher.steps,
    }


def _candidates(
    legal: Sequence[Action], favourite: Action, played: Action, width: int, rng: random.Random
) -> list[Action]:
    """The heuristic's move, the played move, then the others (a seeded sample past ``width``)."""
    first = [favourite] if favourite == played else [favourite, played]
    others = [a for a in legal if a not in first]
    if len(others) > width:
        others = rng.sample(others, width)
    return [*first, *others]


def _best(values: list[list[float]], played: int) -> int:
    """The candidate with the best mean whose paired advantage over the played move clears
    ``NOISE_Z`` standard errors; the played move when none does."""
    base = values[played]
    best, best_mean = played, 0.0
    n = len(base)
    for k, row in enumerate(values):
        diffs = [a - b for a, b in zip(row, base, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        if mean > best_mean and mean > NOISE_Z * math.sqrt(var / n):
            best, best_mean = k, mean
    return best


def seen_events(observation: Observation, action: Action, seed: int) -> list[JSON]:
    """The events ``action`` would cause as the seat sees them, alike in ``WORDING_WORLDS``
    sampled worlds (what the move does, not the sampler's guess at a card): where the seat's
    version differs between worlds (a card it would draw), the public version if that is alike
    ("draws a card"). The faces word them with ``Game.describe_event``."""
    mine, public = [], []
    for k in range(WORDING_WORLDS):
        world = observation.sample(random.Random(seed + k))
        since = world.event_count
        world.apply_unchecked(action)
        mine.append(world.events_since(since, observation.seat))
        public.append(world.events_since(since, None))
    alike = []
    for own, seen in zip(zip(*mine, strict=False), zip(*public, strict=False), strict=False):
        if all(event == own[0] for event in own):
            alike.append(own[0])
        elif all(event == seen[0] for event in seen):
            alike.append(seen[0])
    return alike


def decisions_of(record: Mapping[str, Any], seats: Collection[int] | None = None) -> int:
    """How many decisions ``analyse`` would judge (the total its progress counts to)."""
    return sum(1 for _ in _decisions(record, seats))


def _decisions(
    record: Mapping[str, Any], seats: Collection[int] | None
) -> Any:  # an iterator of (state before the move, seat, action)
    state = replay(record, upto=0)
    for text in record["actions"]:
        seat = state.current_player
        assert seat is not None
        action = state.game.parse_action(state, str(text))
        if (seats is None or seat in seats) and len(state.legal_actions()) > 1:
            yield state, seat, action
        state.apply(action)


def analyse(
    record: Mapping[str, Any],
    seats: Collection[int] | None = None,
    budget: Budget | None = None,
    progress: Progress | None = None,
) -> JSON:
    """Judge every decision of ``seats`` (None: all) in a finished game's ``record``.

    RecordError if the record does not replay. The result (plain JSON): the game, the seats,
    the thresholds and budget used, ``decisions`` (per decision: ``seat``, ``number`` (the move,
    from 1), ``played``, ``best``, ``value`` (the seat's expected return after the move played),
    ``best_value``, ``loss``, ``mark``, ``accuracy``, the ``candidates`` with their values, and
    ``best_events``: the better move's events as the seat would have seen them, for the faces to
    word) and ``players`` (per seat: accuracy, counts of each mark, mean loss).
    """
    final = replay(record)
    game = final.game
    budget = (budget or Budget()).resolved(game)
    chosen = sorted(set(range(game.players) if seats is None else seats))
    total = decisions_of(record, chosen)
    decisions = []
    for state, seat, action in _decisions(record, chosen):
        observation = state.observation(seat)
        judged = judge(observation, action, budget)
        best = game.parse_action(state, judged["best"])
        seed = information_seed(observation.view, observation.move_number)
        words = seen_events(observation, best, seed) if best != action else []
        decisions.append(
            {"seat": seat, "number": state.move_number + 1, **judged, "best_events": words}
        )
        if progress is not None:
            progress(len(decisions), total)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "players": game.players,
        "seats": chosen,
        "moves": len(record["actions"]),
        "thresholds": asdict(game.analysis_thresholds()),
        "budget": asdict(budget),
        "decisions": decisions,
        "summary": [_summary(seat, decisions) for seat in chosen],
    }


def _summary(seat: int, decisions: list[JSON]) -> JSON:
    mine = [d for d in decisions if d["seat"] == seat]
    count = len(mine)
    return {
        "seat": seat,
        "decisions": count,
        "accuracy": round(sum(d["accuracy"] for d in mine) / count, 1) if count else None,
        "mean_loss": round(sum(d["loss"] for d in mine) / count, 4) if count else None,
        **{COUNTS[mark]: sum(1 for d in mine if d["mark"] == mark) for mark in MARKS},
    }


def suggestion(state: State, seat: int, budget: Budget | None = None) -> JSON:
    """A hint for ``seat`` to move now, from its observation only: the ``hard`` search's best
    move found with its value and the next best value (plain JSON: ``move``, ``value``,
    ``next_value`` (None when there is one candidate), ``events`` for the words)."""
    observation = state.observation(seat)
    legal = observation.legal_actions
    if len(legal) == 1:
        return {"move": str(legal[0]), "value": None, "next_value": None, "events": []}
    judged = judge(observation, None, budget or Budget())
    ranked = judged["candidates"]
    best = judged["best"]
    best_value = next(c["value"] for c in ranked if c["move"] == best)
    others = [c["value"] for c in ranked if c["move"] != best]
    action = state.game.parse_action(state, best)
    seed = information_seed(observation.view, observation.move_number)
    return {
        "move": best,
        "value": best_value,
        "next_value": max(others) if others else None,
        "events": seen_events(observation, action, seed),
    }
