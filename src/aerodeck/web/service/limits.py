"""Rates and counts: a token bucket per connection, a sliding window per key, and tries limited
per two keys at once (sign-ins per account and address, wrong secrets per address and table)."""

from __future__ import annotations

import math
import time
from collections import deque

from aerodeck.core.i18n import _

MAX_KEYS = 100_000  # remembered keys of a KeyedTries before the idle ones are dropped


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


class TooManyTriesError(Exception):
    """A try refused before it was looked at; ``retry_after`` in whole seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class KeyedTries:
    """Tries counted under several keys at once, each kind of key with its own limit within
    ``window`` seconds: ``limits`` maps the words naming a kind ("from this address") to its
    limit. Counts live in this process's memory: a restart forgets them."""

    def __init__(self, tries: str, limits: dict[str, int], window: float) -> None:
        self.tries = tries  # what is counted, in words: "sign-in attempts"
        self.counters = {what: WindowCounter(limit, window) for what, limit in limits.items()}

    def check(self, keys: dict[str, str]) -> None:
        """TooManyTriesError when any key (by the words of its kind) has spent its tries."""
        for what, key in keys.items():
            wait = self.counters[what].retry_after(key)
            if wait > 0:
                seconds = max(1, math.ceil(wait))
                message = _(
                    "too many {tries} {what}: try again in {seconds} s",
                    tries=_(self.tries),
                    what=_(what),
                    seconds=seconds,
                )
                raise TooManyTriesError(message, seconds)

    def count(self, keys: dict[str, str]) -> None:
        """Count one try under every key."""
        for what, key in keys.items():
            counter = self.counters[what]
            counter.allow(key)
            if len(counter) > MAX_KEYS:
                counter.forget_idle()
