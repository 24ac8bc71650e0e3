"""A table's status, one enum for the service, the store and the protocol alike."""

from __future__ import annotations

from enum import StrEnum


class TableStatus(StrEnum):
    """Where a table is in its life. The values are the protocol's and the store's strings
    (docs/web-protocol.md: ``status``)."""

    WAITING = "waiting"  # a human seat is not claimed yet: no move is made
    PLAYING = "playing"
    OVER = "over"  # the game ended (its record is whole)
