"""The lease rounds and presence of several processes (service/cluster.py), driven step by step in
one event loop: each "process" is a real hub, store and lease store on one PostgreSQL database,
its ``Cluster`` speaking to the others through an in-memory bus instead of LISTEN/NOTIFY, so a
round runs when the test says and a change arrives when the loop turns once.

The sequences are those of the stall after a kill in web_cluster's run (docs/server.md, "Several
processes"): a process restarted under the same name before the others counted it dead, a lease
taken and handed on before its bots moved, a lease handed back and forth on beliefs that no longer
held, and a held table whose bots were never started.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path

from aerodeck.web.db.cluster_store import ClusterStore
from aerodeck.web.db.notify import decode, encode
from aerodeck.web.db.store import Store
from aerodeck.web.service.bots import Autoplay
from aerodeck.web.service.cluster import Cluster
from aerodeck.web.service.hub import Hub, SeatSpec
from aerodeck.web.service.leases import Leases
from aerodeck.web.service.peers import ALIVE, PRESENCE, Change
from aerodeck.web.service.tables import Table
from aerodeck.web.settings import Settings

GAME = ("aces_versus_aces", 2, {"target": 10})
LEASE_SECONDS = 4.0


class Room:
    """The in-memory pub/sub: what one bus publishes, every other bus in the room hears at the
    loop's next turn."""

    def __init__(self) -> None:
        self.buses: list[RoomBus] = []


class RoomBus:
    """A ``Bus`` (service/peers.py) in a ``Room``."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.hear: Callable[[Change], None] | None = None
        self.sent: list[Change] = []

    async def start(self, hear: Callable[[Change], None]) -> None:
        self.hear = hear
        self.room.buses.append(self)

    def publish(self, change: Change) -> None:
        self.sent.append(change)
        loop = asyncio.get_running_loop()
        for other in self.room.buses:
            if other is not self and other.hear is not None:
                loop.call_soon(other.hear, change)

    def listening(self) -> bool:
        return True

    async def close(self) -> None:
        if self in self.room.buses:
            self.room.buses.remove(self)


@dataclass
class Node:
    """One process: its hub and cluster."""

    hub: Hub
    cluster: Cluster
    bus: RoomBus
    store: Store
    queries: ClusterStore
    conns: list[SeatConnection] = field(default_factory=list)

    async def table(self, table_id: str) -> Table:
        table = await self.hub.get(table_id)
        assert table is not None
        return table


class SeatConnection:
    """A client's connection held in memory (service/connection.py's ``Connection``): the frames
    it was sent."""

    def __init__(self, seat: int) -> None:
        self.seat: int | None = seat
        self.player_id: str | None = None
        self.address = "127.0.0.1"
        self.language = "en"
        self.frames: list[str] = []
        self.closing = False

    async def receive(self) -> str | None:
        return None

    def send(self, text: str) -> None:
        self.frames.append(text)

    def close(self, code: int, reason: str) -> None:
        self.closing = True


async def _node(url: str, root: Path, room: Room, name: str) -> Node:
    settings = Settings(data_dir=root / name, database=url, lease_seconds=LEASE_SECONDS)
    store = await Store.open(settings)
    hub = Hub(store, settings)
    queries = ClusterStore(store)
    bus = RoomBus(room)
    cluster = Cluster(hub, bus, queries, Leases(queries, name, LEASE_SECONDS), name)
    hub.join_cluster(cluster)
    await cluster.listen()
    return Node(hub, cluster, bus, store, queries)


async def _turn() -> None:
    """Let the loop deliver what was published (a few turns: a delivery may publish again)."""
    for _ in range(5):
        await asyncio.sleep(0)


def _beat(node: Node) -> None:
    """The node's alive beat, as its alive loop publishes it."""
    node.bus.publish(
        Change(ALIVE, "", 0, node.cluster.name, time.time(), incarnation=node.cluster.incarnation)
    )


async def _create(node: Node, bot: bool = False) -> Table:
    """A table of two, seat 0 claimed, seat 1 a bot's or a human's."""
    game, players, options = GAME
    second = SeatSpec("bot", "random") if bot else SeatSpec("human")
    created = await node.hub.create(
        game, players, options, [SeatSpec("human"), second],
        listed=False, clock=None, fallback_bot="random", claim=0, name="ann",
    )  # fmt: skip
    return created.table


async def _connect(node: Node, table: Table, seat: int) -> None:
    conn = SeatConnection(seat)
    node.conns.append(conn)
    await node.hub.attach(table, conn, None)
    await _turn()


async def _holder(node: Node, table: Table) -> str | None:
    return (await node.queries.holders()).get(table.id)


@contextlib.asynccontextmanager
async def _nodes(
    postgres_cluster: Callable[[], str], root: Path, *names: str
) -> AsyncIterator[list[Node]]:
    """Processes named ``names`` on a fresh database, in one room."""
    url = postgres_cluster()
    room = Room()
    nodes = [await _node(url, root, room, name) for name in names]
    try:
        yield nodes
    finally:
        for node in nodes:
            await node.cluster.stop()
            node.hub.shutdown()
            await node.store.close()


def test_an_alive_beat_carries_its_incarnation_and_old_and_newer_payloads_decode() -> None:
    beat = Change(ALIVE, "", 0, "web1", 1.5, incarnation="c0ffee")
    assert decode(encode(beat)) == beat
    move = Change("move", "t1", 3, "web1", 1.5)
    assert len(encode(move)) == 6 and decode(encode(move)) == move  # as before: no incarnation
    newer = decode(["alive", "", 0, "web1", 1.5, [], "c0ffee", "a field of a later version"])
    assert newer == beat  # read by the fields this version knows


def test_a_process_restarted_under_its_name_loses_the_seats_its_last_run_told(
    postgres_cluster: Callable[[], str], tmp_path: Path
) -> None:
    async def run() -> None:
        async with _nodes(postgres_cluster, tmp_path, "a", "b") as (a, b):
            table = await _create(a)
            _beat(a)
            _beat(b)
            await _connect(a, await a.table(table.id), 0)
            await _connect(b, await b.table(table.id), 1)
            at_b = await b.table(table.id)
            assert at_b.elsewhere == {"a": frozenset({0})}
            # a is killed and comes back at once under its name: a new incarnation, no seats
            restarted = await _node(a.hub.settings.database, tmp_path, b.bus.room, "a")
            try:
                told_before = len(b.bus.sent)
                _beat(restarted)
                await _turn()
                assert at_b.elsewhere == {}, "the seats of a's last run are forgotten"
                told = [c for c in b.bus.sent[told_before:] if c.kind == PRESENCE]
                assert [(c.table, c.seats) for c in told] == [(table.id, (1,))]
                again = len(b.bus.sent)
                _beat(restarted)  # the same incarnation: nothing more to do
                await _turn()
                assert len(b.bus.sent) == again
            finally:
                await restarted.cluster.stop()
                await restarted.store.close()

    asyncio.run(run())


def test_a_lease_taken_in_a_round_stays_for_that_round(
    postgres_cluster: Callable[[], str], tmp_path: Path
) -> None:
    async def run() -> None:
        async with _nodes(postgres_cluster, tmp_path, "a", "b") as (a, b):
            table = await _create(b)
            _beat(a)
            _beat(b)
            await a.table(table.id)
            await _connect(b, await b.table(table.id), 0)  # the players are on b
            await b.cluster.leases.release()  # b's lease free: a takes it at its next round
            await a.cluster.lease_round()
            assert await _holder(a, table) == "a", "taken, and not handed on in the same round"
            await a.cluster.started()
            _beat(b)
            await _turn()
            await a.cluster.lease_round()
            assert await _holder(a, table) == "b", "handed to where the players are next round"

    asyncio.run(run())


def test_a_lease_handed_over_does_not_come_back_on_a_belief_that_no_longer_holds(
    postgres_cluster: Callable[[], str], tmp_path: Path
) -> None:
    async def run() -> None:
        async with _nodes(postgres_cluster, tmp_path, "a", "b") as (a, b):
            table = await _create(a)  # a holds it; nobody is connected anywhere
            at_b = await b.table(table.id)
            _beat(a)
            _beat(b)
            await _turn()
            # each believes the other has a seat connected (told, and the retraction lost)
            a.cluster.hear(Change(PRESENCE, table.id, 0, "b", time.time(), (1,)))
            b.cluster.hear(Change(PRESENCE, table.id, 0, "a", time.time(), (0,)))
            await a.cluster.lease_round()
            assert await _holder(a, table) == "b"
            await _turn()
            assert "a" not in at_b.elsewhere, "the giver told it has no seat connected"
            for _ in range(3):
                _beat(a)
                await _turn()
                await b.cluster.lease_round()
                await b.cluster.started()
                await a.cluster.lease_round()
            assert await _holder(a, table) == "b", "the lease stays with b"

    asyncio.run(run())


def test_a_held_table_whose_bots_do_not_run_is_started_at_the_next_round(
    postgres_cluster: Callable[[], str], tmp_path: Path
) -> None:
    async def run() -> None:
        async with _nodes(postgres_cluster, tmp_path, "a") as (a,):
            table = await _create(a, bot=True)  # a holds it; no bot runs yet anywhere
            for _ in range(50):  # seat 0's moves up to the bot's turn
                if table.state.current_player == 1:
                    break
                move = str(table.state.legal_actions()[0])
                frame = await a.hub.submit(table, 0, move, None, table.version, "human")
                assert frame["type"] == "ack", frame
            assert table.state.current_player == 1
            # the bots start now, and nothing at the table changes any more: nobody tells them
            # (as when a bot stopped after refusals, or a start was lost to a failed round)
            Autoplay(a.hub)
            version = table.version
            await a.cluster.lease_round()
            for _ in range(500):  # bounded: the bot's move within 5 s of loop turns
                if table.version > version:
                    return
                await asyncio.sleep(0.01)
            raise AssertionError("the held table's bots were not started")

    asyncio.run(run())


def test_a_round_renews_on_time_however_long_the_tables_it_took_take_to_start(
    postgres_cluster: Callable[[], str], tmp_path: Path
) -> None:
    async def run() -> None:
        async with _nodes(postgres_cluster, tmp_path, "a", "b") as (a, b):
            table = await _create(b, bot=True)
            await b.cluster.leases.release()  # b's lease free (b gone): a takes it
            at_a = await a.table(table.id)
            async with at_a.lock:  # the table busy here (a long catch-up, a move stored)
                await asyncio.wait_for(a.cluster.lease_round(), 30)
                assert await _holder(a, table) == "a"
                await asyncio.wait_for(a.cluster.lease_round(), 30)  # renewed meanwhile
            assert a.cluster.leases.holds(table.id)

    asyncio.run(run())
