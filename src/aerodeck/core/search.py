"""How much the ``hard`` and ``expert`` levels search in a game: plain data each game returns
from ``Game.search_settings()`` and ``Game.expert_settings()`` (the agents' rollout search and
guided ISMCTS read it; docs/bots.md measures the settings per game)."""

from __future__ import annotations

from dataclasses import dataclass, replace

EXPERT_WORLDS = 4
"""``expert`` samples this many times ``hard``'s worlds (and ISMCTS iterations)."""
EXPERT_BUDGET = 20_000
"""``expert``'s playout moves a decision at most: about 45 us a move on the loaded machine
(docs/bots.md, "Time per move"), so the slowest decision stays near a second of one core."""


@dataclass(frozen=True)
class SearchSettings:
    """The rollout search's look-ahead, or ``ismcts`` iterations of the guided ISMCTS instead.

    ``worlds`` determinizations a decision at most (or as many as ``seconds`` allows), and
    ``min_worlds`` before a candidate can be dropped; ``horizon`` playout moves before the
    game's ``evaluate`` judges the position (None: play to the end); ``blend`` the evaluation's
    weight beside the win at a finished playout (a margin); ``width`` the most candidates besides
    the heuristic's own (None: every legal move); ``deviation_z`` how clear the paired advantage
    over the heuristic's move must be to play another move (``drop_z`` to drop a candidate);
    ``budget`` the most playout moves a decision (no more worlds once spent: a cap on the time of
    a decision with many candidates that stays reproducible, unlike a clock; about 40 us a move).
    ``phases`` the decisions searched, by the view's ``phase`` (None: all): the others take the
    heuristic's move, so a budget goes to the kinds of decision where search finds better moves.
    ``ismcts``: search with that many iterations of the heuristic-guided ISMCTS instead of
    rollouts (None: rollouts).
    """

    worlds: int = 16
    min_worlds: int = 4
    horizon: int | None = None
    blend: float = 0.0
    width: int | None = None
    deviation_z: float = 1.0
    drop_z: float = 1.0
    budget: int | None = 12_000
    seconds: float | None = None
    phases: tuple[str, ...] | None = None
    ismcts: int | None = None

    @property
    def evaluates(self) -> bool:
        """Whether the search asks the game's ``evaluate`` (a horizon, or a blend)."""
        return self.horizon is not None or bool(self.blend)


@dataclass(frozen=True)
class AnalysisThresholds:
    """How much expected return (0..1, the seat's share of the win) a move may lose against the
    best move found before the analysis marks it (``Game.analysis_thresholds()``, used by
    ``agents.analysis``; each game's docs page gives its numbers): an inaccuracy (?!), a mistake
    (?) or a blunder (??)."""

    inaccuracy: float = 0.05
    mistake: float = 0.10
    blunder: float = 0.20

    def mark(self, loss: float) -> str | None:
        """The mark of a move that lost ``loss``: "blunder", "mistake", "inaccuracy" or None."""
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return None


def expert_default(hard: SearchSettings) -> SearchSettings:
    """``expert``'s search where a game brings no settings of its own: ``hard``'s, with
    ``EXPERT_WORLDS`` times the worlds (or ISMCTS iterations), twice the candidates where
    ``hard`` caps them, and a budget of ``EXPERT_BUDGET`` playout moves (a count, so a game
    replays exactly; never below ``hard``'s own)."""
    if hard.ismcts is not None:
        return replace(hard, ismcts=hard.ismcts * EXPERT_WORLDS)
    budget = EXPERT_BUDGET if hard.budget is None else max(hard.budget, EXPERT_BUDGET)
    return replace(
        hard,
        worlds=hard.worlds * EXPERT_WORLDS,
        width=None if hard.width is None else hard.width * 2,
        budget=budget,
    )
