"""`aerodeck serve --table-seed N`: the n-th table a process creates deals the same every run
(the browser tests rely on it); without it, seeds are drawn unpredictably."""

from __future__ import annotations

import asyncio
from pathlib import Path

from aerodeck.web.db import migrate
from aerodeck.web.db.store import Store, make_engine
from aerodeck.web.service.hub import Hub, SeatSpec
from aerodeck.web.settings import Settings


def table_seeds(folder: Path, table_seed: int | None, tables: int = 3) -> list[int]:
    """The seeds of ``tables`` new tables on a fresh hub over a real SQLite store."""

    folder.mkdir()

    async def run() -> list[int]:
        engine = make_engine(f"sqlite+aiosqlite:///{folder / 'store.sqlite3'}")
        await migrate.upgrade(engine)
        hub = Hub(Store(engine), Settings(data_dir=folder, table_seed=table_seed))
        seeds = []
        for _ in range(tables):
            created = await hub.create(
                "ace_race", 2, {}, [SeatSpec("human"), SeatSpec("bot", "random")],
                listed=False, clock=None, fallback_bot="random", claim=0, name="ann",
            )  # fmt: skip
            seeds.append(created.table.seed)
        await engine.dispose()
        return seeds

    return asyncio.run(run())


def test_a_table_seed_deals_the_same_tables_every_run(tmp_path: Path) -> None:
    first = table_seeds(tmp_path / "a", 7)
    assert first == table_seeds(tmp_path / "b", 7)  # a new process, the same sequence
    assert len(set(first)) == 3  # the tables of one run differ from each other
    assert first != table_seeds(tmp_path / "c", 8)
    assert all(0 <= seed < 2**62 for seed in first)  # fits the store's signed 64-bit column


def test_without_a_table_seed_every_deal_is_unpredictable(tmp_path: Path) -> None:
    assert table_seeds(tmp_path / "a", None) != table_seeds(tmp_path / "b", None)
