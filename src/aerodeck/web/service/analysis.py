"""A finished table's analysis (``agents.analysis``), once per game, stored with the table.

Anyone who may see the replay may ask for it (docs/server.md, "Analysis": the replay shows the
whole finished game, every hand included, and the analysis of a seat is computed from that
seat's information only, so it shows nothing the replay does not). The first request queues it;
later ones read its progress and, once done, its result.

It runs off the event loop in one worker thread of its own (one analysis at a time, the others
queued; at most ``MAX_WAITING`` waiting), like the bots' decisions. Its progress (decisions
judged of the total) is kept in memory as it goes and written to the store every
``SAVE_EVERY`` seconds, so the page's poll sees it move. When the server stops, the running
analysis is stopped at its next decision and left ``running`` in the store with those queued:
the next start runs them again from the beginning (the analysis is deterministic, so the result
is the one the interrupted run would have stored). One that fails (an engine error) is stored
``failed`` and is not tried again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Protocol

from aerodeck.agents.analysis import Budget, analyse, decisions_of
from aerodeck.core.api import JSON
from aerodeck.core.i18n import _
from aerodeck.core.words import in_sentences
from aerodeck.web.service.errors import CapacityError, ConflictError
from aerodeck.web.service.hub import Hub
from aerodeck.web.service.records import utcnow
from aerodeck.web.service.tables import Table

log = logging.getLogger("aerodeck.web")

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
MAX_WAITING = 16  # analyses queued or running at once; more are refused (503) until one ends
SAVE_EVERY = 1.0  # seconds between the progress written to the store


@dataclass(frozen=True)
class AnalysisRecord:
    """A table's analysis as stored: its status, decisions judged of the total, the result."""

    table_id: str
    status: str
    done: int
    total: int
    result: JSON | None
    created_at: datetime
    finished_at: datetime | None = None


class AnalysisStore(Protocol):
    """What the analyses ask of the store (``db/analysis_store.py``)."""

    async def load_analysis(self, table_id: str) -> AnalysisRecord | None: ...

    async def add_analysis(self, record: AnalysisRecord) -> bool:
        """Store a new analysis; False if the table has one already (once per game)."""
        ...

    async def save_analysis(self, record: AnalysisRecord) -> None: ...

    async def unfinished_analyses(self) -> list[str]: ...


class StoppedError(Exception):
    """The server stops: the analysis in the worker thread ends at its next decision."""


class Analyses:
    """Queues, runs and answers the analyses of finished tables (one worker thread)."""

    def __init__(self, hub: Hub, store: AnalysisStore, budget: Budget) -> None:
        self.hub = hub
        self.store = store
        self.budget = budget
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="analysis")
        self.progress: dict[str, tuple[int, int]] = {}  # table -> (done, total), live
        self.tasks: set[asyncio.Task[None]] = set()
        self.stopping = False

    async def request(self, table: Table) -> JSON:
        """Start ``table``'s analysis if it has none yet; its status either way."""
        if not table.over:
            raise ConflictError(_("the game is not over: it is analysed once it ends"))
        stored = await self.store.load_analysis(table.id)
        if stored is None:
            if len(self.tasks) >= MAX_WAITING:
                raise CapacityError(_("the server is busy analysing games: try again later"))
            record = _record_of(table)
            total = await asyncio.to_thread(decisions_of, record)
            stored = AnalysisRecord(table.id, QUEUED, 0, total, None, utcnow())
            if await self.store.add_analysis(stored):
                self._start(stored, record)
            else:
                stored = await self.store.load_analysis(table.id) or stored
        return self.status_json(table, stored)

    async def status(self, table: Table) -> JSON:
        """``table``'s analysis as the page reads it (``none`` when nobody asked for one)."""
        stored = await self.store.load_analysis(table.id)
        if stored is None:
            return {"status": "none", "done": 0, "total": 0, "result": None}
        return self.status_json(table, stored)

    def status_json(self, table: Table, stored: AnalysisRecord) -> JSON:
        done, total = self.progress.get(table.id, (stored.done, stored.total))
        result = None if stored.result is None else worded(table, stored.result)
        return {"status": stored.status, "done": done, "total": total, "result": result}

    async def resume(self) -> int:
        """Run again the analyses a stop interrupted (start-up); how many."""
        count = 0
        for table_id in await self.store.unfinished_analyses():
            stored = await self.store.load_analysis(table_id)
            table = await self.hub.get(table_id)
            if stored is None or table is None or not table.over:
                continue
            self._start(replace(stored, status=QUEUED, done=0), _record_of(table))
            count += 1
        return count

    def _start(self, stored: AnalysisRecord, record: JSON) -> None:
        task = asyncio.create_task(self._run(stored, record))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _run(self, stored: AnalysisRecord, record: JSON) -> None:
        table_id = stored.table_id
        self.progress[table_id] = (0, stored.total)

        def advance(done: int, total: int) -> None:  # in the worker thread
            if self.stopping:
                raise StoppedError
            self.progress[table_id] = (done, total)

        def work() -> JSON:
            return analyse(record, None, self.budget, progress=advance)

        loop = asyncio.get_running_loop()
        running = loop.run_in_executor(self.worker, work)
        try:
            while not running.done():
                await asyncio.wait({running}, timeout=SAVE_EVERY)
                done, total = self.progress[table_id]
                if not running.done() and done:
                    await self.store.save_analysis(
                        replace(stored, status=RUNNING, done=done, total=total)
                    )
            result = running.result()
        except StoppedError:
            return  # left running in the store: the next start runs it again
        except Exception:
            log.exception("table %s: the analysis failed", table_id)
            await self.store.save_analysis(replace(stored, status=FAILED, finished_at=utcnow()))
            return
        finally:
            self.progress.pop(table_id, None)
        total = len(result["decisions"])
        await self.store.save_analysis(
            replace(
                stored, status=DONE, done=total, total=total, result=result, finished_at=utcnow()
            )
        )

    def stop(self) -> None:
        """The server stops: the running analysis ends at its next decision, none starts."""
        self.stopping = True
        for task in self.tasks:
            task.cancel()
        self.worker.shutdown(wait=False, cancel_futures=True)


def _record_of(table: Table) -> JSON:
    record: JSON = table.state.record()
    return record


def worded(table: Table, result: Mapping[str, Any]) -> JSON:
    """The stored result with each better move's events in words, in the reader's language, as
    a spectator reads them (the replay's own words)."""
    describe = table.game.describe_event
    decisions = []
    for decision in result["decisions"]:
        lines = [describe(event) for event in decision.get("best_events", [])]
        decisions.append({**decision, "best_words": in_sentences(lines, None)})
    return {**result, "decisions": decisions}
