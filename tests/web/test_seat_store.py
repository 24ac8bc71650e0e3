"""The store's side of seats that belong to players: a player's seats by table status, the
retention that keeps a player's finished games, and a rematch offer with the table it started."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from aerodeck.web.db.store import Store
from aerodeck.web.service.mygames import PlayerSeat
from aerodeck.web.service.records import Seat, TableRecord, utcnow
from aerodeck.web.service.rematch import Offer, moved_on
from aerodeck.web.service.status import TableStatus
from aerodeck.web.settings import Settings


def record(table_id: str, status: TableStatus, rematch_of: str | None = None) -> TableRecord:
    now = utcnow()
    return TableRecord(
        id=table_id,
        game="aces_versus_aces",
        players=2,
        options={},
        seed=1,
        status=status,
        listed=False,
        host_hash="h" * 64,
        created_at=now,
        clock=None,
        fallback_bot="heuristic",
        finished_at=now - timedelta(days=30) if status is TableStatus.OVER else None,
        rematch_of=rematch_of,
    )


def seats(player: str | None) -> list[Seat]:
    return [
        Seat("human", None, "ann", "a" * 64, None, None, player),
        Seat("bot", "random", "random", None, None, None),
    ]


def test_a_players_finished_games_outlive_the_anonymous_ones(tmp_path: Path) -> None:
    async def run() -> None:
        store = await Store.open(Settings(data_dir=tmp_path))
        try:
            await store.create_table(record("mine", TableStatus.OVER), seats("p1"))
            await store.create_table(record("nobodys", TableStatus.OVER), seats(None))
            await store.create_table(record("playing", TableStatus.PLAYING), seats("p1"))
            later = utcnow() + timedelta(days=1)
            expired = await store.expired(later, utcnow() - timedelta(days=1), later)
            assert expired == ["nobodys"], "a finished table with a player's seat is kept"
            assert await store.player_seats("p1", True, 10) == [PlayerSeat("mine", 0)]
            assert await store.player_seats("p1", False, 10) == [PlayerSeat("playing", 0)]
            assert await store.player_seats("p2", False, 10) == []
        finally:
            await store.close()

    asyncio.run(run())


def test_a_rematch_offer_is_kept_with_the_table_it_started(tmp_path: Path) -> None:
    async def run() -> None:
        store = await Store.open(Settings(data_dir=tmp_path))
        try:
            await store.create_table(record("old", TableStatus.OVER), seats("p1"))
            assert await store.load_rematch("old") is None
            await store.save_rematch("old", Offer(0, ["accepted", "pending"]))
            assert await store.load_rematch("old") == Offer(0, ["accepted", "pending"])
            await store.save_rematch("old", Offer(1, ["accepted", "accepted"]))
            await store.create_table(record("new", TableStatus.PLAYING, "old"), seats("p1"))
            assert await store.load_rematch("old") == Offer(1, ["accepted", "accepted"], "new")
            loaded = await store.load("new")
            assert loaded is not None and loaded.table.rematch_of == "old"
            await store.delete_tables(["old"])
            assert await store.load_rematch("old") is None
        finally:
            await store.close()

    asyncio.run(run())


def test_every_seat_moves_one_place_on_in_a_rematch() -> None:
    assert [moved_on(seat, 3) for seat in range(3)] == [1, 2, 0]
    assert sorted(moved_on(seat, 5) for seat in range(5)) == list(range(5))
