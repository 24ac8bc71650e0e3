"""Load on the table server: many concurrent tables of four clients, act-to-ack latency
(docs/server.md, "Measured"). A benchmark, not a test: the figures depend on the machine.

One `aerodeck serve` (SQLite, or PostgreSQL in a throwaway cluster) is started; client processes
(asyncio, the websockets library) each seat their share of the tables, four human seats a table,
every seat its own connection, over the five games in turn. Each seat, when it is its turn,
thinks for a random time around ``--think`` seconds, then acts; the time from sending the act to
receiving its ack is one sample. Samples are kept from the end of a warm-up until the end of the
run; a table whose game ends is replaced by a new one (its set-up is not timed). The CPU seconds
per 1,000 moves of the server (from /proc) and of the client processes are measured over the
same window. ``run_phases`` runs one server through several rates in turn (the capacity curve,
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
from dataclasses import dataclass
from multiprocessing.sharedctypes import Synchronized
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
STARTUP_TIMEOUT = 120.0  # seconds the client processes get to start before the warm-up begins


@dataclass(frozen=True)
class Phase:
    """A stretch of the run at one offered rate: seats think ``think`` seconds on average from
    the end of the phase before (its settling time) until ``until``; samples are kept from
    ``measure_from`` (monotonic seconds, the same clock in every process)."""

    measure_from: float
    until: float
    think: float


def _phase_at(phases: list[Phase], moment: float) -> int:
    """The phase whose thinking time applies at ``moment`` (the last one after the end)."""
    return next((i for i, phase in enumerate(phases) if moment < phase.until), len(phases) - 1)


class Tally:
    """One client process's samples and counts, per phase."""

    def __init__(self, phases: list[Phase]) -> None:
        self.phases = phases
        self.samples: list[list[float]] = [[] for _ in phases]
        self.refused = 0
        self.games = 0
        self.closes: dict[int, int] = {}  # the server's closes, by code
        self.ready = (
            0  # seats connected before the first phase is measured (all: the warm-up sufficed)
        )
        self.failed: list[str] = []  # games a client gave up on, one line each

    def ack(self, sent_at: float, took_ms: float) -> None:
        index = _phase_at(self.phases, sent_at)
        phase = self.phases[index]
        if phase.measure_from <= sent_at < phase.until:
            self.samples[index].append(took_ms)


async def _seat(client: TableClient, rng: random.Random, tally: Tally) -> None:
    phases = tally.phases
    until = phases[-1].until
    await client.connect()
    if time.monotonic() < phases[0].measure_from:
        tally.ready += 1
    wait_for = 0
    while time.monotonic() < until and client.end is None:
        try:
            wait_for = await _step(client, rng, tally, wait_for, until)
        except TableClosedError as closed:
            tally.closes[closed.code] = tally.closes.get(closed.code, 0) + 1
            if not closed.retry or time.monotonic() >= until:
                raise
            await client.reconnect()  # a close the protocol says to come back from


async def _step(
    client: TableClient, rng: random.Random, tally: Tally, wait_for: int, until: float
) -> int:
    """One move of the seat when it is its turn, or one frame taken in; the version to wait for."""
    phases = tally.phases
    if client.legal and client.version >= wait_for:
        think = phases[_phase_at(phases, time.monotonic())].think
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        if time.monotonic() >= until:
            return wait_for
        move = rng.choice(client.legal)
        sent_at = time.monotonic()
        sent = time.perf_counter()
        answer = await client.answer(await client.act(move))
        took = (time.perf_counter() - sent) * 1000.0
        if answer["type"] == "ack":
            tally.ack(sent_at, took)
            return int(answer["version"])
        tally.refused += 1
        return client.version + 1
    left = until - time.monotonic()
    if left <= 0:
        return wait_for
    client.recv_timeout = max(left, 0.1)
    try:
        await client.recv()
    except Exception:  # the receive timed out at the end of the run, or a close (the caller's)
        if time.monotonic() < until:
            raise
    finally:
        client.recv_timeout = 120.0
    return wait_for


async def _table_slot(base: str, index: int, tally: Tally) -> None:
    rng = random.Random(index)
    number = 0
    while time.monotonic() < tally.phases[-1].until:
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
            for client in clients:
                await client.close()
        tally.games += 1


def _started(count: Synchronized[int]) -> None:
    """A client process is up (its imports done): counted in the shared ``count``."""
    with count.get_lock():
        count.value += 1


def client_process(base: str, first: int, count: int, phases: list[Phase]) -> JSON:
    """One client process: ``count`` tables from number ``first`` through ``phases``, seated and
    played through the server (or nginx) at ``base``; its samples and counts per phase, and the
    CPU seconds it used in each phase's measured window."""
    tally = Tally(phases)
    cpu: list[float] = []

    async def clock_cpu() -> None:
        for phase in phases:
            await asyncio.sleep(max(0.0, phase.measure_from - time.monotonic()))
            before = _own_cpu()
            await asyncio.sleep(max(0.0, phase.until - time.monotonic()))
            cpu.append(_own_cpu() - before)

    async def go() -> None:
        await asyncio.gather(
            clock_cpu(), *(_table_slot(base, first + i, tally) for i in range(count))
        )

    asyncio.run(go())
    return {
        "samples": tally.samples,
        "cpu_seconds": cpu,
        "refused": tally.refused,
        "games": tally.games,
        "closes": tally.closes,
        "ready": tally.ready,
        "failed": tally.failed,
    }


def _own_cpu() -> float:
    times = os.times()
    return times.user + times.system


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
) -> list[JSON]:
    """Clients at ``base`` (one server, or nginx in front of the processes ``server_pids``)
    through one phase per thinking time: the first measured after ``warmup`` seconds, counted
    once every client process is up (the tables are seated meanwhile), each next one after
    ``settle`` more seconds at its own rate; each measured for ``seconds``. A summary per phase;
    the server CPU is that of ``server_pids`` together."""
    share = [tables // processes + (1 if i < tables % processes else 0) for i in range(processes)]
    firsts = [sum(share[:i]) for i in range(processes)]
    server_cpu: list[float] = []
    context = multiprocessing.get_context("spawn")
    started = context.Value("i", 0)
    with context.Pool(processes, initializer=_started, initargs=(started,)) as pool:
        # the warm-up counts from when every client process is up: a spawned interpreter can
        # take longer to start and import on a loaded machine than a short run's whole window
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while started.value < processes and time.monotonic() < deadline:
            time.sleep(0.05)
        phases: list[Phase] = []
        start = time.monotonic() + warmup
        for think in thinks:
            phases.append(Phase(start, start + seconds, think))
            start += seconds + settle
        waiting = pool.starmap_async(
            client_process, [(base, firsts[i], share[i], phases) for i in range(processes)]
        )
        for phase in phases:
            time.sleep(max(0.0, phase.measure_from - time.monotonic()))
            before = sum(process_cpu(pid) for pid in server_pids)
            time.sleep(max(0.0, phase.until - time.monotonic()))
            server_cpu.append(sum(process_cpu(pid) for pid in server_pids) - before)
        parts = waiting.get(timeout=RESULTS_TIMEOUT)
    summaries = []
    for index, phase in enumerate(phases):
        samples = [s for part in parts for s in part["samples"][index]]
        per_thousand = 1000.0 / len(samples) if samples else 0.0
        client_cpu = sum(part["cpu_seconds"][index] for part in parts)
        summaries.append(
            {
                "store": store,
                "server_processes": len(server_pids),
                "tables": tables,
                "clients": tables * PLAYERS,
                "clients_seated_before_measuring": sum(part["ready"] for part in parts),
                "client_processes": processes,
                "think_seconds": phase.think,
                "measured_seconds": seconds,
                "acks_measured": len(samples),
                "offered_per_second": round(tables / phase.think, 1),
                "acks_per_second": round(len(samples) / seconds, 1),
                "server_cores": round(server_cpu[index] / seconds, 3),
                "server_cpu_seconds_per_1000_moves": round(server_cpu[index] * per_thousand, 3),
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
    database: str,
    data_dir: Path,
) -> JSON:
    """One phase: ``tables`` tables thinking ``think`` seconds, measured for ``seconds``."""
    started = time.monotonic()
    summary = run_phases(tables, processes, [think], warmup, seconds, 0.0, database, data_dir)[0]
    return {**summary, "seconds": elapsed(started)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds before a move")
    parser.add_argument("--warmup", type=float, default=20.0)
    parser.add_argument("--seconds", type=float, default=120.0, help="measured time")
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--json", type=Path, help="write the summary here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="aerodeck-web-load-") as tmp:
        if args.database == "postgresql":
            with postgres_cluster() as url:
                summary = run(
                    args.tables,
                    args.processes,
                    args.think,
                    args.warmup,
                    args.seconds,
                    url,
                    Path(tmp),
                )
        else:
            summary = run(
                args.tables, args.processes, args.think, args.warmup, args.seconds, "", Path(tmp)
            )
    text = json.dumps(summary, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0 if summary["server_healthy_at_end"] and summary["acks_measured"] > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
