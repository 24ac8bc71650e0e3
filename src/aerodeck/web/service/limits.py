"""Rates and counts: a token bucket per connection and a sliding window per client address."""

from __future__ import annotations

import time
from collections import deque


class TokenBucket:
    """``rate`` frames per second on average, bursts of ``burst``; ``take`` says if one may pass."""

    __slots__ = ("burst", "last", "level", "rate")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.level = float(burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True


class WindowCounter:
    """At most ``limit`` events per key within ``window`` seconds (table creations per address)."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self._events: dict[str, deque[float]] = {}

    def allow(self, key: str) -> bool:
        """Count one event for ``key`` if it is within the limit; False (not counted) otherwise."""
        now = time.monotonic()
        events = self._events.setdefault(key, deque())
        while events and events[0] <= now - self.window:
            events.popleft()
        if len(events) >= self.limit:
            return False
        events.append(now)
        return True

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may have one more event (0 when it may now)."""
        events = self._events.get(key)
        if not events or len(events) < self.limit:
            return 0.0
        return max(0.0, events[-self.limit] + self.window - time.monotonic())

    def __len__(self) -> int:
        """How many keys are remembered."""
        return len(self._events)

    def forget_idle(self) -> None:
        """Drop keys with no event in the window (the purge calls it)."""
        now = time.monotonic()
        for key in [k for k, v in self._events.items() if not v or v[-1] <= now - self.window]:
            del self._events[key]
