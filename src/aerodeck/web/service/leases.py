"""Which process runs a table's bots and move clock, when several serve one store: a lease per
table, held by one process until it runs out, renewed by its holder every third of its length.

A process takes the lease of each table it creates; every round it renews its leases and takes a
few that are free or ran out (a dead holder's), in random order, so the processes that survive
share the dead one's tables. A holder with no connection to a table whose players are connected
to another process hands the lease to that one (service/cluster.py): the lease follows the
table's connections, which the proxy sends to one process. A takeover or a hand-over raises the
lease's epoch, and the store refuses a bot's, the clock's or a forfeit's write made under an
older one (the fence), so a process that lost a lease without noticing (paused, cut off) writes
nothing more there. The store's clock times the leases.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from aerodeck.web.service.peers import Fence

CLAIMS_PER_ROUND = 25  # leases one process takes at most per round (a dead holder's are shared)


class LeaseStore(Protocol):
    """The lease queries (``aerodeck.web.db.cluster_store.ClusterStore``)."""

    async def take(self, table_id: str, holder: str, seconds: float) -> int | None: ...

    async def renew(self, holder: str, seconds: float) -> dict[str, int]: ...

    async def claim(self, holder: str, seconds: float, most: int) -> dict[str, int]: ...

    async def hand_over(self, holder: str, to: dict[str, str], seconds: float) -> set[str]: ...

    async def release(self, holder: str) -> None: ...


@dataclass(frozen=True)
class Round:
    """What a round changed: the leases lost (taken over by another process) and taken."""

    lost: frozenset[str]
    taken: frozenset[str]


class Leases:
    """This process's leases: table id -> epoch."""

    def __init__(self, store: LeaseStore, holder: str, seconds: float) -> None:
        self.store = store
        self.holder = holder
        self.seconds = seconds
        self.held: dict[str, int] = {}

    @property
    def renew_every(self) -> float:
        return self.seconds / 3

    def holds(self, table_id: str) -> bool:
        return table_id in self.held

    def fence(self, table_id: str) -> Fence | None:
        epoch = self.held.get(table_id)
        return None if epoch is None else Fence(self.holder, epoch)

    async def take(self, table_id: str) -> bool:
        """Take the lease of a table just created here; whether it is this process's."""
        epoch = await self.store.take(table_id, self.holder, self.seconds)
        if epoch is not None:
            self.held[table_id] = epoch
        return epoch is not None

    async def round(self) -> Round:
        """Renew what this process holds, then take what is free or ran out."""
        renewed = await self.store.renew(self.holder, self.seconds)
        lost = frozenset(
            table_id for table_id, epoch in self.held.items() if renewed.get(table_id) != epoch
        )
        # a process restarted under the same name finds its leases still its own
        kept = renewed.keys() - self.held.keys()
        self.held = {**renewed}
        taken = await self.store.claim(self.holder, self.seconds, CLAIMS_PER_ROUND)
        self.held.update(taken)
        return Round(lost, frozenset(taken.keys() | kept))

    async def hand_over(self, to: dict[str, str]) -> frozenset[str]:
        """Hand the leases of the tables in ``to`` (table id -> process) over to those
        processes, which renew them as their own at their next round: the tables handed. The
        lease never goes free on the way, so no other process takes it meanwhile."""
        handed = await self.store.hand_over(self.holder, to, self.seconds)
        for table_id in handed:
            self.held.pop(table_id, None)
        return frozenset(handed)

    async def release(self) -> None:
        """Give every lease up (a clean shutdown: the others take over at their next round)."""
        self.held.clear()
        await self.store.release(self.holder)
