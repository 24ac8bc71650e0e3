"""Operations: the move clock, seats handed to bots, the purge, and the per-process limits."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx

import aerodeck
from aerodeck.web.db.store import Store
from aerodeck.web.service.records import Seat, TableRecord, utcnow
from aerodeck.web.service.status import TableStatus
from aerodeck.web.settings import Settings
from tests.web.server import Client, Server

GAME = "aces_versus_aces"
POLL_TRIES = 300


def test_a_seat_whose_clock_runs_out_has_its_move_made_by_the_fallback_bot(
    server: Server,
) -> None:
    created = server.create(
        game=GAME, players=2, seats=[{"kind": "human"}] * 2, clock=5, claim=0, listed=False
    )
    table = created["table"]
    token1 = server.join(table, 1, created["invites"][0]["code"])

    async def run() -> dict[str, Any]:
        clients = [Client(server.ws_url, table, t) for t in (created["token"], token1)]
        for client in clients:
            await client.connect()
        update = await clients[1].until("update")  # seat 0 connected: a seats-only update
        while not update["moves"]:
            update = await clients[1].until("update")  # nobody moves: the clock does
        for client in clients:
            await client.close()
        return update

    update = asyncio.run(run())
    assert update["version"] == 1
    assert update["seats"][update["moves"][0]["seat"]]["played_by"] == "human"


def test_a_seat_handed_to_a_bot_is_played_until_taken_back(server: Server) -> None:
    created = server.create(game=GAME, players=2, seats=[{"kind": "human"}] * 2, claim=0)
    table, host = created["table"], created["host_token"]
    token1 = server.join(table, 1, created["invites"][0]["code"])

    async def run() -> list[dict[str, Any]]:
        me = Client(server.ws_url, table, created["token"])
        welcome = await me.connect()
        handed = server.post(f"/api/tables/{table}/seats/1/bot", {"host_token": host})
        assert handed.json()["played_by"] == "heuristic"
        moves = []
        version, legal = welcome["version"], welcome["legal"]
        for _ in range(2000):
            if len(moves) >= 3 or version > 40:
                break
            if legal:
                await me.act(f"h{version}", version, legal[0])
            frame = await me.until("update")
            while frame["version"] == version and not frame["moves"]:
                frame = await me.until("update")
            version, legal = frame["version"], frame["legal"]
            moves += [m for m in frame["moves"] if m["seat"] == 1]
        taken = server.post(f"/api/tables/{table}/seats/1/take", {"token": token1})
        assert taken.json()["played_by"] == "human"
        await me.close()
        return moves

    assert asyncio.run(run()), "the bot moved for the absent seat"


def test_finished_tables_are_purged_after_retention(new_server: Callable[..., Server]) -> None:
    server = new_server("", None, "--keep-days", "0", "--purge-every", "1")
    created = server.create(game=GAME, players=2, options={"target": 5})
    table = created["table"]

    async def watch() -> int:
        watcher = Client(server.ws_url, table, None)
        await watcher.connect()  # before the game can end and be purged, however slow the machine
        server.post(f"/api/tables/{table}/seats/0/bot", {"host_token": created["host_token"]})
        await watcher.until("end", 5000)
        return await watcher.closed_with()  # the purge closes the table's connections

    assert asyncio.run(watch()) == 4404
    assert server.get(f"/api/tables/{table}").status_code == 404


def test_process_limits_on_tables_and_connections(new_server: Callable[..., Server]) -> None:
    server = new_server(
        "", None, "--creations-per-ip", "3", "--max-tables", "2", "--max-connections", "2"
    )
    tables = [server.create(game=GAME, players=2)["table"] for _ in range(2)]
    full = server.post("/api/tables", {"game": GAME, "players": 2})
    assert full.status_code == 503, full.text
    too_many = server.post("/api/tables", {"game": GAME})  # a fourth from this address
    assert too_many.status_code == 429 and "too many tables" in too_many.json()["detail"]

    async def crowd() -> int:
        clients = [Client(server.ws_url, tables[0], None) for _ in range(3)]
        for client in clients[:2]:
            assert (await client.connect())["type"] == "welcome"
        refused = await clients[2].connect()
        assert refused == {"type": "error", "code": 4429, "reason": refused["reason"]}
        code = await clients[2].closed_with()
        for client in clients[:2]:
            await client.close()
        return code

    assert asyncio.run(crowd()) == 4429


def test_the_purge_picks_finished_abandoned_and_unfilled_tables(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path)
    old = utcnow() - timedelta(days=365)
    game = aerodeck.make(GAME, 2)

    def record(table_id: str, status: TableStatus, when: Any, finished: Any = None) -> TableRecord:
        return TableRecord(
            id=table_id,
            game=GAME,
            players=2,
            options=dict(game.options),
            seed=1,
            status=status,
            listed=True,
            host_hash="x",
            created_at=when,
            clock=None,
            fallback_bot="heuristic",
            updated_at=when,
            finished_at=finished,
        )

    async def run() -> tuple[list[str], list[str]]:
        store = await Store.open(settings)
        now = utcnow()
        over, playing, waiting = TableStatus.OVER, TableStatus.PLAYING, TableStatus.WAITING
        for table in (
            record("over-old", over, old, old),
            record("over-new", over, now, now),
            record("idle-old", playing, old),
            record("playing", playing, now),
            record("waiting-old", waiting, old),
            record("waiting", waiting, now),
        ):
            seats = [Seat("human", None, "", None, None, None) for _ in (0, 1)]
            await store.create_table(table, seats)
        cutoff = now - timedelta(days=1)
        expired = await store.expired(cutoff, cutoff, cutoff)
        await store.delete_tables(expired)
        left = [t.table.id for t in await store.load_unfinished()]
        await store.close()
        return sorted(expired), sorted(left)

    expired, left = asyncio.run(run())
    assert expired == ["idle-old", "over-old", "waiting-old"]
    assert left == ["playing", "waiting"]


def test_healthz_reports_the_store(server: Server) -> None:
    body = httpx.get(f"{server.base}/healthz", timeout=30).json()
    assert body["ok"] is True and body["connections"] >= 0
