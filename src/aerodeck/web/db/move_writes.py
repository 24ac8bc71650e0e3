"""The group commit's writes: a batch of moves and their tables' new versions, in one transaction
and as few statements as the batch allows (docs/server.md, "Capacity").

Every acknowledged move is committed before it is acknowledged, so this is the store's hottest
write. A batch is one ``executemany`` insert of its moves and one ``executemany`` update per kind
of table change (a game going on, a game ending), with SQLAlchemy Core statements compiled once.

On SQLite the batch runs in one call on a thread of its own (``SqliteMoveWriter``), through a
synchronous connection to the same file: through the async engine (aiosqlite) every statement,
the BEGIN and the COMMIT each crossed to aiosqlite's thread and back, which cost more CPU than
SQLite's own work. On PostgreSQL asyncpg is asynchronous already and the batch runs on the async
connection. Either way the caller holds the store's one-writer lock where there is one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import Connection, Engine, Table, bindparam, create_engine, event, insert, update
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.pool import ConnectionPoolEntry
from sqlalchemy.sql.dml import Insert, Update

from aerodeck.web.db.models import MoveRow, TableRow

MOVES: Table = MoveRow.__table__  # type: ignore[assignment]
TABLES: Table = TableRow.__table__  # type: ignore[assignment]
TABLE_KEY = "table_key"  # the bound table id (a column's own name is reserved for its SET value)
NEW = "new_"  # prefix of the bound new values

Moves = Sequence[dict[str, Any]]  # rows of the moves table
TableChanges = Sequence[tuple[str, dict[str, Any]]]  # (table id, its columns' new values)
Pragmas = Callable[[DBAPIConnection, ConnectionPoolEntry], None]  # run on every new connection

_insert_moves: Insert = insert(MOVES)
_updates: dict[tuple[str, ...], Update] = {}


def _update_for(columns: tuple[str, ...]) -> Update:
    """The cached UPDATE setting ``columns`` of one table, bound by name."""
    statement = _updates.get(columns)
    if statement is None:
        statement = (
            update(TABLES)
            .where(TABLES.c.id == bindparam(TABLE_KEY))
            .values({column: bindparam(NEW + column) for column in columns})
        )
        _updates[columns] = statement
    return statement


def write_moves(connection: Connection, moves: Moves, tables: TableChanges) -> None:
    """Insert ``moves`` and apply each table's new values, inside the caller's transaction."""
    connection.execute(_insert_moves, list(moves))
    grouped: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for table_id, values in tables:
        columns = tuple(sorted(values))
        bound = {NEW + column: values[column] for column in columns}
        grouped.setdefault(columns, []).append({TABLE_KEY: table_id, **bound})
    for columns, rows in grouped.items():
        connection.execute(_update_for(columns), rows)


async def write_moves_async(
    connection: AsyncConnection, moves: Moves, tables: TableChanges
) -> None:
    """``write_moves`` on an async connection (PostgreSQL), inside its transaction."""
    await connection.run_sync(write_moves, moves, tables)


class SqliteMoveWriter:
    """Batches of moves committed on a thread of its own, one call per batch, through a
    synchronous engine on the async engine's SQLite file (with the same pragmas)."""

    def __init__(self, engine: AsyncEngine, pragmas: Pragmas) -> None:
        self.engine: Engine = create_engine(engine.url.set(drivername="sqlite"))
        event.listen(self.engine, "connect", pragmas)
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="aerodeck-moves")

    @classmethod
    def for_file(cls, engine: AsyncEngine, pragmas: Pragmas) -> SqliteMoveWriter | None:
        """A writer for ``engine``'s SQLite file; None for another database (or SQLite in
        memory, which a second connection would not see)."""
        if engine.dialect.name != "sqlite" or engine.url.database in (None, "", ":memory:"):
            return None
        return cls(engine, pragmas)

    async def write(self, moves: Moves, tables: TableChanges) -> None:
        """Commit the batch; SQLAlchemy's errors as they are (the store translates them)."""
        await asyncio.get_running_loop().run_in_executor(self.thread, self._commit, moves, tables)

    def _commit(self, moves: Moves, tables: TableChanges) -> None:
        with self.engine.begin() as connection:
            write_moves(connection, moves, tables)

    def close(self) -> None:
        """Close the connection on the thread that opened it, then the thread."""
        self.thread.submit(self.engine.dispose).result()
        self.thread.shutdown(wait=True)
