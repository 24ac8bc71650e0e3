"""Hostile frames against a real `aerodeck serve`: 0 illegal moves accepted, 0 crashes, every
refusal a documented frame or close code (docs/server.md, "Measured").

Live tables (every seat human, with a legitimate client per seat playing random legal moves) are
attacked, while they play, by seeded hostile traffic of these kinds:

- on connections holding a real seat token (or a spectator's): illegal moves (every notation of
  the game that is not legal now), moves that are legal for another seat, stale versions, replays
  of message ids the legitimate client already had acknowledged (with another move), garbage
  notation, acts of a spectator;
- each on a connection of its own: garbage bytes (binary frames), text that is not JSON, frames
  over 16 KiB and over 64 KiB, every field of hello and act with a wrong type or size, unknown and
  missing types, frames before the hello, a second hello, wrong tokens, unknown tables.

What is checked: every answer is an ack only for a replayed message id (with the version it was
first acknowledged at), otherwise a refusal with a documented code, or an error frame and a close
with a documented code; at the end the server process is alive and answers /healthz, a fresh game
still plays to its end, and the store, read directly, holds exactly the moves the legitimate
clients had acknowledged (at their versions), each table replaying through the engine.

With ``--cluster N`` the server is N processes on one throwaway PostgreSQL store behind nginx
(deploy/nginx/'s configuration, as `aerodeck cluster` runs them): every client, legitimate or
hostile, comes through nginx, which spreads the connections over the processes, so a table's
seats, its hostile connections and its legitimate ones sit on different processes; at the end
every process and nginx must be alive and healthy, no process's log may hold a traceback, and
the store checked is the one PostgreSQL database.

Run: PYTHONPATH=src nice -n 10 .venv/bin/python -m benchmarks.web_fuzz --frames 100000
     --json out.json [--cluster 3]

Backs: docs/server.md, "Hostile input: 0 accepted, 0 crashes" (``--cluster``: "Several
processes: hostile input").
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets
from sqlalchemy import select
from sqlalchemy.ext.asyncio import create_async_engine

import aerodeck
from aerodeck.client import TableClient, TableClosedError
from aerodeck.core.api import JSON
from aerodeck.core.errors import AerodeckError
from aerodeck.web.db.models import MoveRow, TableRow
from benchmarks.web_common import Front, NginxCluster, ServerProcess, elapsed

REFUSAL_CODES = {
    "illegal",
    "notation",
    "stale",
    "not_your_turn",
    "spectator",
    "not_started",
    "game_over",
    "bot",
    "server",
}
CLOSE_CODES = {1000, 1001, 1009, 1011, 4400, 4401, 4404, 4408, 4413, 4429, 4500}
TABLES = [  # short games, so tables end and new ones start while the fuzz goes on
    ("race_to_ace", 2, {"kills_to_win": 2, "wingmen": True}),
    ("race_to_ace", 3, {"kills_to_win": 1}),
    ("ace_race", 3, {}),
    ("aces_versus_aces", 2, {"target": 10}),
    ("air_racing", 2, {"quick_play": True, "laps": 1}),
    ("down_in_flames", 2, {}),
]
ANSWER_TIMEOUT = 60.0
# attacks that are bursts of 1-24 acts on live seats; the others are one frame a connection
SEAT_SHARE = 0.25
LEGIT_PAUSE = 0.1  # seconds between a legitimate client's moves: the fuzz gets to the tables


class Tally:
    """What the fuzz sent and what came back."""

    def __init__(self) -> None:
        self.frames = 0
        self.kinds: collections.Counter[str] = collections.Counter()
        self.answers: collections.Counter[str] = collections.Counter()
        self.accepted: list[str] = []  # hostile moves acknowledged (must stay empty)
        self.undocumented: list[str] = []  # answers outside the protocol's table
        self.unexpected: collections.Counter[str] = collections.Counter()  # documented, other
        self.replays_acked = 0

    def sent(self, kind: str, count: int = 1) -> None:
        self.frames += count
        self.kinds[kind] += count


class Live:
    """One table being played by its legitimate clients, with hostile connections on it."""

    def __init__(self, table: str, game: str, players: int, tokens: dict[int, str]) -> None:
        self.table = table
        self.game = aerodeck.make(game, players, **dict(TABLES_OPTIONS[(game, players)]))
        self.notations = [str(a) for a in self.game.action_table.actions]
        self.tokens = tokens
        self.legit: dict[int, TableClient] = {}
        self.acked: dict[str, tuple[int, int, str]] = {}  # id -> (seat, version, move)
        self.done = False
        self.hostile: dict[int | None, Hostile] = {}
        self.pause = LEGIT_PAUSE


TABLES_OPTIONS = {(g, n): tuple(o.items()) for g, n, o in TABLES}


class Hostile:
    """A connection that keeps reading: the latest version and legal moves, and answers by id."""

    def __init__(self, client: TableClient) -> None:
        self.client = client
        self.answers: dict[str, list[JSON]] = {}  # an id resent in a burst is answered twice
        self.arrived = asyncio.Event()
        self.closed: TableClosedError | None = None
        self.reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.client.connect()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            while True:
                frame = await self.client.recv()
                if frame["type"] in ("ack", "refusal"):
                    self.answers.setdefault(str(frame.get("id")), []).append(frame)
                    self.arrived.set()
        except TableClosedError as closed:
            self.closed = closed
            self.arrived.set()

    async def answer(self, client_id: str) -> JSON | None:
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while client_id not in self.answers and self.closed is None:
            self.arrived.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                await asyncio.wait_for(self.arrived.wait(), left)
            except TimeoutError:
                return None
        waiting = self.answers.get(client_id)
        if not waiting:
            return None
        answer = waiting.pop(0)
        if not waiting:
            del self.answers[client_id]
        return answer

    async def stop(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        await self.client.close()


# --- the legitimate players ---------------------------------------------------------------


async def legit_player(live: Live, seat: int, rng: random.Random) -> None:
    client = live.legit[seat]
    await client.connect()
    wait_for = 0
    for _ in range(100_000):
        if client.end is not None:
            return
        if client.legal and client.version >= wait_for:
            move = rng.choice(client.legal)
            client_id = client.next_id()
            answer = await client.answer(await client.act(move, client_id=client_id))
            if answer["type"] != "ack":
                raise AssertionError(f"a legal move was refused: {answer}")
            live.acked[client_id] = (seat, answer["version"], move)
            wait_for = answer["version"]
            await asyncio.sleep(live.pause)
        else:
            await client.recv()
    raise AssertionError("a legitimate game did not end")


async def open_table(
    server: Front, index: int, rng: random.Random, pause: float = LEGIT_PAUSE
) -> tuple[Live, Any]:
    game, players, options = TABLES[index % len(TABLES)]
    table, _, tokens = await asyncio.to_thread(server.seat_table, game, players, options, {})
    live = Live(table, game, players, tokens)
    live.pause = pause
    for seat, token in tokens.items():
        live.legit[seat] = TableClient(server.base, table, token, id_prefix=f"L{seat}")
    watchers: list[int | None] = [*tokens, None]
    for who in watchers:
        secret = tokens.get(who) if who is not None else None
        live.hostile[who] = Hostile(TableClient(server.base, table, secret, id_prefix=f"H{who}"))
        await live.hostile[who].start()
    players_done = asyncio.gather(
        *(legit_player(live, s, random.Random(rng.getrandbits(32))) for s in tokens)
    )
    return live, players_done


# --- hostile frames on a seat's connection ------------------------------------------------


def _check_answer(tally: Tally, kind: str, answer: JSON | None, expect: set[str]) -> None:
    if answer is None:
        tally.undocumented.append(f"{kind}: no answer")
        return
    if answer["type"] == "ack":
        tally.accepted.append(f"{kind}: {answer}")
        return
    code = answer.get("code")
    tally.answers[f"refusal {code}"] += 1
    if answer["type"] != "refusal" or code not in REFUSAL_CODES or not answer.get("reason"):
        tally.undocumented.append(f"{kind}: {answer}")
    elif code not in expect:
        tally.unexpected[f"{kind} -> {code}"] += 1


def seat_act(live: Live, rng: random.Random) -> tuple[str, Hostile, JSON, Any] | None:
    """One hostile act for a live table: (kind, the connection, the act frame, what to expect:
    a set of refusal codes, or the version a replayed id was acknowledged at)."""
    seats = list(live.tokens)
    kind = rng.choice(["illegal", "other_seat", "stale", "replay", "garbage_move", "spectator"])
    seat: int | None = None if kind == "spectator" else rng.choice(seats)
    hostile = live.hostile[seat]
    client = hostile.client
    version = client.version
    expect: Any = {"stale", "game_over", "not_your_turn", "illegal", "notation"}
    client_id = ""
    if kind == "illegal":  # not legal now for a seat (its own turn or not)
        legal = set(client.legal)
        move = rng.choice([n for n in live.notations if n not in legal] or ["pass"])
    elif kind == "other_seat":  # legal for the seat on move, sent by another seat
        mover = client.current_player
        others = [s for s in seats if s != mover]
        if mover is None or mover not in live.hostile or not others:
            return None
        hostile = live.hostile[rng.choice(others)]
        client = hostile.client
        move = rng.choice(live.hostile[mover].client.legal or ["pass"])
        expect = {"not_your_turn", "stale", "game_over"}
    elif kind == "stale":  # a listed move at a version that is not the table's: behind the
        # version seen, or far ahead (a version just ahead could be the table's by now)
        move = rng.choice(client.legal or live.notations)
        version = rng.choice([version - 1, version - 2, version + 1000, -1, 2**40])
        expect = {"stale", "not_your_turn", "game_over"}
    elif kind == "replay":  # an id the legitimate client had acknowledged, with another move
        mine = [(i, v) for i, v in list(live.acked.items()) if v[0] == seat]
        if not mine:
            return None
        client_id, (_, acked_version, first) = rng.choice(mine)
        move = rng.choice([n for n in live.notations if n != first])
        version = rng.choice([version, acked_version - 1])
        expect = acked_version
    elif kind == "garbage_move":
        move = "\u2603" + _garbage_text(rng, rng.randint(0, 199))  # never a move of any game
        expect = {"notation", "stale", "not_your_turn", "game_over"}
    else:  # a spectator acts
        move = rng.choice(live.notations)
        expect = {"spectator"}
    if hostile.closed is not None:
        return None
    frame = {"type": "act", "id": client_id or client.next_id(), "version": version, "move": move}
    return kind, hostile, frame, expect


async def seat_attack(live: Live, rng: random.Random, tally: Tally, burst: int) -> None:
    """A burst of hostile acts on a live table over connections that stay open; every answer
    is checked."""
    sent = []
    for _ in range(burst):
        act = seat_act(live, rng)
        if act is None:
            continue
        kind, hostile, frame, expect = act
        if hostile.client.ws is None:
            continue
        try:
            await hostile.client.ws.send(json.dumps(frame))
        except websockets.ConnectionClosed:
            continue
        tally.sent(kind)
        sent.append(act)
    for kind, hostile, frame, expect in sent:
        answer = await hostile.answer(frame["id"])
        if isinstance(expect, int):  # a replayed id: acknowledged again, at its first version
            if answer is None:
                tally.undocumented.append(f"replay of {frame['id']}: no answer")
            elif answer["type"] == "ack" and answer["version"] != expect:  # played twice
                tally.accepted.append(f"replay of {frame['id']}: {answer}")
            elif answer["type"] != "ack":
                tally.undocumented.append(f"replay of {frame['id']}: {answer}")
            else:
                tally.replays_acked += 1
                tally.answers["ack (replay)"] += 1
        else:
            _check_answer(tally, kind, answer, expect)


def _garbage_text(rng: random.Random, length: int) -> str:
    alphabet = "abcxyz019 _-!?#>/\\\"'{}[]\u00e9\u2603\U0001f600\t\n\x00\x7f"
    return "".join(rng.choice(alphabet) for _ in range(length))


# --- hostile frames on connections of their own ----------------------------------------------


def _wrong_values(rng: random.Random, field: str) -> list[Any]:
    """Values of the wrong type or size for a field of hello or act."""
    others: list[Any] = [1.5, True, [], {}, ["x"], {"a": 1}]
    if field in ("version", "last_version"):  # integers (last_version may be null)
        return [*others, "9", "", "x" * 300] + ([None] if field == "version" else [])
    if field == "type":
        return [*others, None, 7, "HELLO", ""]
    limits = {"table": 64, "token": 128, "id": 64, "move": 200}
    too_long = "x" * (limits[field] + rng.randint(1, 100))
    nullable = field == "token"
    return [*others, rng.randint(-(2**40), 2**40), too_long] + ([] if nullable else [None, ""])


def closing_frame(rng: random.Random, live: Live) -> tuple[str, list[str | bytes], bool, set[int]]:
    """A hostile frame that ends its connection: (kind, frames, after hello?, expected codes)."""
    token = rng.choice(list(live.tokens.values()))
    hello = {"type": "hello", "table": live.table, "token": token, "last_version": None}
    kind = rng.choice(
        [
            "binary",
            "not_json",
            "too_big",
            "way_too_big",
            "hello_field",
            "act_field",
            "unknown_type",
            "missing_type",
            "not_object",
            "before_hello",
            "second_hello",
            "wrong_token",
            "no_table",
        ]
    )
    if kind == "binary":
        return kind, [os.urandom(rng.randint(1, 512))], rng.random() < 0.5, {4400}
    if kind == "not_json":
        text = rng.choice(["{", "nope", "{'type': 'act'}", "[1,", "\u2603", "{}}", "NaN"])
        return kind, [text + _garbage_text(rng, rng.randint(0, 40))], rng.random() < 0.5, {4400}
    if kind == "too_big":
        return kind, ["x" * rng.randint(16 * 1024 + 1, 60 * 1024)], rng.random() < 0.5, {4413}
    if kind == "way_too_big":
        return kind, ["y" * rng.randint(64 * 1024 + 1, 200 * 1024)], False, {1009}
    if kind == "hello_field":
        frame = dict(hello)
        field = rng.choice(["table", "token", "last_version", "type"])
        frame[field] = rng.choice(_wrong_values(rng, field))
        return kind, [json.dumps(frame)], False, {4400}
    if kind == "act_field":
        act: dict[str, Any] = {"type": "act", "id": "f1", "version": 0, "move": "pass"}
        field = rng.choice(["id", "version", "move"])
        act[field] = rng.choice(_wrong_values(rng, field))
        if rng.random() < 0.3:
            del act[field]
        return kind, [json.dumps(act)], True, {4400}
    if kind == "unknown_type":
        return kind, [json.dumps({"type": rng.choice(["join", "ACT", "", 7, None])})], True, {4400}
    if kind == "missing_type":
        return kind, [json.dumps({"id": "x", "version": 0, "move": "pass"})], True, {4400}
    if kind == "not_object":
        return (
            kind,
            [rng.choice(["[]", "1", '"hello"', "null", "true"])],
            rng.random() < 0.5,
            {4400},
        )
    if kind == "before_hello":
        act = {"type": "act", "id": "b1", "version": 0, "move": "pass"}
        return kind, [json.dumps(rng.choice([act, {"type": "ping"}]))], False, {4400}
    if kind == "second_hello":
        return kind, [json.dumps(hello)], True, {4400}
    if kind == "wrong_token":
        bad = rng.choice(["", "x", token[:-1] + ("A" if token[-1] != "A" else "B"), "0" * 43])
        frame = {**hello, "token": bad}
        return kind, [json.dumps(frame)], False, {4401}
    if rng.random() < 0.5:  # a well-formed id of no table: 4404
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
        frame = {**hello, "table": "".join(rng.choice(alphabet) for _ in range(16))}
        return kind, [json.dumps(frame)], False, {4404}
    frame = {**hello, "table": "T" + _garbage_text(random.Random(rng.random()), 10)}
    return kind, [json.dumps(frame)], False, {4400}  # not even an id


async def closing_attack(url: str, live: Live, rng: random.Random, tally: Tally) -> None:
    kind, frames, after_hello, expect = closing_frame(rng, live)
    token = next(iter(live.tokens.values()))
    try:
        ws = await websockets.connect(url, max_size=None, open_timeout=ANSWER_TIMEOUT)
    except (OSError, TimeoutError, websockets.InvalidHandshake) as error:
        tally.undocumented.append(f"{kind}: cannot connect: {error}")
        return
    code: int | None = None
    error_frame: JSON | None = None
    try:
        if after_hello:
            hello = {"type": "hello", "table": live.table, "token": token, "last_version": None}
            await ws.send(json.dumps(hello))
        for frame in frames:
            await ws.send(frame)
        tally.sent(kind, len(frames))
        for _ in range(10_000):
            text = await asyncio.wait_for(ws.recv(), ANSWER_TIMEOUT)
            if isinstance(text, str):
                parsed = json.loads(text)
                if parsed.get("type") == "ack":
                    tally.accepted.append(f"{kind}: {parsed}")
                if parsed.get("type") == "error":
                    error_frame = parsed
    except websockets.ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd is not None else None
    except TimeoutError:
        code = None
    finally:
        await ws.close()
    tally.answers[f"close {code}"] += 1
    if code not in CLOSE_CODES:
        tally.undocumented.append(f"{kind}: closed with {code}")
    elif code not in expect:
        tally.unexpected[f"{kind} -> {code}"] += 1
    if error_frame is not None and error_frame.get("code") != code:
        tally.undocumented.append(f"{kind}: error frame {error_frame} but close {code}")


# --- the run ----------------------------------------------------------------------------------


async def fuzz(server: Front, frames: int, seed: int, workers: int, pause: float) -> JSON:
    rng = random.Random(seed)
    tally = Tally()
    lives: list[Live] = []
    games: list[tuple[Live, Any]] = []
    opened = 0

    async def new_table() -> Live:
        nonlocal opened
        live, done = await open_table(server, opened, random.Random(rng.getrandbits(32)), pause)
        opened += 1
        lives.append(live)
        games.append((live, done))
        return live

    current = [await new_table() for _ in range(len(TABLES))]
    deadline = time.monotonic() + 6 * 3600

    async def worker(number: int) -> None:
        mine = random.Random(seed * 7919 + number)
        while tally.frames < frames and time.monotonic() < deadline:
            slot = mine.randrange(len(current))
            live = current[slot]
            if live.legit[next(iter(live.legit))].end is not None and not live.done:
                live.done = True  # its game ended: a fresh table takes its place
                current[slot] = await new_table()
                continue
            if mine.random() < SEAT_SHARE:
                await seat_attack(live, mine, tally, mine.randint(1, 24))
            else:
                await closing_attack(server.ws_url, live, mine, tally)

    await asyncio.gather(*(worker(n) for n in range(workers)))
    # the legitimate games: let them finish
    for _, done in games:
        await asyncio.wait_for(done, 3600)
    for live in lives:
        for hostile in live.hostile.values():
            await hostile.stop()
        for client in live.legit.values():
            await client.close()
    return {"tally": tally, "lives": lives}


async def fresh_game(server: Front, seed: int, pause: float) -> bool:
    """After the fuzz: a new table still plays to its end."""
    live, done = await open_table(server, 0, random.Random(seed), pause)
    await asyncio.wait_for(done, 1800)
    for hostile in live.hostile.values():
        await hostile.stop()
    ended = all(c.end is not None for c in live.legit.values())
    for client in live.legit.values():
        await client.close()
    return ended


async def _stored(url: str, tables: list[str]) -> dict[str, tuple[list[Any], Any]]:
    """Each table's stored moves (seq, seat, move, client id; in order) and its row (game,
    players, options, seed), read from the store at ``url`` (SQLite or PostgreSQL)."""
    engine = create_async_engine(url)
    out = {}
    try:
        async with engine.connect() as conn:
            for table in tables:
                moves = await conn.execute(
                    select(MoveRow.seq, MoveRow.seat, MoveRow.move, MoveRow.client_id)
                    .where(MoveRow.table_id == table)
                    .order_by(MoveRow.seq)
                )
                row = await conn.execute(
                    select(TableRow.game, TableRow.players, TableRow.options, TableRow.seed).where(
                        TableRow.id == table
                    )
                )
                out[table] = (list(moves.all()), row.one())
    finally:
        await engine.dispose()
    return out


def check_store(url: str, lives: list[Live]) -> dict[str, Any]:
    """Every table's stored moves: exactly the legitimate acks, at their versions; they replay."""
    problems: list[str] = []
    moves_checked = 0
    stored = asyncio.run(_stored(url, [live.table for live in lives]))
    for live in lives:
        rows, table = stored[live.table]
        by_id = {client_id: (seq, seat, move) for seq, seat, move, client_id in rows}
        if len(rows) != len(live.acked):
            problems.append(f"{live.table}: {len(rows)} stored, {len(live.acked)} acked")
        for client_id, (seat, version, move) in live.acked.items():
            if by_id.get(client_id) != (version - 1, seat, move):
                problems.append(f"{live.table}: {client_id} stored as {by_id.get(client_id)}")
        game = aerodeck.make(table.game, table.players, **table.options)
        state = game.new_game(seed=table.seed)
        try:
            for seq, (stored_seq, _, move, _) in enumerate(rows):
                assert stored_seq == seq, f"sequence {stored_seq} at {seq}"
                state.apply(move)
                moves_checked += 1
        except (AssertionError, AerodeckError) as error:
            problems.append(f"{live.table}: the stored moves do not replay: {error}")
    return {"moves_checked": moves_checked, "problems": problems}


def _attack(server: Front, frames: int, seed: int, workers: int, pause: float) -> JSON:
    """The fuzz, then whether the server still plays a fresh game to its end."""
    outcome = asyncio.run(fuzz(server, frames, seed, workers, pause))
    healthy = server.healthy()
    finished = asyncio.run(fresh_game(server, seed + 1, pause)) if healthy else False
    return {**outcome, "healthy": healthy, "fresh_game_finished": finished}


def run(frames: int, seed: int, workers: int, pause: float, data_dir: Path, cluster: int) -> JSON:
    """The fuzz against one process on SQLite in ``data_dir``, or ``cluster`` processes on
    PostgreSQL behind nginx; the store read directly while it still runs."""
    started = time.monotonic()
    front: ServerProcess | NginxCluster
    front = NginxCluster(data_dir, cluster) if cluster else ServerProcess(data_dir)
    with front:
        outcome = _attack(front, frames, seed, workers, pause)
        alive = front.alive()
        spread = front.moves_per_process() if isinstance(front, NginxCluster) else []
        url = front.database or f"sqlite+aiosqlite:///{data_dir / 'aerodeck.sqlite3'}"
        store = check_store(url, outcome["lives"])
    tally: Tally = outcome["tally"]
    crashed = any("Traceback" in log.read_text(errors="replace") for log in front.logs())
    return {
        "server_processes": cluster or 1,
        "store": "postgresql" if cluster else "sqlite",
        "through": "nginx" if cluster else "direct",
        "frames": tally.frames,
        "kinds": dict(sorted(tally.kinds.items())),
        "answers": dict(sorted(tally.answers.items())),
        "accepted_illegal": len(tally.accepted),
        "accepted_examples": tally.accepted[:10],
        "undocumented": len(tally.undocumented),
        "undocumented_examples": tally.undocumented[:10],
        "unexpected_but_documented": dict(tally.unexpected),
        "replays_acked_once": tally.replays_acked,
        "tables": len(outcome["lives"]),
        "legit_moves_acked": sum(len(live.acked) for live in outcome["lives"]),
        "moves_acked_per_process": spread,
        "store_moves_replayed": store["moves_checked"],
        "store_problems": store["problems"][:10],
        "server_alive": alive,
        "server_healthy": outcome["healthy"],
        "fresh_game_finished": outcome["fresh_game_finished"],
        "tracebacks_in_server_log": crashed,
        "seconds": elapsed(started),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=8, help="hostile clients at once")
    parser.add_argument(
        "--pause", type=float, default=LEGIT_PAUSE, help="seconds between legitimate moves"
    )
    parser.add_argument(
        "--cluster",
        type=int,
        default=0,
        metavar="N",
        help="N processes on PostgreSQL behind nginx (instead of one on SQLite)",
    )
    parser.add_argument("--json", type=Path, help="write the summary here")
    args = parser.parse_args(argv)
    if args.cluster < 0:
        parser.error(f"--cluster takes a number of processes, not {args.cluster}")
    with tempfile.TemporaryDirectory(prefix="aerodeck-web-fuzz-") as tmp:
        summary = run(args.frames, args.seed, args.workers, args.pause, Path(tmp), args.cluster)
    text = json.dumps(summary, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    ok = (
        summary["accepted_illegal"] == 0
        and summary["undocumented"] == 0
        and not summary["store_problems"]
        and summary["server_alive"]
        and summary["fresh_game_finished"]
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
