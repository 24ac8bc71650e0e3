"""The move clock's arithmetic: when the decision in progress runs out, from what is stored.

A table's turn begins at its last move, or when the game started before the first move (both
stored: ``tables.turn_began_at``). Its deadline is that moment plus the table's clock, so a server
that restarts resumes the time left instead of starting a fresh clock, and a clock that ran out
while the server was down acts at once. Nothing here reads the time: the caller gives ``now``
(naive UTC, as the store keeps it), so the arithmetic is tested without waiting.

What running out does is the host's choice at creation: ``bot`` (the table's fallback bot makes
that one move; the seat stays its player's) or ``forfeit`` (the game ends and the seat loses;
``service/forfeit.py`` has the ruling).
"""

from __future__ import annotations

from datetime import datetime, timedelta

MIN_CLOCK = 5  # seconds
MAX_CLOCK = 7 * 24 * 3600  # a week: turn-based play
ON_TIMEOUT = ("bot", "forfeit")


def deadline(turn_began: datetime, clock: int) -> datetime:
    """When a decision that began at ``turn_began`` runs out, with ``clock`` seconds for it."""
    return turn_began + timedelta(seconds=clock)


def seconds_left(turn_began: datetime, clock: int, now: datetime) -> float:
    """Seconds until the deadline, at ``now``; 0 once it has passed (the clock acts at once)."""
    return max(0.0, (deadline(turn_began, clock) - now).total_seconds())
