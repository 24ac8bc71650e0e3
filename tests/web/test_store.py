"""The store: the migrations build exactly what the models declare, and the store takes and
returns the service's records and reports its failures as the service's errors."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection

from aerodeck.web.db import migrate
from aerodeck.web.db.models import Base
from aerodeck.web.db.store import Store, make_engine
from aerodeck.web.service.errors import DuplicateError, StoreError
from aerodeck.web.service.records import MoveRecord, Seat, StoredTable, TableRecord, utcnow
from aerodeck.web.service.status import TableStatus


def test_the_migrations_build_the_models_schema(tmp_path: Path) -> None:
    def differences(connection: Connection) -> list[Any]:
        context = MigrationContext.configure(connection)
        return list(compare_metadata(context, Base.metadata))

    async def run() -> list[Any]:
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'store.sqlite3'}")
        await migrate.upgrade(engine)
        async with engine.connect() as conn:
            found = await conn.run_sync(differences)
        await engine.dispose()
        return found

    assert asyncio.run(run()) == []


def test_upgrading_a_current_database_changes_nothing(tmp_path: Path) -> None:
    async def run() -> tuple[str | None, str | None]:
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'store.sqlite3'}")
        await migrate.upgrade(engine)
        first = await migrate.current_revision(engine)
        await migrate.upgrade(engine)
        second = await migrate.current_revision(engine)
        await engine.dispose()
        return first, second

    assert asyncio.run(run()) == (migrate.head_revision(),) * 2


def test_the_store_takes_and_gives_back_records_and_speaks_in_domain_errors(
    tmp_path: Path,
) -> None:
    record = TableRecord(
        id="t1",
        game="ace_race",
        players=2,
        options={"target": 3},
        seed=42,
        status=TableStatus.WAITING,
        listed=True,
        host_hash="h" * 64,
        created_at=utcnow().replace(microsecond=0),
        clock=30,
        fallback_bot="random",
    )
    seats = [
        Seat("human", None, "ann", "a" * 64, None, None),
        Seat("bot", "heuristic", "heuristic", None, None, None),
    ]

    async def run() -> tuple[StoredTable | None, list[str], int | None]:
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'store.sqlite3'}")
        await migrate.upgrade(engine)
        store = Store(engine)
        await store.create_table(record, seats)
        with pytest.raises(DuplicateError):
            await store.create_table(record, seats)  # the same table id
        await store.append_move("t1", 0, 0, "draw", "m1", "human", finished=False)
        with pytest.raises(DuplicateError):
            await store.append_move("t1", 0, 1, "pass", None, "bot", finished=False)
        with pytest.raises(DuplicateError):
            await store.append_move("t1", 1, 0, "pass", "m1", "human", finished=False)
        seats[0].bot_override = "random"
        await store.update_seat("t1", 0, seats[0], TableStatus.PLAYING)
        stored = await store.load("t1")
        found = await store.find_client_move("t1", 0, "m1")
        listed = await store.listed(10)
        await store.close()
        return stored, listed, found

    stored, listed, found = asyncio.run(run())
    assert stored is not None
    started = stored.table.updated_at  # the table starts playing: its first turn begins
    assert stored.table == replace(
        record, status=TableStatus.PLAYING, updated_at=started, turn_began_at=started
    )
    assert stored.seats == seats
    assert stored.moves == [MoveRecord(0, 0, "draw", "m1", "human")]
    assert listed == ["t1"] and found == 0


def test_a_store_that_cannot_answer_raises_a_store_error(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database, " * 512)

    async def run() -> None:
        store = Store(make_engine(f"sqlite+aiosqlite:///{garbage}"))
        try:
            await store.listed(10)
        finally:
            await store.close()

    with pytest.raises(StoreError, match="not a database"):
        asyncio.run(run())
