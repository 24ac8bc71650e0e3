"""What the service measures, as a protocol the web layer implements with Prometheus
(``aerodeck.web.metrics``): the service imports no metrics library. ``NO_METER`` measures nothing
(the hub's default, so a hub built by a test or a script needs none)."""

from __future__ import annotations

from typing import Protocol


class Meter(Protocol):
    """Where the move path reports its times (seconds) and counts."""

    def move_acknowledged(self, source: str, seconds: float) -> None:
        """A move by ``source`` (human, bot, clock) was stored and acknowledged ``seconds`` after
        it reached the hub."""
        ...

    def move_refused(self, code: str) -> None:
        """A move was refused with ``code`` (stale, illegal, ...)."""
        ...

    def move_committed(self, seconds: float) -> None:
        """The store took ``seconds`` to commit one move (its group commit included)."""
        ...

    def bot_decided(self, bot: str, seconds: float) -> None:
        """Bot ``bot`` took ``seconds`` to choose a move (the random bot's stand-in included)."""
        ...

    def pubsub_delivered(self, seconds: float) -> None:
        """A change another process told reached this one ``seconds`` after it was sent
        (several processes: service/cluster.py)."""
        ...

    def moves_caught_up(self, count: int) -> None:
        """``count`` moves another process made were read from the store and applied here, for
        this process's connections to the table (several processes: service/cluster.py)."""
        ...


class NoMeter:
    """A meter that keeps nothing."""

    def move_acknowledged(self, source: str, seconds: float) -> None:
        pass

    def move_refused(self, code: str) -> None:
        pass

    def move_committed(self, seconds: float) -> None:
        pass

    def bot_decided(self, bot: str, seconds: float) -> None:
        pass

    def pubsub_delivered(self, seconds: float) -> None:
        pass

    def moves_caught_up(self, count: int) -> None:
        pass


NO_METER: Meter = NoMeter()
