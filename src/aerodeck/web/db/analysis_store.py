"""The finished tables' analyses in the store (revision 0011, ``table_analyses``): what
``service/analysis.py`` asks through its ``AnalysisStore`` protocol, on the same database and
sessions as ``Store`` (one writer at a time on SQLite). A table deleted takes its analysis
with it (the foreign key cascades)."""

from __future__ import annotations

from sqlalchemy import select

from aerodeck.web.db.models import TableAnalysisRow
from aerodeck.web.db.store import Store
from aerodeck.web.service.analysis import DONE, FAILED, AnalysisRecord
from aerodeck.web.service.errors import DuplicateError


def _record(row: TableAnalysisRow) -> AnalysisRecord:
    return AnalysisRecord(
        table_id=row.table_id,
        status=row.status,
        done=row.done,
        total=row.total,
        result=row.result,
        created_at=row.created_at,
        finished_at=row.finished_at,
    )


class AnalysisQueries:
    """The analyses' reads and writes over ``store``'s sessions."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def load_analysis(self, table_id: str) -> AnalysisRecord | None:
        async with self.store._read() as session:
            row = await session.get(TableAnalysisRow, table_id)
            return None if row is None else _record(row)

    async def add_analysis(self, record: AnalysisRecord) -> bool:
        """Store a new analysis; False when the table has one (two asked at once: one wins)."""
        try:
            async with self.store._write() as session:
                session.add(
                    TableAnalysisRow(
                        table_id=record.table_id,
                        status=record.status,
                        done=record.done,
                        total=record.total,
                        result=record.result,
                        created_at=record.created_at,
                        finished_at=record.finished_at,
                    )
                )
        except DuplicateError:
            return False
        return True

    async def save_analysis(self, record: AnalysisRecord) -> None:
        async with self.store._write() as session:
            row = await session.get(TableAnalysisRow, record.table_id)
            if row is None:  # the table was deleted meanwhile
                return
            row.status = record.status
            row.done = record.done
            row.total = record.total
            row.result = record.result
            row.finished_at = record.finished_at

    async def unfinished_analyses(self) -> list[str]:
        """The tables whose analysis is queued or was running when the server stopped."""
        async with self.store._read() as session:
            rows = await session.scalars(
                select(TableAnalysisRow.table_id)
                .where(TableAnalysisRow.status.not_in((DONE, FAILED)))
                .order_by(TableAnalysisRow.created_at)
            )
            return list(rows.all())
