"""The other server processes serving the same tables, as the hub sees them: one small interface,
``Peers``, that the move path and the lobby's changes call, with two implementations.

- ``Alone`` (SQLite, or any single process): there are no peers. Telling them is nothing, this
  process is always up to date and runs every table's bots and clock. The hub's default.
- ``service/cluster.py``'s ``Cluster`` (PostgreSQL, any number of processes): a change is told
  to the others through the store's pub/sub (``Bus``) as a small ``Change`` (table, version,
  kind); each process reads what it lacks from the store and pushes it to its own connections.
  A lease per table (``service/leases.py``) says which process runs its bots and clock.

The store decides between processes: a move is stored at (table, seq) at most once, so two
processes racing for the same version get one ack and one stale refusal, which the client
already handles.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from aerodeck.web.service.tables import Table

# what changed at a table (a Change's kind)
MOVE = "move"  # moves stored: read them and send the updates
SEATS = "seats"  # a seat claimed, released, handed to a bot or back, re-issued; a start
END = "end"  # the game ended by a forfeit (the clock ran out)
CHAT = "chat"  # a chat message stored
CHAT_STATE = "chat_state"  # the host closed or opened the chat
REMATCH = "rematch"  # a rematch offered, answered, started
PRESENCE = "presence"  # which seats have a connection on the telling process
ALIVE = "alive"  # the telling process lives (no table)
KINDS = (MOVE, SEATS, END, CHAT, CHAT_STATE, REMATCH, PRESENCE, ALIVE)


@dataclass(frozen=True)
class Fence:
    """The lease a bot, clock or forfeit write is made under: the store refuses the write unless
    ``holder`` still holds the table's lease at ``epoch`` (a takeover raises the epoch)."""

    holder: str
    epoch: int


@dataclass(frozen=True)
class Change:
    """What one process tells the others: ``table`` changed (``kind``), now at ``version``;
    ``seats`` for a presence change; ``origin`` the telling process, ``sent`` its wall clock
    (seconds since the epoch: the pub/sub lag is measured from it); ``incarnation``, in an
    alive change, a random id the telling process drew when it started (a new one under a known
    name: the process restarted, and what its last run told holds no more)."""

    kind: str
    table: str
    version: int
    origin: str
    sent: float
    seats: tuple[int, ...] = field(default=())
    incarnation: str = ""


class Bus(Protocol):
    """A pub/sub between the processes: what one publishes, every other one hears."""

    async def start(self, hear: Callable[[Change], None]) -> None:
        """Listen: ``hear`` is called with every change another process publishes."""
        ...

    def publish(self, change: Change) -> None:
        """Tell every listening process, soon (best effort: a lost change is repaired by the
        sweep); never waits."""
        ...

    def listening(self) -> bool:
        """Whether changes are heard now (the readiness check)."""
        ...

    async def close(self) -> None: ...


class Peers(Protocol):
    """What the hub asks of the other processes."""

    def tell(self, table: Table, kind: str) -> None:
        """``table`` changed (``kind``): the other processes' connections must hear of it."""
        ...

    async def catch_up(self, table: Table) -> bool:
        """Read what other processes stored at ``table`` since this process last did, apply it
        and send it to this process's connections (called with the table's lock held); whether
        anything changed."""
        ...

    async def opened(self, table: Table) -> None:
        """``table`` was just created here: this process runs its bots and clock."""
        ...

    def drives(self, table: Table) -> bool:
        """Whether this process runs ``table``'s bots and clock now."""
        ...

    def fence(self, table: Table) -> Fence | None:
        """The lease this process's bot, clock and forfeit writes at ``table`` are made under
        (None: no lease is checked)."""
        ...

    def ready(self) -> str | None:
        """Why this process should not get traffic now (None: it may)."""
        ...


class Alone:
    """No other process: nothing to tell, always up to date, every table driven here."""

    def tell(self, table: Table, kind: str) -> None:
        pass

    async def catch_up(self, table: Table) -> bool:
        return False

    async def opened(self, table: Table) -> None:
        pass

    def drives(self, table: Table) -> bool:
        return True

    def fence(self, table: Table) -> Fence | None:
        return None

    def ready(self) -> str | None:
        return None


ALONE: Peers = Alone()
