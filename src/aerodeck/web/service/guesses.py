"""Wrong secrets (seat and host tokens, invite codes) counted per client address and per table.
A few wrong tries are free; past ``per_address`` wrong ones from an address, or ``per_table`` at
one table, within ``window`` seconds, every further try (right or wrong) is refused before the
secret is looked at until the window lets one more in: a guesser gets a handful of tries a
minute, however fast they send. The secret itself is never logged, only where it came from.
Counts live in this process's memory, as the sign-in throttle's do (``service/throttle.py``).
"""

from __future__ import annotations

import logging

from aerodeck.core.i18n import N_
from aerodeck.web.service.limits import KeyedTries

log = logging.getLogger("aerodeck.web")
FROM_ADDRESS, AT_TABLE = N_("from this address"), N_("at this table")


class SecretGuesses(KeyedTries):
    """The wrong secrets of the last ``window`` seconds, per address and per table."""

    def __init__(self, per_address: int, per_table: int, window: float) -> None:
        limits = {FROM_ADDRESS: per_address, AT_TABLE: per_table}
        super().__init__(N_("wrong tokens or codes"), limits, window)

    def spent(self, address: str, table_id: str) -> None:
        """TooManyTriesError when the address or the table has spent its wrong tries."""
        self.check({FROM_ADDRESS: address, AT_TABLE: table_id})

    def wrong(self, address: str, table_id: str, what: str) -> None:
        """Count one wrong secret (``what`` says which kind; the secret is not logged)."""
        self.count({FROM_ADDRESS: address, AT_TABLE: table_id})
        log.warning("table %s: wrong %s from %s", table_id, what, address)
