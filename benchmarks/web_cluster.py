"""Three server processes on one PostgreSQL store behind nginx, killed at random: 0 acknowledged
moves lost, every game finished, 0 leaks, and the gap a client sees (docs/server.md, "Several
processes").

Three `aerodeck serve` processes share a throwaway PostgreSQL cluster, behind nginx with
deploy/nginx/'s configuration (as `aerodeck cluster` runs them; ``web_common.NginxCluster``).
Every table is created and its seats claimed through nginx. Its clients (the seats, then a
spectator) take two routes in turn, so that each table has both:

- **through nginx** (the second, fourth, ... client): nginx sends every ``/ws?table=ID`` of a
  table to the process the table's id hashes to (the next one on the ring while that one is
  down), again at every reconnection;
- **straight to a chosen process** (the first, third, ... client, and both clients of a table
  that has only two: a two-seat table with a bot): the k-th direct client of a table first
  connects to process t + k, t drawn at random per table. nginx sends a table's sockets to one
  process, so these make sure every table has clients on at least two different processes and
  its frames cross processes (``tables_with_clients_on_two_processes`` counts it, from where the
  direct clients first connected).

``--all-direct`` sends every client straight to a process (the placement of the run of
2026-11-27 15:53: seat i of a table to process t + i, the spectator to t + 2). Every other table
has a server bot in its last seat, so the process holding that table's lease runs a bot there.
Human seats are clients whose move at each version is a function of the table and the version
only (benchmarks/web_crash.py); a client that loses its process reconnects (a direct client to
the next process when its own does not answer, a client through nginx to nginx again) with the
last version it saw, and resends an unanswered move with the same message id, and a move
refused with the code ``server`` (the store did not take it: docs/web-protocol.md says send it
again; ``moves_the_store_did_not_take`` counts them).

While the games run, a random process is killed with SIGKILL and started again on the same port
and name after up to 0.5 s. The kills are spread over the run: the i-th (from 0, of K, over G
games played C at a time) waits until i x (G - C) / K games have started, then 0.3 to 3 s more,
and until some game is under way.

Counted at the end:
- acknowledged moves lost: every move a client had acknowledged must be in the final record at
  the version of its ack (must be 0); human-only tables must also be the record of the same
  choices played without any crash;
- games finished (every one started);
- leaks: every frame every client received, checked by web_leaks' checker (rebuilt by the
  server's own frame builders from the true state and from redrawn hidden cards; no hidden card
  named) (must be 0). Each finished game's frames are spooled to disk and checked after the play
  (``--jobs`` processes), so a long run holds no frames in memory and the check does not compete
  with the cluster for the cores;
- the client-visible gap: for each kill and each game under way at it, the time from the kill to
  the game's next move seen by one of its clients (p50, p95, max), and for each reconnection the
  time from losing the connection to the welcome on another process; the longest gaps named
  with their table, kill, victim and where each client was (``longest_gaps``), and every game
  silent for 15 s looked into while it lasts: its lease as stored and the lines of each
  process's log about it (``stalls``; benchmarks/cluster_stalls.py). The processes run at
  ``--log-level info`` and their logs stay in the run's folder (``run_dir``).

With ``--json`` the summary is written as the run goes: every 30 s of play (the games so far),
after the play (every count but the leaks), every 25 games of the leak check, and at the end.
A Ctrl-C (or SIGTERM) stops the play or the check: the summary of the games finished by then,
marked ``"interrupted"``, is written and printed; the processes are stopped.

Run: PYTHONPATH=src:. nice -n 10 .venv/bin/python -m benchmarks.web_cluster --json out.json
     (1,000 games, 30 kills: the issue's run) [--games 100 --kills 10] [--all-direct]

Backs: docs/server.md, "Several processes: 0 acknowledged moves lost, 0 leaks".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aerodeck.client import TableClient, TableClosedError, websocket_url
from aerodeck.core.api import JSON
from benchmarks.cluster_stalls import Kill, Placement, StallWatch, gap_summary
from benchmarks.web_common import BENCH_FLAGS, NginxCluster, elapsed, percentiles, write_json
from benchmarks.web_crash import TABLES, choose, reference
from benchmarks.web_leaks import check_game

PROCESSES = 3
RETRY_WAIT = 0.1
RETRIES = 3000  # x RETRY_WAIT: five minutes without any process is a failure
MOVE_PAUSE = 0.02  # seconds between a client's moves, so a kill finds games in the middle
BOT = "random"
PROGRESS_SECONDS = 30.0  # how often the summary is written during the play
CHECKS_PER_WRITE = 25  # games leak-checked between two writes of the summary


@dataclass
class Seat:
    """One client (a seat, or the spectator: seat None) and what it was told."""

    client: TableClient
    seat: int | None
    process: int | None  # the process it connects to now; None: through nginx
    acked: dict[int, str] = field(default_factory=dict)  # version produced -> move acknowledged
    reconnects: list[float] = field(default_factory=list)  # seconds from loss to welcome
    placement: Placement = field(default_factory=lambda: Placement(""))
    server_refusals: int = 0  # moves the store did not take, sent again


@dataclass
class Game:
    table: str
    bot: bool
    seats: list[Seat]
    placed: set[int]  # the processes its direct clients first connected to
    moved_at: list[float] = field(default_factory=list)  # when a client saw the version rise
    started: float = 0.0
    ended: float | None = None
    end: JSON | None = None

    @property
    def placements(self) -> list[Placement]:
        return [seat.placement for seat in self.seats]

    def versions(self) -> list[int]:
        return [seat.client.version for seat in self.seats]


@dataclass
class Play:
    """What the play has done so far: kept outside the event loop, so a Ctrl-C keeps it."""

    spool: Path  # each finished game's frames, one JSON line a game
    games: list[Game] = field(default_factory=list)
    kills: list[Kill] = field(default_factory=list)
    created: int = 0
    watch: StallWatch | None = None  # looks into games silent for long (cluster_stalls.py)

    def finished(self) -> list[Game]:
        return [game for game in self.games if game.end is not None]


def _url(cluster: NginxCluster, process: int | None) -> str:
    if process is None:
        return cluster.ws_url
    return websocket_url(cluster.servers[process % PROCESSES].base)


async def _connect(cluster: NginxCluster, seat: Seat, lost_at: float | None) -> None:
    """Connect (again) from the last version seen: through nginx, or to the seat's process or,
    when it does not answer, the next one."""
    for attempt in range(RETRIES):
        seat.client.url = _url(cluster, seat.process)
        try:
            await seat.client.reconnect()
            where = "nginx" if seat.process is None else f"p{seat.process % PROCESSES}"
            seat.placement.connected.append((time.monotonic(), where))
            if lost_at is not None:
                seat.reconnects.append(time.monotonic() - lost_at)
            return
        except TableClosedError as closed:
            if not closed.retry:
                raise
            if seat.process is None:  # nginx found no process: they are starting
                await asyncio.sleep(RETRY_WAIT)
                continue
            seat.process += 1  # another process
            if attempt % PROCESSES == PROCESSES - 1:
                await asyncio.sleep(RETRY_WAIT)
    raise RuntimeError("no process came back")


def _saw(game: Game, before: int, client: TableClient) -> None:
    if client.version > before:
        game.moved_at.append(time.monotonic())


async def play_seat(cluster: NginxCluster, game: Game, seat: Seat) -> None:
    """Play (or watch) to the end through any number of kills."""
    client = seat.client
    await _connect(cluster, seat, None)
    for _ in range(1_000_000):
        try:
            if client.end is not None:
                return
            before = client.version
            if seat.seat is not None and client.legal:
                version = client.version
                move = choose(game.table, version, client.legal)
                answer = await client.play(move, client_id=f"s{seat.seat}v{version}")
                if answer["type"] == "ack":
                    seat.acked[answer["version"]] = move
                    await asyncio.sleep(MOVE_PAUSE)
                elif answer.get("code") == "server":  # nothing applied: send it again
                    seat.server_refusals += 1
                    await asyncio.sleep(RETRY_WAIT)
                    continue
                while client.version <= version and client.end is None:
                    await client.recv()  # the update of this version comes next
            else:
                await client.recv()
            _saw(game, before, client)
        except TableClosedError as closed:
            if not closed.retry:
                raise
            await _connect(cluster, seat, time.monotonic())
    raise RuntimeError("a game did not end")


def _create(cluster: NginxCluster, index: int) -> tuple[str, dict[int, str]]:
    """The ``index``-th table, created and its seats claimed through nginx."""
    game, players, options = TABLES[index % len(TABLES)]
    bots = {players - 1: BOT} if index % 2 else {}
    for _ in range(RETRIES):
        try:
            table, _, tokens = cluster.seat_table(game, players, options, bots)
            return table, tokens
        except Exception:  # a process went down under a call (a kill): again
            time.sleep(RETRY_WAIT)
    raise RuntimeError("could not create a table")


def routes(clients: int, first: int, all_direct: bool) -> list[int | None]:
    """Where each of a table's clients (its seats, then the spectator) connects: a process
    number, or None for nginx. Alternately direct and through nginx, the k-th direct client to
    process ``first`` + k, but both direct when there are two (one human seat and the
    spectator: a table of two with a bot); ``all_direct``: client j to ``first`` + j."""
    if all_direct or clients < 3:
        return [first + j for j in range(clients)]
    return [first + j // 2 if j % 2 == 0 else None for j in range(clients)]


def _spool(play: Play, game: Game) -> None:
    """The game's frames to the spool, as web_leaks' checker takes them; dropped from memory."""
    assert game.end is not None
    frames = {str(seat.seat): seat.client.frames or [] for seat in game.seats}
    checked = {
        "table": game.table,
        "game": game.end["record"]["game"],
        "players": game.end["record"]["players"],
        "record": game.end["record"],
        "frames": frames,
        "looks": {},
    }
    with play.spool.open("a") as out:
        out.write(json.dumps(checked) + "\n")
    for seat in game.seats:
        seat.client.frames = []


async def cluster_run(
    cluster: NginxCluster,
    play: Play,
    games: int,
    kills: int,
    concurrent: int,
    seed: int,
    all_direct: bool,
    progress: Callable[[str], object],
) -> None:
    rng = random.Random(seed)

    async def one_game() -> None:
        index = play.created
        play.created += 1
        first = rng.randrange(PROCESSES)
        table, tokens = await asyncio.to_thread(_create, cluster, index)
        where = routes(len(tokens) + 1, first, all_direct)
        seats = [
            Seat(
                TableClient(
                    _url(cluster, where[s]),
                    table,
                    token,
                    recv_timeout=30,
                    id_prefix=str(s),
                    keep_frames=True,
                ),
                s,
                where[s],
                placement=Placement(f"seat {s}"),
            )
            for s, token in tokens.items()
        ]
        watcher = TableClient(
            _url(cluster, where[-1]), table, None, recv_timeout=30, keep_frames=True
        )
        seats.append(Seat(watcher, None, where[-1], placement=Placement("watcher")))
        placed = {p % PROCESSES for p in where if p is not None}
        game = Game(table, bool(index % 2), seats, placed, started=time.monotonic())
        play.games.append(game)
        await asyncio.gather(*(play_seat(cluster, game, seat) for seat in seats))
        game.ended = time.monotonic()
        game.end = watcher.end
        for seat in seats:
            await seat.client.close()
        _spool(play, game)

    async def slot() -> None:
        while play.created < games:
            await one_game()

    async def report() -> None:
        while True:
            await asyncio.sleep(PROGRESS_SECONDS)
            progress("playing")

    async def watch() -> None:
        assert play.watch is not None
        while True:
            await asyncio.sleep(1.0)
            await play.watch.look(play.games)

    slots = [asyncio.create_task(slot()) for _ in range(concurrent)]
    reporter = asyncio.create_task(report())
    watcher = asyncio.create_task(watch())

    def failed() -> None:
        for task in slots:
            if task.done() and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]

    for number in range(kills):
        # spread over the time new games start (all have started once ``concurrent`` are left)
        while play.created < number * max(0, games - concurrent) // kills:
            failed()
            await asyncio.sleep(0.2)
        await asyncio.sleep(rng.uniform(0.3, 3.0))
        if all(task.done() for task in slots):
            break
        for _ in range(600):  # until some game is under way
            if any(g.end is None and g.moved_at for g in play.games):
                break
            await asyncio.sleep(0.1)
        which = rng.randrange(PROCESSES)
        victim = cluster.servers[which]
        wall = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())
        _mark(victim.log, f"kill {number} (SIGKILL) at {wall} UTC")
        await asyncio.to_thread(victim.kill9)
        play.kills.append(Kill(number, f"p{which}", time.monotonic(), wall))
        await asyncio.sleep(rng.uniform(0.0, 0.5))
        _mark(victim.log, f"restarted after kill {number}")
        await asyncio.to_thread(victim.restart)
        failed()
    await asyncio.wait_for(asyncio.gather(*slots), 6 * 3600)
    reporter.cancel()
    watcher.cancel()


def _mark(log: Path, what: str) -> None:
    """A line of the benchmark's own in a process's log, so the log reads with the kills."""
    with log.open("a") as out:
        out.write(f"=== web_cluster: {what}\n")


def check(finished: list[Game], replay: bool) -> dict[str, Any]:
    """Acknowledged moves against the final records; with ``replay``, every human-only record
    against the same choices played without a crash."""
    lost: list[str] = []
    differs = acked = 0
    for game in finished:
        assert game.end is not None
        record = dict(game.end["record"])
        actions = record["actions"]
        for seat in game.seats:
            for version, move in seat.acked.items():
                acked += 1
                if version > len(actions) or actions[version - 1] != move:
                    lost.append(f"{game.table}@{version}: {move}")
        if replay and not game.bot:
            record["_table"] = game.table
            differs += reference(record) != actions
    return {
        "acked_moves": acked,
        "acked_moves_lost": len(lost),
        "lost_examples": lost[:10],
        "human_only_records_differing_from_no_crash_run": differs if replay else None,
    }


def play_summary(play: Play, replay: bool) -> JSON:
    """Every count of the play so far, over the games finished (the leaks apart)."""
    finished = play.finished()
    reconnects = [s for game in play.games for seat in game.seats for s in seat.reconnects]
    clients = [seat for game in play.games for seat in game.seats]
    return {
        "processes": PROCESSES,
        "kills": len(play.kills),
        "games_started": len(play.games),
        "games_finished": len(finished),
        "games_with_a_bot": sum(game.bot for game in play.games),
        "clients_through_nginx": sum(seat.process is None for seat in clients),
        "clients_direct": sum(seat.process is not None for seat in clients),
        "tables_with_clients_on_two_processes": sum(len(g.placed) >= 2 for g in play.games),
        "moves": sum(len(game.end["record"]["actions"]) for game in finished if game.end),
        **check(finished, replay),
        "moves_the_store_did_not_take": sum(seat.server_refusals for seat in clients),
        "reconnections": len(reconnects),
        "reconnect_ms": percentiles([1000 * s for s in reconnects], (50, 95)),
        "reconnect_ms_max": round(1000 * max(reconnects, default=0.0), 1),
        **gap_summary(play.games, play.kills),
        "stalls": [] if play.watch is None else play.watch.stalls,
    }


def _spooled(spool: Path) -> Iterator[dict[str, Any]]:
    if spool.exists():
        with spool.open() as lines:
            for line in lines:
                yield json.loads(line)


def leak_checks(spool: Path, jobs: int) -> Iterator[dict[str, Any]]:
    """web_leaks' checker over every spooled game, ``jobs`` at a time, in order; at most twice
    ``jobs`` games read from the spool at once."""
    with ProcessPoolExecutor(jobs) as pool:
        pending: deque[Future[dict[str, Any]]] = deque()
        for played in _spooled(spool):
            pending.append(pool.submit(check_game, played))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def leak_summary(results: list[dict[str, Any]]) -> JSON:
    return {
        "games_leak_checked": len(results),
        "frames_checked": sum(r["frames"] for r in results),
        "leaks": sum(len(r["leaks"]) for r in results),
        "first_leaks": [leak for r in results for leak in r["leaks"]][:10],
    }


def run(args: argparse.Namespace, root: Path) -> JSON:
    """The play, then the leak check; the summary written at every stage (``--json``)."""
    started = time.monotonic()
    play = Play(root / "games.jsonl")
    settings = {"games_asked": args.games, "kills_asked": args.kills, "seed": args.seed}
    settings["all_direct"] = args.all_direct
    settings["through"] = "nginx: the lobby calls only" if args.all_direct else "nginx"
    settings["run_dir"] = str(root)  # the processes' logs, kept
    stage: JSON = {}

    def write(step: str, replay: bool = False, **more: Any) -> JSON:
        stage.clear()
        stage.update(
            {"stage": step, **settings, **play_summary(play, replay), **more}
            | {"seconds": elapsed(started)}
        )
        write_json(args.json, stage)
        return stage

    healthy = False
    try:
        # the cluster's presence and lease lines in each process's log (cluster_stalls.py)
        with NginxCluster(root, PROCESSES, [*BENCH_FLAGS, "--log-level", "info"]) as cluster:
            logs = {f"p{i}": server.log for i, server in enumerate(cluster.servers)}
            play.watch = StallWatch(cluster.database, logs, play.kills)
            asyncio.run(
                cluster_run(
                    cluster,
                    play,
                    args.games,
                    args.kills,
                    args.concurrent,
                    args.seed,
                    args.all_direct,
                    write,
                )
            )
            healthy = cluster.healthy()
            starts = sum(server.starts for server in cluster.servers)
    except KeyboardInterrupt:
        unchecked = {"games_leak_checked": 0, "leaks": None}
        return write("played", True, interrupted="during the play", **unchecked)
    except Exception as error:  # the counts so far, then the error as it is
        write("failed", True, error=repr(error)[:500])
        raise
    write("played", True, process_starts=starts, processes_healthy_at_end=healthy)
    done = {"process_starts": starts, "processes_healthy_at_end": healthy}
    results: list[dict[str, Any]] = []
    try:
        for result in leak_checks(play.spool, args.jobs):
            results.append(result)
            if len(results) % CHECKS_PER_WRITE == 0:
                write("checking leaks", True, **done, **leak_summary(results))
    except (KeyboardInterrupt, BrokenProcessPool):
        summary = leak_summary(results)
        return write("played", True, interrupted="during the leak check", **done, **summary)
    play.spool.unlink(missing_ok=True)  # the frames, checked; the logs stay
    return write("done", True, **done, **leak_summary(results))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--concurrent", type=int, default=12, help="games played at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="processes checking for leaks")
    parser.add_argument(
        "--all-direct",
        action="store_true",
        help="every client straight to a chosen process (none through nginx)",
    )
    parser.add_argument("--json", type=Path, help="write the summary here, as the run goes")
    parser.add_argument(
        "--run-dir", type=Path, help="keep the processes' logs here (default: a new temp folder)"
    )
    args = parser.parse_args(argv)
    # a SIGTERM (`timeout`) ends the run as a Ctrl-C does: the summary so far, processes stopped
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    root = args.run_dir or Path(tempfile.mkdtemp(prefix="aerodeck-web-cluster-"))
    root.mkdir(parents=True, exist_ok=True)
    summary = run(args, root)
    print(json.dumps(summary, indent=1))
    print(f"the processes' logs: {root}/p*/server.log", file=sys.stderr)
    ok = (
        "interrupted" not in summary
        and summary["acked_moves_lost"] == 0
        and summary["leaks"] == 0
        and summary["games_finished"] == summary["games_started"]
        and summary["human_only_records_differing_from_no_crash_run"] == 0
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
