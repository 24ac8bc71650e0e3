"""The group commit's statements: a batch of moves and their tables' new versions, written with
SQLAlchemy Core in as few round-trips as the batch allows.

The move path commits every acknowledged move, so this is the store's hottest write. Through the
ORM (``session.execute(insert(MoveRow), rows)`` and one ORM ``update`` per table) a one-move
batch cost about 1.7 ms of CPU, most of it SQLAlchemy's ORM bookkeeping; here a batch is one
``executemany`` insert of its moves and one ``executemany`` update per kind of table change (a
game going on, a game ending), compiled once and cached (docs/server.md, "Capacity").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Table, bindparam, insert, update
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql.dml import Insert, Update

from aerodeck.web.db.models import MoveRow, TableRow

MOVES: Table = MoveRow.__table__  # type: ignore[assignment]
TABLES: Table = TableRow.__table__  # type: ignore[assignment]
TABLE_KEY = "table_key"  # the bound table id (a column's own name is reserved for its SET value)
NEW = "new_"  # prefix of the bound new values

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


async def write_moves(
    connection: AsyncConnection,
    moves: Sequence[dict[str, Any]],
    tables: Sequence[tuple[str, dict[str, Any]]],
) -> None:
    """Insert ``moves`` (rows of ``moves``) and apply each ``(table id, new values)`` to its
    table, inside the caller's transaction."""
    await connection.execute(_insert_moves, list(moves))
    grouped: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for table_id, values in tables:
        columns = tuple(sorted(values))
        bound = {NEW + column: values[column] for column in columns}
        grouped.setdefault(columns, []).append({TABLE_KEY: table_id, **bound})
    for columns, rows in grouped.items():
        await connection.execute(_update_for(columns), rows)
