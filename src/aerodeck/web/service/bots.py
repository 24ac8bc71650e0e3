"""Bots in seats and the move clock: decisions off the event loop, moves through the move path.

A bot seat (or a human seat handed to a bot) decides in a worker thread with a time budget; its
move goes through ``Hub.submit`` like a player's. Each decision builds its bot afresh, seeded from
the table's seed, the seat and the version, so a table rebuilt after a crash makes the same bot
moves. A bot that overruns its budget is replaced for that move by the random bot, seeded the same
way (the slow thread finishes on its own; its answer is dropped).

When a table has a move clock, the human decision in progress runs out at the deadline the stored
start of the turn gives (``service/clock.py``): after a restart the clock resumes with the time
left, and one that ran out while the server was down acts at once. Then, as the host chose, the
table's fallback bot makes that one move, or the seat forfeits the game (``Hub.forfeit``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from datetime import datetime
from typing import Any

from aerodeck.agents.registry import make_agent
from aerodeck.core.api import Game, State
from aerodeck.core.rng import derive_seed
from aerodeck.web.service.clock import seconds_left
from aerodeck.web.service.hub import Hub
from aerodeck.web.service.records import utcnow
from aerodeck.web.service.tables import Table

log = logging.getLogger("aerodeck.web")

RETRIES = 8  # refusals in a row (a seat taken back, a race with the clock) before a bot gives up


def choose(game: Game, name: str, seed: int, state: State, seat: int) -> str:
    """One bot decision on a private snapshot, from the seat's observation only."""
    agent = make_agent(name, game, seed)
    return str(agent.choose(state.observation(seat)))


class Autoplay:
    """Runs bot seats and move clocks for every table of a hub (a hub listener)."""

    def __init__(self, hub: Hub, now: Callable[[], datetime] = utcnow) -> None:
        self.hub = hub
        self.now = now  # naive UTC, as stored; the tests give their own
        self.budget = hub.settings.bot_budget
        self._clocks: dict[str, asyncio.TimerHandle] = {}
        self._running: dict[str, asyncio.Task[None]] = {}
        # table id -> the version at which the clock's move or forfeit is under way
        self._acting: dict[str, int] = {}
        hub.listeners.append(self.changed)

    def changed(self, table: Table) -> None:
        """After any change at ``table``: start its bot, or its move clock, as the turn says."""
        clock = self._clocks.pop(table.id, None)
        if clock is not None:
            clock.cancel()
        if not self._runs(table):
            return
        seat = table.state.current_player
        assert seat is not None
        if table.seats[seat].played_by is not None:
            running = self._running.get(table.id)
            if running is None or running.done():
                task = self._spawn(table, self._play_bots(table))
                self._running[table.id] = task
                task.add_done_callback(lambda done: self._forget(table.id, done))
        elif self._acting.get(table.id) != table.version:  # not while the clock acts
            delay = self.seconds_left(table)
            if delay is not None:
                loop = asyncio.get_running_loop()
                self._clocks[table.id] = loop.call_later(
                    delay, self._timeout, table, seat, table.version
                )

    def _runs(self, table: Table) -> bool:
        """Whether this process runs ``table``'s bots and clock now: it is playing, served here,
        and (several processes) its lease is this process's."""
        return table.playing and table.id in self.hub.tables and self.hub.peers.drives(table)

    def seconds_left(self, table: Table) -> float | None:
        """Seconds until the human decision in progress at ``table`` runs out (0: it has; None:
        no clock runs). A turn whose start is unknown (stored before turns were) starts now."""
        if table.clock and table.playing and table.turn_began is None:
            table.turn_began = self.now()
        if table.clock is None or table.turn_began is None or table.deadline() is None:
            return None
        return seconds_left(table.turn_began, table.clock, self.now())

    def _forget(self, table_id: str, task: asyncio.Task[None]) -> None:
        if self._running.get(table_id) is task:
            del self._running[table_id]

    def _spawn(self, table: Table, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """A task of the table (cancelled if the table is purged), kept referenced there."""
        task = asyncio.create_task(work)
        table.tasks.add(task)
        task.add_done_callback(table.tasks.discard)
        return task

    async def decide(self, table: Table, seat: int, name: str) -> str:
        """A bot's move for ``seat`` now, thought out in a worker thread within the budget."""
        snapshot = table.state.clone()  # the thread's own copy: the table's state is never mutated
        seed = derive_seed(table.seed, "bot", seat, table.version)
        work = asyncio.to_thread(choose, table.game, name, seed, snapshot, seat)
        began = time.perf_counter()
        try:
            return await asyncio.wait_for(work, self.budget)
        except TimeoutError:
            log.warning("table %s: bot %s overran %.1f s", table.id, name, self.budget)
            return choose(table.game, "random", seed, snapshot, seat)
        finally:
            self.hub.meter.bot_decided(name, time.perf_counter() - began)

    async def _play_bots(self, table: Table) -> None:
        """Bot moves while the seat to decide is a bot's."""
        refusals = 0
        while self._runs(table) and refusals < RETRIES:
            seat = table.state.current_player
            assert seat is not None
            name = table.seats[seat].played_by
            if name is None:
                return
            version = table.version
            try:
                move = await self.decide(table, seat, name)
            except Exception:
                log.exception("table %s: bot %s failed at seat %d", table.id, name, seat)
                return
            frame = await self.hub.submit(table, seat, move, None, version, "bot")
            refusals = refusals + 1 if frame["type"] == "refusal" else 0
            if frame["type"] == "refusal" and frame["code"] not in ("stale", "bot", "server"):
                log.error("table %s: bot move %r refused: %s", table.id, move, frame["reason"])
                return
        if refusals >= RETRIES:  # the cluster's next round starts them again where they run
            log.warning("table %s: the bots stop after %d refusals in a row", table.id, refusals)

    def _timeout(self, table: Table, seat: int, version: int) -> None:
        self._clocks.pop(table.id, None)
        if not self._runs(table):
            return
        if table.version == version and table.state.current_player == seat:
            if table.on_timeout == "forfeit":
                task = self._spawn(table, self._forfeit(table, seat, version))
            else:
                task = self._spawn(table, self._clock_move(table, seat, version))
            self._acting[table.id] = version
            task.add_done_callback(lambda _: self._acted(table.id, version))

    def _acted(self, table_id: str, version: int) -> None:
        if self._acting.get(table_id) == version:
            del self._acting[table_id]

    async def _forfeit(self, table: Table, seat: int, version: int) -> None:
        await self.hub.forfeit(table, seat, version)

    async def _clock_move(self, table: Table, seat: int, version: int) -> None:
        """The fallback bot makes the one move a timed-out seat did not."""
        try:
            move = await self.decide(table, seat, table.fallback_bot)
        except Exception:
            log.exception("table %s: the clock's bot failed at seat %d", table.id, seat)
            return
        await self.hub.submit(table, seat, move, None, version, "clock")

    def stop(self) -> None:
        for clock in self._clocks.values():
            clock.cancel()
        self._clocks.clear()
