"""Crash safety of the table server: `kill -9` at random moments, 0 acknowledged moves lost
(docs/server.md, "Measured").

Tables (every seat human) are played by clients whose move at each version is a function of the
table and the version only (a seeded choice among the legal moves listed), so the game a table
should end with is known in advance: the record of the same choices played without any crash.
While they play, the server process is killed with SIGKILL at seeded random moments and started
again on the same store and port; each client reconnects with the last version it saw and carries
on, resending an unanswered move with the same message id. When a table's game ends a new one
takes its place, so every kill lands in the middle of games.

Checked at the end, for every table: every move a client had acknowledged is in the final record
at the version of its ack (lost acknowledged moves: must be 0); the record replays; and it is the
record of the same choices played in one go, without crashes.

Run: PYTHONPATH=src nice -n 10 .venv/bin/python -m benchmarks.web_crash --kills 100 --json out.json

Backs: docs/server.md, "Crash safety: 0 acknowledged moves lost".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path

import aerodeck
from aerodeck.client import TableClient, TableClosedError
from aerodeck.core.api import JSON
from benchmarks.web_common import ServerProcess, elapsed, postgres_cluster

TABLES = [
    ("race_to_ace", 2, {"kills_to_win": 2, "wingmen": True}),
    ("ace_race", 3, {}),
    ("aces_versus_aces", 3, {"target": 10}),
    ("air_racing", 2, {"quick_play": True, "laps": 1}),
    ("down_in_flames", 2, {}),
    ("race_to_ace", 4, {"kills_to_win": 1}),
]
RETRY_WAIT = 0.2
RETRIES = 1500  # x RETRY_WAIT: five minutes without a server is a failure
MOVE_PAUSE = 0.02  # seconds between a client's moves, so a kill finds games in the middle


def choose(table: str, version: int, legal: list[str]) -> str:
    """The move a client makes at ``version``: fixed by the table and the version alone."""
    return random.Random(f"{table}:{version}").choice(legal)


class Seat:
    """One seat's client and what the server acknowledged to it."""

    def __init__(self, client: TableClient) -> None:
        self.client = client
        self.acked: dict[int, str] = {}  # version produced -> the move acknowledged
        self.reconnects = 0
        self.resent = 0


async def _connect(seat: Seat) -> None:
    for _ in range(RETRIES):
        try:
            await seat.client.reconnect()
            return
        except TableClosedError as closed:
            if not closed.retry:
                raise
            await asyncio.sleep(RETRY_WAIT)
    raise RuntimeError("the server did not come back")


async def play_seat(table: str, seat: Seat) -> None:
    """Play to the end through any number of crashes."""
    client = seat.client
    await _connect(seat)
    pending: int | None = None  # the version of a move sent and not yet answered
    for _ in range(1_000_000):
        try:
            if client.end is not None:
                return
            if client.legal:
                version = client.version
                if pending == version:
                    seat.resent += 1
                move = choose(table, version, client.legal)
                pending = version
                answer = await client.play(move, client_id=f"v{version}")
                pending = None
                if answer["type"] == "ack":
                    seat.acked[answer["version"]] = move
                    if answer["version"] == version + 1:
                        await asyncio.sleep(MOVE_PAUSE)
                # a refusal (stale: the move was stored before the crash) changes nothing
                while client.version <= version and client.end is None:
                    await client.recv()  # the update of this version comes next
            else:
                await client.recv()
        except TableClosedError as closed:
            if not closed.retry:
                raise
            seat.reconnects += 1
            await asyncio.sleep(RETRY_WAIT)
            await _connect(seat)
    raise RuntimeError("a game did not end")


def reference(record: JSON) -> list[str]:
    """The moves of the same choices played in one go (no server, no crash)."""
    game = aerodeck.make(record["game"], record["players"], **record["options"])
    state = game.new_game(seed=record["seed"], setup=record["setup"])
    table = record["_table"]
    moves: list[str] = []
    for _ in range(100_000):
        if state.is_terminal:
            return moves
        move = choose(table, state.move_number, [str(a) for a in state.legal_actions()])
        state.apply(move)
        moves.append(move)
    raise RuntimeError("the reference game did not end")


async def _create(server: ServerProcess, index: int) -> tuple[str, dict[int, str]]:
    game, players, options = TABLES[index % len(TABLES)]
    for _ in range(RETRIES):
        try:
            table, _, tokens = await asyncio.to_thread(
                server.seat_table, game, players, options, {}
            )
            return table, tokens
        except Exception:  # the server is down just now (a kill): try again
            await asyncio.sleep(RETRY_WAIT)
    raise RuntimeError("could not create a table")


async def crash_run(server: ServerProcess, kills: int, concurrent: int, seed: int) -> JSON:
    rng = random.Random(seed)
    tables: dict[str, list[Seat]] = {}
    results: dict[str, JSON] = {}
    stop = asyncio.Event()
    created = 0

    async def one_table() -> None:
        nonlocal created
        index = created
        created += 1
        table, tokens = await _create(server, index)
        seats = [
            Seat(TableClient(server.base, table, token, recv_timeout=60, id_prefix=str(s)))
            for s, token in tokens.items()
        ]
        tables[table] = seats
        await asyncio.gather(*(play_seat(table, seat) for seat in seats))
        end = seats[0].client.end
        assert end is not None
        results[table] = end
        for seat in seats:
            await seat.client.close()

    async def slot() -> None:
        while not stop.is_set():
            await one_table()

    slots = [asyncio.create_task(slot()) for _ in range(concurrent)]
    kill_log = []
    for number in range(kills):
        await asyncio.sleep(rng.uniform(0.3, 3.0))
        for _ in range(600):  # at most a minute more, until some game is under way
            if _in_play(tables, results):
                break
            await asyncio.sleep(0.1)
        in_play = _in_play(tables, results)
        acked_before = sum(len(s.acked) for seats in tables.values() for s in seats)
        await asyncio.to_thread(server.kill9)
        await asyncio.sleep(rng.uniform(0.0, 0.5))
        await asyncio.to_thread(server.restart)
        kill_log.append({"kill": number + 1, "acked_before": acked_before, "tables": in_play})
        for task in slots:
            if task.done() and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]
    stop.set()
    await asyncio.wait_for(asyncio.gather(*slots), 3600)
    return {"tables": tables, "results": results, "kills": kill_log}


def _in_play(tables: dict[str, list[Seat]], results: dict[str, JSON]) -> int:
    """Tables with acknowledged moves and no end yet: games in the middle."""
    return sum(
        1
        for table, seats in tables.items()
        if table not in results and any(seat.acked for seat in seats)
    )


def check(tables: dict[str, list[Seat]], results: dict[str, JSON]) -> JSON:
    lost: list[str] = []
    differs: list[str] = []
    acked = reconnects = resent = 0
    for table, seats in tables.items():
        record = dict(results[table]["record"])
        aerodeck.replay(record)
        actions = record["actions"]
        for seat in seats:
            reconnects += seat.reconnects
            resent += seat.resent
            for version, move in seat.acked.items():
                acked += 1
                if version > len(actions) or actions[version - 1] != move:
                    lost.append(f"{table}@{version}: {move}")
        record["_table"] = table
        if reference(record) != actions:
            differs.append(table)
    return {
        "acked_moves": acked,
        "acked_moves_lost": len(lost),
        "lost_examples": lost[:10],
        "records_differing_from_no_crash_run": len(differs),
        "reconnects": reconnects,
        "moves_resent_after_a_crash": resent,
    }


def run(kills: int, concurrent: int, seed: int, data_dir: Path, database: str = "") -> JSON:
    started = time.monotonic()
    with ServerProcess(data_dir, database) as server:
        outcome = asyncio.run(crash_run(server, kills, concurrent, seed))
        healthy = server.healthy()
        starts = server.starts
    summary = check(outcome["tables"], outcome["results"])
    moves = sum(len(r["record"]["actions"]) for r in outcome["results"].values())
    return {
        "store": "postgresql" if database else "sqlite",
        "kills": len(outcome["kills"]),
        "server_starts": starts,
        "games_finished": len(outcome["results"]),
        "moves": moves,
        **summary,
        "games_in_play_at_each_kill_min": min((k["tables"] for k in outcome["kills"]), default=0),
        "server_healthy_at_end": healthy,
        "seconds": elapsed(started),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--concurrent", type=int, default=6, help="tables played at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--json", type=Path, help="write the summary here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="aerodeck-web-crash-") as tmp:
        if args.database == "postgresql":  # the server is killed, the database is not
            with postgres_cluster() as url:
                summary = run(args.kills, args.concurrent, args.seed, Path(tmp), url)
        else:
            summary = run(args.kills, args.concurrent, args.seed, Path(tmp))
    text = json.dumps(summary, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    ok = summary["acked_moves_lost"] == 0 and summary["records_differing_from_no_crash_run"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
