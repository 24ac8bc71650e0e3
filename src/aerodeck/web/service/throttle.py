"""Sign-in attempts counted per account and per client address, in one process's memory.
A sliding window per key (``limits.KeyedTries``): every attempt counts, right or wrong, so a
guesser gets a few tries a minute per account however many addresses they use, and one address
a few more spread over many accounts. The counts live in this process: a restart forgets them,
and several server processes would each count their own (docs/server.md says so).
"""

from __future__ import annotations

from aerodeck.core.i18n import N_
from aerodeck.web.service.limits import KeyedTries

FROM_ADDRESS, FOR_ACCOUNT = N_("from this address"), N_("for this account")


class SignInThrottle(KeyedTries):
    """At most ``per_account`` attempts per account and ``per_address`` per client address
    within ``window`` seconds."""

    def __init__(self, per_account: int, per_address: int, window: float) -> None:
        limits = {FROM_ADDRESS: per_address, FOR_ACCOUNT: per_account}
        super().__init__(N_("sign-in attempts"), limits, window)

    def attempt(self, account: str, address: str) -> None:
        """Count one attempt, or TooManyTriesError (not counted) when either key is spent."""
        keys = {FROM_ADDRESS: address, FOR_ACCOUNT: account}
        self.check(keys)
        self.count(keys)
