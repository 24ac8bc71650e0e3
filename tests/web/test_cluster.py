"""Several server processes on one PostgreSQL store (docs/server.md, "Several processes"): three
real processes on loopback serve the same tables; a table's seats and watchers on different
processes see one game, a table's bots run in exactly one process, a killed process's bots and
clocks are taken over, and two processes racing for one seat's move store exactly one. On SQLite,
a second process on the same file is refused."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import aerodeck
from aerodeck.web.db.notify import MAX_PAYLOAD, decode, payloads
from aerodeck.web.service.peers import MOVE, PRESENCE, Change
from tests.web.play import check_frames, drive
from tests.web.server import Client, Server

NAMES = ("a", "b", "c")
GAME = ("aces_versus_aces", {"target": 10})


@pytest.fixture(scope="module")
def trio(
    postgres_cluster: Callable[[], str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[Server]]:
    """Three processes on one database, named a, b and c."""
    url = postgres_cluster()
    root = tmp_path_factory.mktemp("cluster")

    def server(name: str) -> Server:
        flags = ["--creations-per-ip", "10000", "--table-seed", "12", "--node-name", name]
        return Server(root / name, url, *flags)

    first = server("a").start()  # migrates the database; the others start together
    with ThreadPoolExecutor(2) as pool:
        others = list(pool.map(lambda name: server(name).start(), NAMES[1:]))
    servers = [first, *others]
    yield servers
    for running in servers:
        running.stop()


def _two_humans(server: Server, joiner: Server, **more: Any) -> tuple[str, dict[int, str]]:
    """A two-seat table created on ``server``, its second seat claimed through ``joiner``."""
    game, options = GAME
    created = server.create(
        game=game,
        players=2,
        options=options,
        seats=[{"kind": "human"}, {"kind": "human"}],
        claim=0,
        listed=False,
        **more,
    )
    (invite,) = created["invites"]
    table = created["table"]
    return table, {0: created["token"], 1: joiner.join(table, 1, invite["code"])}


def _bot_moves(server: Server) -> float:
    text = server.get("/metrics").text
    found = re.search(r'^aerodeck_moves_total\{source="bot"\} (\S+)$', text, re.M)
    return float(found.group(1)) if found else 0.0


def test_a_game_with_its_seats_on_two_processes_and_a_watcher_on_a_third(
    trio: list[Server],
) -> None:
    a, b, c = trio
    table, tokens = _two_humans(a, c)  # seat 1 claimed through c, played on b

    async def run() -> tuple[dict[int | None, Client], list[dict[str, Any]]]:
        clients: dict[int | None, Client] = {
            0: Client(a.ws_url, table, tokens[0]),
            1: Client(b.ws_url, table, tokens[1]),
            None: Client(c.ws_url, table, None),
        }
        welcomes = {seat: await client.connect() for seat, client in clients.items()}
        for welcome in welcomes.values():
            assert welcome["type"] == "welcome", welcome
        work = [drive(clients[s], random.Random(s), welcomes[s]) for s in (0, 1)]
        work.append(clients[None].until("end", 5000))
        ends = list(await asyncio.gather(*work))
        for client in clients.values():
            await client.close()
        return clients, ends

    clients, ends = asyncio.run(run())
    record = ends[0]["record"]
    assert all(end["record"] == record for end in ends), "one game on every process"
    assert aerodeck.replay(record).is_terminal
    for seat, client in clients.items():  # every frame as the engine gives it to that seat
        assert check_frames(client, seat, record) >= len(record["actions"])
    for server in trio:
        assert server.get(f"/api/tables/{table}").json()["status"] == "over"


def test_chat_seats_and_presence_reach_every_process(trio: list[Server]) -> None:
    a, b, c = trio
    table, tokens = _two_humans(a, b)

    async def run() -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
        ann = Client(a.ws_url, table, tokens[0])
        watcher = Client(c.ws_url, table, None)
        for listener in (ann, watcher):  # each hears the chat from its chat log on
            await listener.connect(chat=True)
            await listener.until("chat_log")
        bea = Client(b.ws_url, table, tokens[1])
        await bea.connect(chat=True)
        for _ in range(50):  # a's frames until bea's connection on b shows
            frame = await ann.recv()
            if frame["type"] == "update" and frame["seats"][1]["connected"]:
                break
        else:
            raise AssertionError("a never showed seat 1 connected on b")
        await bea.send({"type": "say", "text": "hello from b"})
        heard_on_a, heard_on_c = await ann.until("chat"), await watcher.until("chat")
        await bea.close()
        gone = []
        for _ in range(50):  # ... and gone again when it leaves
            frame = await ann.recv()
            if frame["type"] == "update" and not frame["seats"][1]["connected"]:
                gone.append(frame)
                break
        for client in (ann, watcher):
            await client.close()
        return heard_on_a, heard_on_c, gone

    heard_on_a, heard_on_c, gone = asyncio.run(run())
    assert heard_on_a["text"] == heard_on_c["text"] == "hello from b"
    assert heard_on_a["seat"] == 1 and heard_on_a["channel"] == "players"
    assert gone, "seat 1 still shown connected after it left"


def test_seats_claimed_at_once_on_two_processes(trio: list[Server]) -> None:
    a, b, c = trio
    game, options = GAME

    def table(players: int) -> tuple[str, dict[int, str]]:
        seats = [{"kind": "human"}] * players
        made = a.create(game=game, players=players, options=options, seats=seats, claim=0)
        return made["table"], {i["seat"]: i["code"] for i in made["invites"]}

    def join(server: Server, table: str, seat: int, code: str) -> int:
        body = {"seat": seat, "invite": code}
        return server.post(f"/api/tables/{table}/join", body).status_code

    contested, codes = table(2)  # one seat through two processes at once: one claim wins
    with ThreadPoolExecutor(2) as pool:
        same = sorted(pool.map(join, (b, c), [contested] * 2, (1, 1), [codes[1]] * 2))
    assert same[0] == 200 and same[1] in (401, 409), same

    filled, codes = table(3)  # the last two seats at once on two processes: the table starts
    with ThreadPoolExecutor(2) as pool:
        both = list(pool.map(join, (b, c), [filled] * 2, (1, 2), (codes[1], codes[2])))
    assert both == [200, 200]
    for server in trio:
        for _ in range(100):  # each process hears of the start (bounded)
            if server.get(f"/api/tables/{filled}").json()["status"] == "playing":
                break
            time.sleep(0.05)
        assert server.get(f"/api/tables/{filled}").json()["status"] == "playing"


def test_a_bot_table_is_driven_by_exactly_one_process(trio: list[Server]) -> None:
    _, b, c = trio
    before = [_bot_moves(server) for server in trio]
    game, options = GAME
    created = b.create(
        game=game,
        players=2,
        options=options,
        seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}],
        listed=False,
    )

    async def watch() -> dict[str, Any]:
        watcher = Client(c.ws_url, created["table"], None)
        assert (await watcher.connect())["type"] == "welcome"
        end = await watcher.until("end", 5000)
        await watcher.close()
        return end

    moves = len(asyncio.run(watch())["record"]["actions"])
    made = [_bot_moves(server) - was for server, was in zip(trio, before, strict=True)]
    assert made == [0, moves, 0], "the creating process ran the bots, and no other"


def test_concurrent_moves_for_one_seat_on_two_processes_store_exactly_one(
    trio: list[Server],
) -> None:
    a, b, c = trio
    table, tokens = _two_humans(a, c)
    races = 5

    async def run() -> list[list[str]]:
        first, second = Client(a.ws_url, table, tokens[0]), Client(b.ws_url, table, tokens[0])
        other = Client(c.ws_url, table, tokens[1])
        at: dict[Client, tuple[int, list[str]]] = {}
        for client in (first, second):
            welcome = await client.connect()
            at[client] = (welcome["version"], welcome["legal"])
        opponent = asyncio.create_task(drive(other, random.Random(1), await other.connect()))

        async def turn(client: Client) -> tuple[int, list[str]]:
            """Frames until it is the seat's decision (the same version on both processes)."""
            for _ in range(200):
                version, legal = at[client]
                if legal:
                    return version, legal
                frame = await client.recv()
                if frame["type"] in ("update", "welcome"):
                    at[client] = (frame["version"], frame["legal"])
                elif frame["type"] == "end":
                    return frame["version"], []
            raise AssertionError("no turn in 200 frames")

        async def answer(client: Client, move_id: str) -> str:
            for _ in range(200):
                frame = await client.recv()
                if frame["type"] in ("update", "welcome"):
                    at[client] = (frame["version"], frame["legal"])
                if frame.get("id") == move_id and frame["type"] in ("ack", "refusal"):
                    return str(frame["type"] if frame["type"] == "ack" else frame["code"])
            raise AssertionError(f"no answer to {move_id}")

        outcomes = []
        for _ in range(races):
            (v1, legal), (v2, _) = await asyncio.gather(turn(first), turn(second))
            while v1 != v2:  # one process heard of the last move first: wait for the other
                (v1, legal), (v2, _) = await asyncio.gather(turn(first), turn(second))
            if not legal:
                break
            await asyncio.gather(
                first.act(f"a{v1}", v1, legal[0]), second.act(f"b{v1}", v1, legal[-1])
            )
            outcomes.append(
                sorted(await asyncio.gather(answer(first, f"a{v1}"), answer(second, f"b{v1}")))
            )
            for client in (first, second):
                at[client] = (at[client][0], [] if at[client][0] == v1 else at[client][1])
        opponent.cancel()
        await asyncio.gather(opponent, return_exceptions=True)
        for client in (first, second, other):
            await client.close()
        return outcomes

    outcomes = asyncio.run(run())
    assert len(outcomes) >= 3
    for outcome in outcomes:
        assert outcome[0] == "ack" and outcome[1] in ("not_your_turn", "stale"), outcome


def test_killing_the_lease_holder_hands_its_bots_and_clock_to_another_process(
    trio: list[Server],
) -> None:
    a, b, _ = trio
    game, options = GAME
    created = a.create(  # a runs its bot and its clock
        game=game,
        players=3,
        options=options,
        seats=[{"kind": "human"}, *[{"kind": "bot", "bot": "random"}] * 2],
        claim=0,
        clock=5,
        listed=False,
    )
    table, token = created["table"], created["token"]

    async def run() -> tuple[dict[int, str], dict[str, Any], int]:
        # a watcher on a keeps the lease there (a holder with a connection to the table keeps
        # it; one with none hands it to the process its seats are connected to)
        watcher = Client(a.ws_url, table, None)
        assert (await watcher.connect())["type"] == "welcome"
        client = Client(b.ws_url, table, token)
        frame = await client.connect()
        version, legal = frame["version"], frame["legal"]
        sent: dict[int, str] = {}  # version -> the move sent at it
        acks: dict[int, str] = {}  # version -> the move acknowledged at it
        rng = random.Random(3)
        killed = False
        timed_out = None
        for _ in range(5000):
            if not killed and len(acks) >= 3:
                await asyncio.to_thread(a.kill9)
                killed = True
            waiting_out = killed and timed_out is None  # the clock moves for us, once
            if legal and not waiting_out and version not in sent:
                sent[version] = rng.choice(legal)
                await client.act(f"m{version}", version, sent[version])
            frame = await client.recv()
            if frame["type"] == "refusal":
                raise AssertionError(frame)
            if frame["type"] == "ack":
                acks[frame["version"] - 1] = sent[frame["version"] - 1]
            if frame["type"] == "update":
                for made in frame["moves"]:  # our seat's move that we did not make: the clock's
                    if made["seat"] == 0 and made["number"] - 1 not in sent:
                        timed_out = made["number"]
                version, legal = frame["version"], frame["legal"]
            elif frame["type"] == "end":
                await client.close()
                await watcher.close()
                assert timed_out is not None, "the clock did not act after the kill"
                return acks, frame, timed_out
        raise AssertionError("the game did not end")

    acks, end, timed_out = asyncio.run(run())
    record = end["record"]
    assert aerodeck.replay(record).is_terminal
    for version, move in acks.items():  # the ack's version is version + 1
        assert record["actions"][version] == move, "an acknowledged move was lost"
    assert timed_out > 0
    a.restart()  # the module's other tests find three processes


def test_changes_travel_in_payloads_under_postgresql_s_limit() -> None:
    changes = [
        Change(MOVE if i % 2 else PRESENCE, f"table{i:04d}", i, "web1:123", 1.5 + i, (0, 2))
        for i in range(500)
    ]
    sent = payloads(changes)
    assert len(sent) > 1 and all(len(p.encode()) <= MAX_PAYLOAD for p in sent)
    heard = [decode(item) for payload in sent for item in json.loads(payload)]
    assert heard == changes
    assert decode(["shout", "t", 1, "x", 0.0, []]) is None  # not a kind of ours
    assert decode(["move", "t", "one", "x", 0.0, []]) is None
    assert decode("garbage") is None


def test_a_second_process_on_one_sqlite_file_is_refused(
    new_server: Callable[..., Server], tmp_path: Path
) -> None:
    first = new_server("", tmp_path / "one")
    with pytest.raises(RuntimeError, match=r"already serves aerodeck\.sqlite3"):
        new_server("", tmp_path / "one")
    assert first.healthy()
    first.kill9()  # the lock dies with its process: a restart after a crash is never refused
    first.restart()
    assert first.healthy()
