"""Sign-in attempts counted per account and per client address, in one process's memory.

A sliding window per key (``limits.WindowCounter``): every attempt counts, right or wrong, so a
guesser gets a few tries a minute per account however many addresses they use, and one address
a few more spread over many accounts. The counts live in this process: a restart forgets them,
and several server processes would each count their own (docs/server.md says so).
"""

from __future__ import annotations

import math

from aerodeck.web.service.limits import WindowCounter

MAX_KEYS = 100_000  # remembered keys before the idle ones are dropped


class TooManyAttemptsError(Exception):
    """Sign-in refused before the password was looked at; ``retry_after`` in whole seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class SignInThrottle:
    """At most ``per_account`` attempts per account and ``per_address`` per client address
    within ``window`` seconds."""

    def __init__(self, per_account: int, per_address: int, window: float) -> None:
        self.accounts = WindowCounter(per_account, window)
        self.addresses = WindowCounter(per_address, window)

    def attempt(self, account: str, address: str) -> None:
        """Count one attempt, or TooManyAttemptsError (not counted) when either key is spent."""
        for counter, key, what in (
            (self.addresses, address, "from this address"),
            (self.accounts, account, "for this account"),
        ):
            wait = counter.retry_after(key)
            if wait > 0:
                raise TooManyAttemptsError(
                    f"too many sign-in attempts {what}: try again in {math.ceil(wait)} s",
                    math.ceil(wait),
                )
        self.addresses.allow(address)
        self.accounts.allow(account)
        for counter in (self.accounts, self.addresses):
            if len(counter) > MAX_KEYS:
                counter.forget_idle()
