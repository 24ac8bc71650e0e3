"""The store's schema: the migrations build exactly what the models declare."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection

from aerodeck.web.db import migrate
from aerodeck.web.db.models import Base
from aerodeck.web.db.store import make_engine


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
