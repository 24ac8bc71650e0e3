"""Several server processes on one store (PostgreSQL): the ``Peers`` of service/peers.py.

Every process may serve every table: each holds the tables its clients use in memory and stores
every change before anyone hears of it, as a single process does. What one process changes, it
tells the others on the ``Bus`` (PostgreSQL's LISTEN/NOTIFY, db/notify.py) as a small ``Change``;
a process that hears of a change at a table it holds reads what it lacks from the store (the
moves since its version, the seats, the status) under the table's lock, applies it, and sends it
to its own connections: one update per move, built from ``view(seat)`` as every frame is. It
also catches up before it welcomes a connection, before a lobby change (a claim, a hand-over),
and before a move made at another version than its own; a move stored first by another process
is a stale refusal, as a race between two clients of one process is.

Told across processes: moves (and the end they bring), seat changes (claims, releases, hand-overs
to bots and back, re-issued invites, a table starting), a forfeit, chat messages and the chat's
closing and opening, rematch offers and answers, and which seats have a connection (the seats'
``connected``: each process tells its own; a process not heard from for a few seconds, dead,
counts as having none; one whose alive beat names a new incarnation restarted, and what its last
run told is dropped at once).

A change lost on the way (a process killed between its commit and its NOTIFY, the listener's
connection dropped) is repaired by the sweep: every lease round each process compares the stored
version and status of the tables it holds a connection or a lease of with its own, and catches up
those behind.

Exactly one process runs a table's bots and move clock: the holder of its lease
(service/leases.py). When the holder dies, another takes the lease when it runs out, catches the
table up and resumes the bots and the clock from what is stored (the clock's deadline derives
from the stored start of the turn), in a task per table, so the round that took the leases goes
on and renews them in time; every round the holder starts what does not run at its tables.

A table's connections meet on one process: the proxy routes every ``/ws?table=ID`` of a table to
the same process (deploy/nginx/aerodeck.conf). The lease follows them there: a holder with no
connection to a table whose seats are connected to another process hands the lease to that one
at its next round (not in the round it took it, only to a process heard from lately, telling
the others it has no seat there, so no stale belief sends it back), and a process keeps in
memory only the tables it has connections to or runs; the others it lets go (``Hub.evict`` each
round, ``Hub.let_go`` at once when it hears one changed), so it stops catching up their moves
and hears of them only to drop the change (``hear``). A move is then caught up by no process at
all when every connection of its table is on the process that made it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from aerodeck.web.service.frames import BAD_TOKEN
from aerodeck.web.service.leases import Leases
from aerodeck.web.service.peers import (
    ALIVE,
    CHAT,
    CHAT_STATE,
    END,
    MOVE,
    PRESENCE,
    REMATCH,
    SEATS,
    Bus,
    Change,
    Fence,
)
from aerodeck.web.service.records import StoredTable
from aerodeck.web.service.status import TableStatus

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Sequence

    from aerodeck.web.service.hub import Hub
    from aerodeck.web.service.tables import Table

log = logging.getLogger("aerodeck.web")

ALIVE_EVERY = 1.0  # seconds between a process's "alive" changes
DEAD_AFTER = 5.0  # seconds without a word from a process before its connections count as gone
HEARD_WITHIN = 2 * ALIVE_EVERY  # a lease is handed only to a process heard from this recently


class CatchUpStore(Protocol):
    """The reads a process that is behind makes (``aerodeck.web.db.cluster_store``)."""

    async def since(self, table_id: str, version: int) -> StoredTable | None: ...

    async def versions(self, table_ids: Sequence[str]) -> dict[str, tuple[int, str]]: ...


class Cluster:
    """This process among others on one store: tells them its changes, hears theirs, holds its
    leases."""

    def __init__(self, hub: Hub, bus: Bus, store: CatchUpStore, leases: Leases, name: str) -> None:
        self.hub = hub
        self.bus = bus
        self.store = store
        self.leases = leases
        self.name = name
        # drawn at every start: the others tell a restart under the same name by a new one
        self.incarnation = secrets.token_hex(8)
        self.heard_from: dict[str, float] = {}  # process -> when last heard (monotonic)
        self.incarnations: dict[str, str] = {}  # process -> the incarnation its beat told
        # what a finished table's rematch offers need when another process changed them
        self.rematch_heard: Callable[[Table], Awaitable[None]] | None = None
        self._dirty: dict[str, set[str]] = {}  # table id -> kinds heard and not yet applied
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._starting: dict[str, asyncio.Task[None]] = {}  # leases taken, tables being read
        # tables whose moves made elsewhere were caught up here for connected seats, while
        # another process runs them: told again who is connected here at the next round, so a
        # holder that missed it (restarted, read the table back) hands the lease over
        self._crossing: set[str] = set()
        # tables held here with no connection here -> the process a move there was last made on
        # (a human's: a bot's or the clock's is made here), where to hand the lease when no
        # presence was heard (this process read the table back after the players connected)
        self._played_at: dict[str, str] = {}
        self._tasks: list[asyncio.Task[None]] = []

    # --- Peers ------------------------------------------------------------------------------

    def tell(self, table: Table, kind: str) -> None:
        seats = tuple(sorted(table.seats_connected_here())) if kind == PRESENCE else ()
        if kind == PRESENCE:
            log.info("table %s: seats connected here: %s", table.id, list(seats))
        self.bus.publish(Change(kind, table.id, table.version, self.name, time.time(), seats))

    async def catch_up(self, table: Table) -> bool:
        stored = await self.store.since(table.id, table.version)
        if stored is None:
            return False
        changed = self._take_stored(table, stored)
        if changed:
            self.hub.notify(table)  # the bots and the clock, where this process runs them
        return changed

    async def opened(self, table: Table) -> None:
        await self.leases.take(table.id)

    def drives(self, table: Table) -> bool:
        return self.leases.holds(table.id)

    def fence(self, table: Table) -> Fence | None:
        return self.leases.fence(table.id)

    def ready(self) -> str | None:
        if not self.bus.listening():
            return "the pub/sub listener is not connected"
        return None

    # --- start and stop ---------------------------------------------------------------------

    async def listen(self) -> None:
        """Hear the others' changes (before the tables are restored: none is missed)."""
        await self.bus.start(self.hear)

    def run(self) -> None:
        """Run the lease rounds (the first one at once) and the alive beat, the first beat
        told before anything else this process tells (the others learn of a restart before
        they hear its presence)."""
        self._beat()
        self._tasks = [
            asyncio.create_task(self._lease_rounds()),
            asyncio.create_task(self._alive()),
        ]

    async def stop(self) -> None:
        """Stop running bots and clocks and give the leases up, so others take over at once."""
        tasks = [*self._tasks, *self._workers.values(), *self._starting.values()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        try:
            await self.leases.release()
        except Exception:
            log.warning("the leases could not be released: others wait for them to run out")
        await self.bus.close()

    # --- what the others tell ---------------------------------------------------------------

    def hear(self, change: Change) -> None:
        """A change another process told (on the bus's callback: schedules, never waits)."""
        if change.origin == self.name:
            return
        self.hub.meter.pubsub_delivered(max(0.0, time.time() - change.sent))
        self.heard_from[change.origin] = time.monotonic()
        if change.kind == ALIVE:
            self._beat_heard(change.origin, change.incarnation)
            return
        table = self.hub.tables.get(change.table)
        if table is None:  # not served here: it is read from the store if a client asks
            return
        if change.kind == PRESENCE:
            self._presence(table, change.origin, frozenset(change.seats))
            return
        if change.kind == MOVE and not table.connections and self.leases.holds(table.id):
            self._played_at[table.id] = change.origin
        if change.kind == MOVE and change.version <= table.version:
            return  # this process has it already
        if change.kind in (MOVE, SEATS, END) and self._unused(table):
            self.hub.let_go(table)  # cheaper read back whole when asked for than caught up
            return
        self._mark(table.id, change.kind)

    def _unused(self, table: Table) -> bool:
        """An unfinished table in memory here that nobody here uses now: no connection, the
        lease elsewhere, no call under way (one the lobby read for a join or a description)."""
        return not (
            table.connections or table.over or table.lock.locked() or self.leases.holds(table.id)
        )

    def _mark(self, table_id: str, kind: str) -> None:
        self._dirty.setdefault(table_id, set()).add(kind)
        worker = self._workers.get(table_id)
        if worker is None or worker.done():
            self._workers[table_id] = asyncio.get_running_loop().create_task(self._work(table_id))

    async def _work(self, table_id: str) -> None:
        """Apply what was heard at ``table_id`` until nothing more is (changes heard meanwhile
        are taken in the same pass: each read takes everything stored so far)."""
        try:
            while self._dirty.get(table_id):
                kinds = self._dirty.pop(table_id)
                table = self.hub.tables.get(table_id)
                if table is None:
                    return
                try:
                    await self._heard(table, kinds)
                except Exception:  # the sweep tries again
                    log.exception("table %s: catching up failed", table_id)
        finally:
            self._workers.pop(table_id, None)

    async def _heard(self, table: Table, kinds: set[str]) -> None:
        if kinds & {MOVE, SEATS, END}:
            async with table.lock:
                await self.catch_up(table)
            if not self.leases.holds(table.id) and table.seats_connected_here():
                self._crossing.add(table.id)
        if kinds & {CHAT, CHAT_STATE}:
            await self.hub.chat.catch_up(table)
        if REMATCH in kinds and self.rematch_heard is not None:
            await self.rematch_heard(table)

    # --- applying what is stored --------------------------------------------------------------

    def _take_stored(self, table: Table, stored: StoredTable) -> bool:
        """Bring ``table`` to ``stored`` (the lock held): the seats and status, then each move
        missed, every one sent to this process's connections as a single-process table sends
        it; whether anything changed."""
        record = stored.table
        seats_changed = self._seats(table, stored)
        if table.status is TableStatus.WAITING and record.status is not TableStatus.WAITING:
            table.status = TableStatus.PLAYING
            seats_changed = True
        caught_up = 0
        for move in stored.moves:
            if move.seq < table.version:
                continue
            if move.seq != table.version:
                log.error("table %s: stored move %d missing", table.id, table.version)
                break
            since = table.version
            action = table.game.parse_action(table.state, move.move)
            after = table.state.clone()
            after.apply(action)  # checked: a stored move the engine refuses raises
            table.state = after
            table.marks.append(after.event_count)
            if move.client_id is not None:
                table.acked[(move.seat, move.client_id)] = move.seq + 1
            table.turn_began = None if after.is_terminal else record.turn_began_at
            if after.is_terminal:
                table.status = TableStatus.OVER
                table.idle_since = time.monotonic()
            table.broadcast(since, [(move.seq + 1, move.seat, action)])
            caught_up += 1
        moved = caught_up > 0
        if moved:
            self.hub.meter.moves_caught_up(caught_up)
        if not moved and table.playing:
            table.turn_began = record.turn_began_at
        ended = record.forfeited_seat is not None and table.forfeited is None
        if ended:
            table.forfeited = record.forfeited_seat
            table.status = TableStatus.OVER
            table.turn_began = None
            table.idle_since = time.monotonic()
            table.broadcast(table.version, [], ended=True)
        elif seats_changed and not moved:
            table.broadcast(table.version, [])
        return moved or ended or seats_changed

    def _seats(self, table: Table, stored: StoredTable) -> bool:
        """Take the stored seats; a seat whose token changed closes this process's connections
        that held it by the old one. Whether any seat changed."""
        changed = False
        for index, seat in enumerate(stored.seats):
            old = table.seats[index]
            if seat == old:
                continue
            changed = True
            if old.token_hash is not None and seat.token_hash != old.token_hash:
                for conn in list(table.connections):
                    if conn.seat == index:
                        conn.close(BAD_TOKEN, "the seat's token changed: ask for a new one")
            table.seats[index] = replace(seat)
        return changed

    # --- presence ---------------------------------------------------------------------------

    def _presence(self, table: Table, origin: str, seats: frozenset[int]) -> None:
        before = table.elsewhere.get(origin, frozenset())
        if seats:
            table.elsewhere[origin] = seats
        else:
            table.elsewhere.pop(origin, None)
        if seats != before:
            log.info("table %s: seats connected to %s: %s", table.id, origin, sorted(seats))
            table.broadcast(table.version, [])
        if seats and not before and table.seats_connected_here():
            # a process new at the table (it may have just read it from the store) learns who
            # is connected here; it answers likewise at most once (this one is known there now)
            self.tell(table, PRESENCE)

    def _tell_presence_everywhere(self) -> None:
        for table in self.hub.tables.values():
            if table.seats_connected_here():
                self.tell(table, PRESENCE)

    def _beat_heard(self, origin: str, incarnation: str) -> None:
        """A process's alive beat. A process new here (started, or back after counting as
        dead) learns who is connected here; one restarted under the same name within
        DEAD_AFTER (a new incarnation) lost the connections its last run told of: they are
        forgotten first, so no lease is handed to it for them."""
        before = self.incarnations.get(origin)
        self.incarnations[origin] = incarnation
        if before == incarnation:
            return
        if before is not None:
            log.info("process %s restarted: the connections it had count as gone", origin)
            self._forget({origin})
        self._tell_presence_everywhere()

    def _forget_the_dead(self) -> None:
        """Processes not heard from for DEAD_AFTER seconds hold no connection any more."""
        now = time.monotonic()
        dead = {name for name, at in self.heard_from.items() if now - at > DEAD_AFTER}
        for name in dead:
            log.info("process %s not heard from: its connections count as gone", name)
            del self.heard_from[name]
            self.incarnations.pop(name, None)
        self._forget(dead)

    def _forget(self, processes: set[str]) -> None:
        """Drop what ``processes`` told of the seats connected to them, at every table."""
        if not processes:
            return
        for table in self.hub.tables.values():
            if processes & table.elsewhere.keys():
                for name in processes:
                    table.elsewhere.pop(name, None)
                table.broadcast(table.version, [])

    # --- the rounds ---------------------------------------------------------------------------

    def _beat(self) -> None:
        beat = Change(ALIVE, "", 0, self.name, time.time(), incarnation=self.incarnation)
        self.bus.publish(beat)
        self._forget_the_dead()

    async def _alive(self) -> None:
        while True:
            await asyncio.sleep(ALIVE_EVERY)
            self._beat()

    async def _lease_rounds(self) -> None:
        last = time.monotonic()
        while True:
            began = time.monotonic()
            if began - last > self.leases.seconds:  # a round too long, or a starved process
                log.warning(
                    "%.1f s between two lease rounds: the leases held here ran out meanwhile",
                    began - last,
                )
            last = began
            try:
                await self.lease_round()
                await self._sweep()
            except Exception:
                log.exception("a lease round failed; trying again")
            await asyncio.sleep(self.leases.renew_every)

    async def lease_round(self) -> None:
        """One round (the rounds run one every third of the lease): renew, take, hand over,
        start what is held, let go of what is not used."""
        done = await self.leases.round()
        for table_id in done.lost:
            table = self.hub.tables.get(table_id)
            if table is not None:
                log.info("table %s: another process runs its bots and clock now", table_id)
                self.hub.notify(table)  # stops its clock here
        for table_id in done.taken:
            log.info(
                "table %s: this process runs its bots and clock now (lease epoch %d)",
                table_id,
                self.leases.held.get(table_id, 0),
            )
            self._start(table_id)
        await self._follow_connections(done.taken)
        self._start_held()
        self.hub.evict(
            time.monotonic() - self.hub.settings.evict_finished_after,
            time.monotonic() - self.leases.renew_every,  # idle for a round: not served here
        )

    async def _follow_connections(self, fresh: frozenset[str]) -> None:
        """Hand the lease of each table held here with no connection here, whose seats are
        connected to another process, to that process (the one with the most seats there; with
        no presence heard, the one its players' last move was made on); tell the holders of the
        tables played here whose moves still cross who is connected here.

        A lease taken this round (``fresh``) stays for a round at least, and until its table is
        started, so its bots and clock work before it moves on; it goes only to a process heard
        from lately; and the process that hands it over tells the others it has no seat
        connected there, so no belief that it has (told by a process since restarted, or lost
        on the way) brings the lease back."""
        crossing, self._crossing = self._crossing, set()
        played_at, self._played_at = self._played_at, {}
        for table_id in crossing:
            table = self.hub.tables.get(table_id)
            held = self.leases.holds(table_id)
            if table is not None and not held and table.seats_connected_here():
                self.tell(table, PRESENCE)
        lately = time.monotonic() - HEARD_WITHIN
        alive = {name for name, at in self.heard_from.items() if at >= lately}
        to: dict[str, str] = {}
        for table_id in self.leases.held:
            table = self.hub.tables.get(table_id)
            if table is None or table.connections or table_id in fresh:
                continue
            if table_id in self._starting:  # not read and started yet: a round more
                continue
            seats = {name: seats for name, seats in table.elsewhere.items() if name in alive}
            if seats:
                to[table_id] = max(seats, key=lambda name: (len(seats[name]), name))
            elif played_at.get(table_id) in alive:
                to[table_id] = played_at[table_id]
        if not to:
            return
        for table_id in await self.leases.hand_over(to):
            log.info(
                "table %s: its bots and clock go to %s, where it is played", table_id, to[table_id]
            )
            table = self.hub.tables.get(table_id)
            if table is not None:
                self.hub.notify(table)  # stops its clock here
                self.tell(table, PRESENCE)  # none here: the lease does not come back for it

    def _start(self, table_id: str) -> None:
        """Read the table of a lease just taken (from the store when it is not in memory),
        catch it up and start its bots and clock, in a task of its own: the round goes on at
        once, so taking many leases (a dead process's) never delays their renewal past their
        expiry."""
        starting = self._starting.get(table_id)
        if starting is None or starting.done():
            self._starting[table_id] = asyncio.get_running_loop().create_task(
                self._started(table_id)
            )

    async def _started(self, table_id: str) -> None:
        try:
            table = await self.hub.get(table_id)
            if table is None:
                return
            async with table.lock:
                await self.catch_up(table)
            self.hub.notify(table)
        except Exception:  # the next round starts it again
            log.exception("table %s: starting its bots and clock failed", table_id)
        finally:
            self._starting.pop(table_id, None)

    async def started(self) -> None:
        """Return once the tables of the leases taken so far are read and started."""
        await asyncio.gather(*self._starting.values(), return_exceptions=True)

    def _start_held(self) -> None:
        """Make sure every table held here runs its bots and clock: one not in memory is read
        (a start that failed), one in memory is notified (the hub's listeners start what does
        not run, such as a bot that stopped after refusals, and leave what does)."""
        for table_id in self.leases.held:
            if table_id in self._starting:
                continue
            table = self.hub.tables.get(table_id)
            if table is None:
                self._start(table_id)
            else:
                self.hub.notify(table)

    async def _sweep(self) -> None:
        """Catch up the tables this process serves or runs whose stored version or status is
        ahead of its own (a change told and lost)."""
        watched = [
            table.id
            for table in self.hub.tables.values()
            if table.connections or self.leases.holds(table.id)
        ]
        stored = await self.store.versions(watched)
        for table_id, (version, status) in stored.items():
            table = self.hub.tables.get(table_id)
            if table is None:
                continue
            if version > table.version or (status != table.status.value and not table.over):
                self._mark(table_id, MOVE)
