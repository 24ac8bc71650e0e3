"""Three server processes on one PostgreSQL store, killed at random: 0 acknowledged moves lost,
every game finished, 0 leaks, and the gap a client sees (docs/server.md, "Several processes").

Three `aerodeck serve` processes share a throwaway PostgreSQL cluster. Each table is created on a
random process; its seats and its spectator connect to different processes (seat i of the k-th
table to process k + i, the spectator to the next one), so every table's frames cross processes.
Every other table has a server bot in its last seat, so the process holding that table's lease
runs a bot there. Human seats are clients whose move at each version is a function of the table
and the version only (benchmarks/web_crash.py); a client that loses its process reconnects to
another with the last version it saw and resends an unanswered move with the same message id.

While the games run, a random process is killed with SIGKILL at seeded random moments (0.3 to
3 s apart, while games are under way) and started again on the same port after up to 0.5 s.

Counted at the end:
- acknowledged moves lost: every move a client had acknowledged must be in the final record at
  the version of its ack (must be 0); human-only tables must also be the record of the same
  choices played without any crash;
- games finished (every one started);
- leaks: every frame every client received, checked by web_leaks' checker (rebuilt by the
  server's own frame builders from the true state and from redrawn hidden cards; no hidden card
  named) (must be 0);
- the client-visible gap: for each kill and each game under way at it, the time from the kill to
  the game's next move seen by one of its clients (p50, p95, max), and for each reconnection the
  time from losing the connection to the welcome on another process.

Run: PYTHONPATH=src nice -n 10 .venv/bin/python -m benchmarks.web_cluster --games 100 --kills 10

Backs: docs/server.md, "Several processes: measured".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aerodeck.client import TableClient, TableClosedError, websocket_url
from aerodeck.core.api import JSON
from benchmarks.web_common import (
    BENCH_FLAGS,
    ServerProcess,
    elapsed,
    percentiles,
    postgres_cluster,
)
from benchmarks.web_crash import TABLES, choose, reference
from benchmarks.web_leaks import check_game

PROCESSES = 3
RETRY_WAIT = 0.1
RETRIES = 3000  # x RETRY_WAIT: five minutes without any process is a failure
MOVE_PAUSE = 0.02  # seconds between a client's moves, so a kill finds games in the middle
BOT = "random"


@dataclass
class Seat:
    """One client (a seat, or the spectator: seat None) and what it was told."""

    client: TableClient
    seat: int | None
    process: int  # the process it is connected to now
    acked: dict[int, str] = field(default_factory=dict)  # version produced -> move acknowledged
    reconnects: list[float] = field(default_factory=list)  # seconds from loss to welcome


@dataclass
class Game:
    table: str
    bot: bool
    seats: list[Seat]
    moved_at: list[float] = field(default_factory=list)  # when a client saw the version rise
    started: float = 0.0
    ended: float | None = None
    end: JSON | None = None


class Cluster:
    """The three processes: which are up, and where a client goes next."""

    def __init__(self, servers: list[ServerProcess]) -> None:
        self.servers = servers

    def url(self, index: int) -> str:
        return websocket_url(self.servers[index % len(self.servers)].base)


async def _connect(cluster: Cluster, seat: Seat, lost_at: float | None) -> None:
    """Connect (again) from the last version seen, to the seat's process or, when it does not
    answer, the next one."""
    for attempt in range(RETRIES):
        seat.client.url = cluster.url(seat.process)
        try:
            await seat.client.reconnect()
            if lost_at is not None:
                seat.reconnects.append(time.monotonic() - lost_at)
            return
        except TableClosedError as closed:
            if not closed.retry:
                raise
            seat.process += 1  # another process
            if attempt % PROCESSES == PROCESSES - 1:
                await asyncio.sleep(RETRY_WAIT)
    raise RuntimeError("no process came back")


def _saw(game: Game, before: int, client: TableClient) -> None:
    if client.version > before:
        game.moved_at.append(time.monotonic())


async def play_seat(cluster: Cluster, game: Game, seat: Seat) -> None:
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


def _create(cluster: Cluster, index: int, first: int) -> tuple[str, dict[int, str], int]:
    """The ``index``-th table, created on process ``first`` (or the next one up)."""
    game, players, options = TABLES[index % len(TABLES)]
    bots = {players - 1: BOT} if index % 2 else {}
    for attempt in range(RETRIES):
        server = cluster.servers[(first + attempt) % PROCESSES]
        try:
            table, _, tokens = server.seat_table(game, players, options, bots)
            return table, tokens, first + attempt
        except Exception:  # that process is down just now (a kill): another one
            time.sleep(RETRY_WAIT)
    raise RuntimeError("could not create a table")


async def cluster_run(
    cluster: Cluster, games: int, kills: int, concurrent: int, seed: int
) -> dict[str, Any]:
    rng = random.Random(seed)
    played: list[Game] = []
    created = 0

    async def one_game() -> None:
        nonlocal created
        index = created
        created += 1
        first = rng.randrange(PROCESSES)
        table, tokens, where = await asyncio.to_thread(_create, cluster, index, first)
        seats = [
            Seat(
                TableClient(
                    cluster.url(where + s),
                    table,
                    token,
                    recv_timeout=30,
                    id_prefix=str(s),
                    keep_frames=True,
                ),
                s,
                where + s,
            )
            for s, token in tokens.items()
        ]
        watcher = TableClient(
            cluster.url(where + 2), table, None, recv_timeout=30, keep_frames=True
        )
        seats.append(Seat(watcher, None, where + 2))
        game = Game(table, bool(index % 2), seats, started=time.monotonic())
        played.append(game)
        await asyncio.gather(*(play_seat(cluster, game, seat) for seat in seats))
        game.ended = time.monotonic()
        game.end = watcher.end
        for seat in seats:
            await seat.client.close()

    async def slot() -> None:
        while created < games:
            await one_game()

    slots = [asyncio.create_task(slot()) for _ in range(concurrent)]
    kill_times: list[float] = []
    for _ in range(kills):
        await asyncio.sleep(rng.uniform(0.3, 3.0))
        if all(task.done() for task in slots):
            break
        for _ in range(600):  # until some game is under way
            if any(g.end is None and g.moved_at for g in played):
                break
            await asyncio.sleep(0.1)
        victim = cluster.servers[rng.randrange(PROCESSES)]
        await asyncio.to_thread(victim.kill9)
        kill_times.append(time.monotonic())
        await asyncio.sleep(rng.uniform(0.0, 0.5))
        await asyncio.to_thread(victim.restart)
        for task in slots:
            if task.done() and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]
    await asyncio.wait_for(asyncio.gather(*slots), 3600)
    return {"games": played, "kills": kill_times}


def _frames(game: Game) -> dict[str, Any]:
    """One game as web_leaks' checker takes it."""
    assert game.end is not None
    frames = {str(seat.seat): seat.client.frames or [] for seat in game.seats}
    return {
        "table": game.table,
        "game": game.end["record"]["game"],
        "players": game.end["record"]["players"],
        "record": game.end["record"],
        "frames": frames,
        "looks": {},
    }


def _stalls(played: list[Game], kills: list[float]) -> list[float]:
    """For each kill and each game under way at it: seconds to the game's next move."""
    out = []
    for at in kills:
        for game in played:
            if game.started < at and (game.ended is None or game.ended > at):
                after = [t for t in game.moved_at if t > at]
                if after:
                    out.append(min(after) - at)
    return out


def check(played: list[Game]) -> dict[str, Any]:
    lost: list[str] = []
    differs = acked = 0
    for game in played:
        assert game.end is not None
        record = dict(game.end["record"])
        actions = record["actions"]
        for seat in game.seats:
            for version, move in seat.acked.items():
                acked += 1
                if version > len(actions) or actions[version - 1] != move:
                    lost.append(f"{game.table}@{version}: {move}")
        if not game.bot:
            record["_table"] = game.table
            differs += reference(record) != actions
    return {
        "acked_moves": acked,
        "acked_moves_lost": len(lost),
        "lost_examples": lost[:10],
        "human_only_records_differing_from_no_crash_run": differs,
    }


def run(games: int, kills: int, concurrent: int, seed: int, jobs: int, root: Path) -> JSON:
    started = time.monotonic()
    with postgres_cluster() as url:
        servers = [
            ServerProcess(root / f"p{i}", url, [*BENCH_FLAGS, "--node-name", f"p{i}"])
            for i in range(PROCESSES)
        ]
        servers[0].start()  # migrates the database
        for server in servers[1:]:
            server.start()
        try:
            outcome = asyncio.run(cluster_run(Cluster(servers), games, kills, concurrent, seed))
            healthy = all(server.healthy() for server in servers)
            starts = sum(server.starts for server in servers)
        finally:
            for server in servers:
                server.stop()
    played: list[Game] = outcome["games"]
    summary = check(played)
    with ProcessPoolExecutor(jobs) as pool:
        leaks = list(pool.map(check_game, [_frames(game) for game in played]))
    reconnects = [s for game in played for seat in game.seats for s in seat.reconnects]
    stalls = _stalls(played, outcome["kills"])
    ms = [1000 * s for s in stalls]
    return {
        "processes": PROCESSES,
        "kills": len(outcome["kills"]),
        "process_starts": starts,
        "games_started": len(played),
        "games_finished": sum(game.end is not None for game in played),
        "games_with_a_bot": sum(game.bot for game in played),
        "moves": sum(len(game.end["record"]["actions"]) for game in played if game.end),
        **summary,
        "frames_checked": sum(r["frames"] for r in leaks),
        "leaks": sum(len(r["leaks"]) for r in leaks),
        "first_leaks": [leak for r in leaks for leak in r["leaks"]][:10],
        "reconnections": len(reconnects),
        "reconnect_ms": percentiles([1000 * s for s in reconnects], (50, 95)),
        "reconnect_ms_max": round(1000 * max(reconnects, default=0.0), 1),
        "games_under_way_at_a_kill": len(stalls),
        "gap_after_a_kill_ms": percentiles(ms, (50, 95)),
        "gap_after_a_kill_ms_max": round(max(ms, default=0.0), 1),
        "processes_healthy_at_end": healthy,
        "seconds": elapsed(started),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--concurrent", type=int, default=12, help="games played at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="processes checking for leaks")
    parser.add_argument("--json", type=Path, help="write the summary here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="aerodeck-web-cluster-") as tmp:
        summary = run(args.games, args.kills, args.concurrent, args.seed, args.jobs, Path(tmp))
    text = json.dumps(summary, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    ok = (
        summary["acked_moves_lost"] == 0
        and summary["leaks"] == 0
        and summary["games_finished"] == summary["games_started"]
        and summary["human_only_records_differing_from_no_crash_run"] == 0
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
