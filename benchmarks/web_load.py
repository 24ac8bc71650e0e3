"""Load on the table server: many concurrent tables of four clients, act-to-ack latency
(docs/server.md, "Measured"). A benchmark, not a test: the figures depend on the machine.

One `aerodeck serve` (SQLite, or PostgreSQL in a throwaway cluster) is started; client processes
(asyncio, the websockets library) each seat their share of the tables, four human seats a table,
every seat its own connection, over the five games in turn. Each seat, when it is its turn,
thinks for a random time around ``--think`` seconds, then acts; the time from sending the act to
receiving its ack is one sample. Samples are kept from the end of a warm-up until the end of the
run (``--seconds``, or longer until ``--min-acks`` acks: a short run on a loaded machine, whose
client processes may still be starting when the clock alone would end it); a table whose game
ends is replaced by a new one (its set-up is not timed). The CPU seconds per 1,000 moves of the
server and of the client processes (both from /proc) are measured over the same window. The
parent process alone says when each window starts and ends (``Run``, in shared memory).
``run_phases`` runs one server through several rates in turn (the capacity curve,
``benchmarks.web_capacity``); ``play_phases`` is the same against any server's address, nginx in
front of several processes included.

Run: PYTHONPATH=src nice -n 10 .venv/bin/python -m benchmarks.web_load --tables 200 --seconds 120
     [--database postgresql] --json out.json

Backs: docs/server.md, "Load: act-to-ack under 200 tables of 4 clients".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time
from multiprocessing.context import SpawnContext
from multiprocessing.queues import Queue
from pathlib import Path

from aerodeck.client import TableClient, TableClosedError
from aerodeck.core.api import JSON
from benchmarks.web_common import (
    ServerProcess,
    elapsed,
    percentiles,
    postgres_cluster,
    seat_table,
)

GAMES = ["race_to_ace", "ace_race", "aces_versus_aces", "air_racing", "down_in_flames"]
PLAYERS = 4
RESULTS_TIMEOUT = 300.0  # seconds the client processes get, after the last phase, to report
# seconds a measured window may run past ``--seconds`` to hold ``--min-acks`` acks (a bound: a
# window still short then ends with what it has, and says so in its count)
LONGEST_EXTENSION = 180.0
POLL = 0.1  # seconds between looks at the shared stage or count
STOP_TIMEOUT = 30.0  # seconds a client process gets to close its sockets at the end


class Run:
    """What the parent and its client processes share (in shared memory, handed to each process
    as it is spawned): the run's stage, set by the parent alone, and the acks the clients counted
    in each phase's measured window.

    Stage ``2 i`` is phase i unmeasured (the warm-up before phase 0, the settling before each
    next one), stage ``2 i + 1`` phase i measured, stage ``2 n`` the end: the clients stop. The
    seats think ``thinks[i]`` seconds on average in both stages of phase i."""

    def __init__(self, context: SpawnContext, thinks: list[float]) -> None:
        self.thinks = thinks
        self._stage = context.RawValue("i", 0)  # one aligned int: written whole, read whole
        self._acks = context.Array("q", len(thinks))

    def stage(self) -> int:
        return int(self._stage.value)

    def measured_phase(self, stage: int) -> int | None:
        """The phase ``stage`` measures, or None (a warm-up, a settling, the end)."""
        return stage // 2 if stage % 2 and stage < 2 * len(self.thinks) else None

    def think(self) -> float:
        return self.thinks[min(self.stage() // 2, len(self.thinks) - 1)]

    def over(self) -> bool:
        return self.stage() >= 2 * len(self.thinks)

    def count_ack(self, phase: int) -> None:
        with self._acks.get_lock():
            self._acks[phase] += 1

    def acks(self, phase: int) -> int:
        return int(self._acks[phase])

    def enter(self, stage: int) -> None:
        """The parent's move to ``stage``."""
        self._stage.value = stage

    def end(self) -> None:
        self.enter(2 * len(self.thinks))


class Tally:
    """One client process's samples and counts, per phase."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.samples: list[list[float]] = [[] for _ in run.thinks]
        self.refused = 0
        self.games = 0
        self.closes: dict[int, int] = {}  # the server's closes, by code
        self.ready = 0  # seats connected during the warm-up (all: the warm-up sufficed)
        self.failed: list[str] = []  # games a client gave up on, one line each

    def ack(self, stage_at_send: int, took_ms: float) -> None:
        """One ack of an act sent at ``stage_at_send``: a sample if that stage was measured."""
        phase = self.run.measured_phase(stage_at_send)
        if phase is not None:
            self.samples[phase].append(took_ms)
            self.run.count_ack(phase)


async def _seat(client: TableClient, rng: random.Random, tally: Tally) -> None:
    """One seat through its game (its client process cancels it at the end of the run)."""
    await client.connect()
    if tally.run.stage() == 0:
        tally.ready += 1
    wait_for = 0
    while client.end is None:
        try:
            wait_for = await _step(client, rng, tally, wait_for)
        except TableClosedError as closed:
            tally.closes[closed.code] = tally.closes.get(closed.code, 0) + 1
            if not closed.retry:
                raise
            await client.reconnect()  # a close the protocol says to come back from


async def _step(client: TableClient, rng: random.Random, tally: Tally, wait_for: int) -> int:
    """One move of the seat when it is its turn, or one frame taken in; the version to wait for."""
    if client.legal and client.version >= wait_for:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * tally.run.think())
        move = rng.choice(client.legal)
        stage = tally.run.stage()
        sent = time.perf_counter()
        answer = await client.answer(await client.act(move))
        took = (time.perf_counter() - sent) * 1000.0
        if answer["type"] == "ack":
            tally.ack(stage, took)
            return int(answer["version"])
        tally.refused += 1
        return client.version + 1
    await client.recv()
    return wait_for


async def _table_slot(base: str, index: int, tally: Tally) -> None:
    rng = random.Random(index)
    number = 0
    while not tally.run.over():
        game = GAMES[(index + number) % len(GAMES)]
        number += 1
        table, _, tokens = await asyncio.to_thread(seat_table, base, game, PLAYERS, {}, {})
        clients = [TableClient(base, table, tokens[s]) for s in range(PLAYERS)]
        try:
            async with asyncio.TaskGroup() as seats:  # one seat failing stops the others
                for client in clients:
                    seats.create_task(_seat(client, random.Random(rng.getrandbits(32)), tally))
        except ExceptionGroup as failed:  # reported, and the slot goes on with a new table
            error = failed.exceptions[0]
            tally.failed.append(f"table {table}: {type(error).__name__}: {error}"[:200])
        finally:
            tally.games += 1
            for client in clients:
                await client.close()


def client_process(base: str, first: int, count: int, run: Run) -> JSON:
    """One client process: ``count`` tables from number ``first``, seated and played through
    the server (or nginx) at ``base`` until the end of ``run``; its samples and counts per
    phase."""
    tally = Tally(run)

    async def go() -> None:
        slots = [asyncio.create_task(_table_slot(base, first + i, tally)) for i in range(count)]
        while not run.over() and not all(slot.done() for slot in slots):
            await asyncio.sleep(POLL)
        for slot in slots:
            slot.cancel()
        for outcome in await asyncio.gather(*slots, return_exceptions=True):
            if not isinstance(outcome, (asyncio.CancelledError, type(None))):
                raise outcome

    asyncio.run(go())
    return {
        "samples": tally.samples,
        "refused": tally.refused,
        "games": tally.games,
        "closes": tally.closes,
        "ready": tally.ready,
        "failed": tally.failed,
    }


def _report(results: Queue[JSON], base: str, first: int, count: int, run: Run) -> None:
    """A client process's body: its summary, or the error that stopped it, on ``results``."""
    try:
        results.put(client_process(base, first, count, run))
    except BaseException as error:
        results.put({"error": f"{type(error).__name__}: {error}"[:500]})
        raise


class Clients:
    """``processes`` client processes sharing ``tables`` tables at ``base`` through ``run``,
    started by the ``with`` block and stopped at its end (killed if they have not finished)."""

    def __init__(
        self, context: SpawnContext, base: str, tables: int, processes: int, run: Run
    ) -> None:
        share = [
            tables // processes + (1 if i < tables % processes else 0) for i in range(processes)
        ]
        firsts = [sum(share[:i]) for i in range(processes)]
        self._run = run
        self._results: Queue[JSON] = context.Queue()
        self._processes = [
            context.Process(target=_report, args=(self._results, base, firsts[i], share[i], run))
            for i in range(processes)
        ]

    def __enter__(self) -> Clients:
        for process in self._processes:
            process.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._run.end()  # already, unless the run stopped short
        for process in self._processes:
            process.join(timeout=STOP_TIMEOUT)
            if process.is_alive():
                process.kill()
                process.join(timeout=10)

    def pids(self) -> list[int]:
        return [p.pid for p in self._processes if p.pid is not None]

    def results(self) -> list[JSON]:
        """Each process's summary, once ``run`` is over (RuntimeError if one failed)."""
        parts = [self._results.get(timeout=RESULTS_TIMEOUT) for _ in self._processes]
        for part in parts:
            if "error" in part:
                raise RuntimeError(f"a client process failed: {part['error']}")
        return parts


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used so far, its threads included."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_phases(
    tables: int,
    processes: int,
    thinks: list[float],
    warmup: float,
    seconds: float,
    settle: float,
    database: str,
    data_dir: Path,
    *,
    min_acks: int = 0,
) -> list[JSON]:
    """One server and its clients through one phase per thinking time (``play_phases``); a
    summary per phase."""
    with ServerProcess(data_dir, database) as server:
        assert server.process is not None
        summaries = play_phases(
            server.base,
            [server.process.pid],
            "postgresql" if database else "sqlite",
            tables,
            processes,
            thinks,
            warmup,
            seconds,
            settle,
            min_acks=min_acks,
        )
        healthy = server.healthy()
    return [{**summary, "server_healthy_at_end": healthy} for summary in summaries]


def play_phases(
    base: str,
    server_pids: list[int],
    store: str,
    tables: int,
    processes: int,
    thinks: list[float],
    warmup: float,
    seconds: float,
    settle: float,
    *,
    min_acks: int = 0,
) -> list[JSON]:
    """Clients at ``base`` (one server, or nginx in front of the processes ``server_pids``)
    through one phase per thinking time: the first measured after ``warmup`` seconds (the tables
    are seated meanwhile), each next one after ``settle`` more seconds at its own rate; each
    measured for ``seconds``, and on until it holds ``min_acks`` acks (at most
    ``LONGEST_EXTENSION`` seconds more). A summary per phase; the server CPU is that of
    ``server_pids`` together."""
    context = multiprocessing.get_context("spawn")
    run = Run(context, thinks)
    windows: list[tuple[float, float, float]] = []  # seconds, server and client CPU seconds
    with Clients(context, base, tables, processes, run) as clients:
        time.sleep(warmup)
        for index in range(len(thinks)):
            if index:
                time.sleep(settle)
            run.enter(2 * index + 1)
            started = time.monotonic()
            server_before = sum(process_cpu(pid) for pid in server_pids)
            clients_before = sum(process_cpu(pid) for pid in clients.pids())
            time.sleep(seconds)
            bound = started + seconds + LONGEST_EXTENSION
            while run.acks(index) < min_acks and time.monotonic() < bound:
                time.sleep(POLL)
            server_after = sum(process_cpu(pid) for pid in server_pids)
            clients_after = sum(process_cpu(pid) for pid in clients.pids())
            run.enter(2 * index + 2)  # the next phase settles, or the run is over
            measured = time.monotonic() - started
            windows.append((measured, server_after - server_before, clients_after - clients_before))
        parts = clients.results()
    summaries = []
    for index, (measured, server_cpu, client_cpu) in enumerate(windows):
        samples = [s for part in parts for s in part["samples"][index]]
        per_thousand = 1000.0 / len(samples) if samples else 0.0
        summaries.append(
            {
                "store": store,
                "server_processes": len(server_pids),
                "tables": tables,
                "clients": tables * PLAYERS,
                "clients_seated_before_measuring": sum(part["ready"] for part in parts),
                "client_processes": processes,
                "think_seconds": thinks[index],
                "measured_seconds": round(measured, 1),
                "acks_measured": len(samples),
                "offered_per_second": round(tables / thinks[index], 1),
                "acks_per_second": round(len(samples) / measured, 1),
                "server_cores": round(server_cpu / measured, 3),
                "server_cpu_seconds_per_1000_moves": round(server_cpu * per_thousand, 3),
                "client_cpu_seconds_per_1000_moves": round(client_cpu * per_thousand, 3),
                "act_to_ack_ms": percentiles(samples),
                "max_ms": round(max(samples), 1) if samples else None,
                "refused": sum(part["refused"] for part in parts),
                "tables_played": sum(part["games"] for part in parts),
                "server_closes": _merged([part["closes"] for part in parts]),
                "games_failed": [line for part in parts for line in part["failed"]][:20],
            }
        )
    return summaries


def _merged(counts: list[dict[int, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for count in counts:
        for code, n in count.items():
            out[str(code)] = out.get(str(code), 0) + n
    return out


def run(
    tables: int,
    processes: int,
    think: float,
    warmup: float,
    seconds: float,
    min_acks: int,
    database: str,
    data_dir: Path,
) -> JSON:
    """One phase: ``tables`` tables thinking ``think`` seconds, measured for ``seconds`` and
    until ``min_acks`` acks."""
    started = time.monotonic()
    timing = (tables, processes, [think], warmup, seconds, 0.0)
    summary = run_phases(*timing, database, data_dir, min_acks=min_acks)[0]
    return {**summary, "seconds": elapsed(started)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds before a move")
    parser.add_argument("--warmup", type=float, default=20.0)
    parser.add_argument("--seconds", type=float, default=120.0, help="measured time")
    parser.add_argument(
        "--min-acks",
        type=int,
        default=0,
        help="measure on past --seconds until this many acks (a short run on a loaded machine)",
    )
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--json", type=Path, help="write the summary here")
    args = parser.parse_args(argv)
    timing = (args.tables, args.processes, args.think, args.warmup, args.seconds, args.min_acks)
    with tempfile.TemporaryDirectory(prefix="aerodeck-web-load-") as tmp:
        if args.database == "postgresql":
            with postgres_cluster() as url:
                summary = run(*timing, url, Path(tmp))
        else:
            summary = run(*timing, "", Path(tmp))
    text = json.dumps(summary, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0 if summary["server_healthy_at_end"] and summary["acks_measured"] > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
