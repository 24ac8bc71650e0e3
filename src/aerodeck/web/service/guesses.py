"""Wrong secrets (seat and host tokens, invite codes) counted per client address and per table.

A few wrong tries are free; past ``per_address`` wrong ones from an address, or ``per_table`` at
one table, within ``window`` seconds, every further try (right or wrong) is refused before the
secret is looked at until the window lets one more in: a guesser gets a handful of tries a
minute, however fast they send. The secret itself is never logged, only where it came from.
Counts live in this process's memory, as the sign-in throttle's do (``service/throttle.py``).
"""

from __future__ import annotations

import logging
import math

from aerodeck.web.service.limits import WindowCounter

log = logging.getLogger("aerodeck.web")

MAX_KEYS = 100_000  # remembered addresses and tables before the idle ones are dropped


class TooManyGuessesError(Exception):
    """A try refused unread; ``retry_after`` in whole seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class SecretGuesses:
    """The wrong secrets of the last ``window`` seconds, per address and per table."""

    def __init__(self, per_address: int, per_table: int, window: float) -> None:
        self.addresses = WindowCounter(per_address, window)
        self.tables = WindowCounter(per_table, window)

    def check(self, address: str, table_id: str) -> None:
        """TooManyGuessesError when the address or the table has spent its wrong tries."""
        for counter, key, what in (
            (self.addresses, address, "from this address"),
            (self.tables, table_id, "at this table"),
        ):
            wait = counter.retry_after(key)
            if wait > 0:
                seconds = max(1, math.ceil(wait))
                raise TooManyGuessesError(
                    f"too many wrong tokens or codes {what}: try again in {seconds} s", seconds
                )

    def wrong(self, address: str, table_id: str, what: str) -> None:
        """Count one wrong secret (``what`` says which kind; the secret is not logged)."""
        self.addresses.allow(address)
        self.tables.allow(table_id)
        log.warning("table %s: wrong %s from %s", table_id, what, address)
        for counter in (self.addresses, self.tables):
            if len(counter) > MAX_KEYS:
                counter.forget_idle()
