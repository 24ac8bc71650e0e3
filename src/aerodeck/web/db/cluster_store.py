"""What several server processes on one PostgreSQL store ask of it beyond ``Store``: a table's
changes since a version (a process that is behind catches up), the stored versions of tables (the
sweep), and the leases that say which process runs a table's bots and clock (revision 0009).

Lease times are the database's clock (UTC), never a process's, so processes on machines whose
clocks disagree still agree on when a lease ran out. A takeover raises the lease's epoch; the
store checks it when the holder writes a bot's or the clock's move (``store.py``, the fence).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from sqlalchemy import delete, func, select, text
from sqlalchemy.dialects.postgresql import insert as pg_insert

from aerodeck.web.db.models import MoveRow, SeatRow, TableLeaseRow, TableRow
from aerodeck.web.db.store import Store, _as_store_errors, _move, _seat, _table_record
from aerodeck.web.service.records import StoredTable
from aerodeck.web.service.status import TableStatus

OVER = TableStatus.OVER.value
NOW = func.timezone("UTC", func.now())  # the database's clock, naive UTC as the columns keep it

# unfinished tables whose lease is free or ran out, a few at a time chosen at random (so the
# processes that survive a crash share the dead one's tables), taken by one statement: two
# processes taking the same lease at once both try, and the upsert's condition lets one win.
# The chosen rows are written in table order, the order the renewal and the fences lock them in
CLAIM = text(
    """
    INSERT INTO table_leases (table_id, holder, epoch, expires_at)
    SELECT chosen.id, :holder, 1, timezone('UTC', now()) + :ttl
    FROM (
        SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id
        WHERE t.status != 'over' AND (l.table_id IS NULL OR l.expires_at < timezone('UTC', now()))
        ORDER BY random()
        LIMIT :most
    ) chosen
    ORDER BY chosen.id
    ON CONFLICT (table_id) DO UPDATE
        SET holder = excluded.holder, epoch = table_leases.epoch + 1,
            expires_at = excluded.expires_at
        WHERE table_leases.expires_at < timezone('UTC', now())
    RETURNING table_id, epoch
    """
)
# the holder's leases of tables still unfinished, renewed (an expired one nobody took is still
# the holder's: its epoch did not change); their rows locked in table order first, as a batch of
# moves checks its fences (store.py), so the two never deadlock
RENEW = text(
    """
    UPDATE table_leases l SET expires_at = timezone('UTC', now()) + :ttl
    FROM (
        SELECT m.table_id FROM table_leases m JOIN tables t ON t.id = m.table_id
        WHERE m.holder = :holder AND t.status != 'over'
        ORDER BY m.table_id
        FOR UPDATE OF m
    ) mine
    WHERE l.table_id = mine.table_id
    RETURNING l.table_id, l.epoch
    """
)
# the holder's leases of finished tables: nothing left to run
RELEASE_FINISHED = text(
    """
    DELETE FROM table_leases l USING tables t
    WHERE l.table_id = t.id AND l.holder = :holder AND t.status = 'over'
    """
)

# the holder's leases of the given tables, each handed to the process named beside it (the one
# with the table's connections): a new epoch, so the giver's late writes there are refused; the
# rows locked in table order, as the renewal locks them
HAND_OVER = text(
    """
    UPDATE table_leases l
    SET holder = h.holder, epoch = l.epoch + 1, expires_at = timezone('UTC', now()) + :ttl
    FROM (
        SELECT m.table_id, given.holder
        FROM table_leases m
        JOIN unnest(CAST(:tables AS text[]), CAST(:holders AS text[])) AS given(table_id, holder)
            ON given.table_id = m.table_id
        WHERE m.holder = :holder
        ORDER BY m.table_id
        FOR UPDATE OF m
    ) h
    WHERE l.table_id = h.table_id
    RETURNING l.table_id
    """
)


class ClusterStore:
    """The cluster's queries, over the server's ``Store`` (its engine and its errors)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.sessions = store.sessions

    async def since(self, table_id: str, version: int) -> StoredTable | None:
        """The table's record and seats as stored now, and its moves from ``version`` on."""
        async with _as_store_errors(), self.sessions() as session:
            row = await session.get(TableRow, table_id, populate_existing=True)
            if row is None:
                return None
            seats = await session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            )
            moves = await session.scalars(
                select(MoveRow)
                .where(MoveRow.table_id == table_id, MoveRow.seq >= version)
                .order_by(MoveRow.seq)
            )
            return StoredTable(
                _table_record(row),
                [_seat(seat) for seat in seats.all()],
                [_move(move) for move in moves.all()],
            )

    async def versions(self, table_ids: Sequence[str]) -> dict[str, tuple[int, str]]:
        """The stored (version, status) of each of ``table_ids`` still stored."""
        if not table_ids:
            return {}
        async with _as_store_errors(), self.sessions() as session:
            rows = await session.execute(
                select(TableRow.id, TableRow.version, TableRow.status).where(
                    TableRow.id.in_(list(table_ids))
                )
            )
            return {table_id: (version, status) for table_id, version, status in rows.all()}

    # --- leases -----------------------------------------------------------------------------

    async def take(self, table_id: str, holder: str, seconds: float) -> int | None:
        """The lease of a table just created, for ``holder``: its epoch (None: another holds it)."""
        async with _as_store_errors(), self.sessions() as session, session.begin():
            epoch: int | None = await session.scalar(
                pg_insert(TableLeaseRow)
                .values(
                    table_id=table_id,
                    holder=holder,
                    epoch=1,
                    expires_at=NOW + timedelta(seconds=seconds),
                )
                .on_conflict_do_nothing()
                .returning(TableLeaseRow.epoch)
            )
            return epoch

    async def renew(self, holder: str, seconds: float) -> dict[str, int]:
        """Renew ``holder``'s leases of unfinished tables (and drop those of finished ones):
        table id -> epoch of every lease it still holds."""
        async with _as_store_errors(), self.sessions() as session, session.begin():
            await session.execute(RELEASE_FINISHED, {"holder": holder})
            values = {"holder": holder, "ttl": timedelta(seconds=seconds)}
            rows = await session.execute(RENEW, values)
            return {table_id: epoch for table_id, epoch in rows.all()}

    async def claim(self, holder: str, seconds: float, most: int) -> dict[str, int]:
        """Take at most ``most`` leases that are free or ran out: table id -> new epoch."""
        values = {"holder": holder, "ttl": timedelta(seconds=seconds), "most": most}
        async with _as_store_errors(), self.sessions() as session, session.begin():
            rows = await session.execute(CLAIM, values)
            return {table_id: epoch for table_id, epoch in rows.all()}

    async def hand_over(self, holder: str, to: dict[str, str], seconds: float) -> set[str]:
        """Hand ``holder``'s leases of the tables in ``to`` (table id -> process) over: the
        tables handed (those it still held)."""
        if not to:
            return set()
        values = {
            "holder": holder,
            "tables": list(to),
            "holders": list(to.values()),
            "ttl": timedelta(seconds=seconds),
        }
        async with _as_store_errors(), self.sessions() as session, session.begin():
            rows = await session.execute(HAND_OVER, values)
            return {table_id for (table_id,) in rows.all()}

    async def release(self, holder: str) -> None:
        """Give up every lease of ``holder`` (a process shutting down: others take over now)."""
        async with _as_store_errors(), self.sessions() as session, session.begin():
            await session.execute(delete(TableLeaseRow).where(TableLeaseRow.holder == holder))

    async def holders(self) -> dict[str, str]:
        """Table id -> holder of every lease (the tests read it)."""
        async with _as_store_errors(), self.sessions() as session:
            rows = await session.execute(select(TableLeaseRow.table_id, TableLeaseRow.holder))
            return {table_id: holder for table_id, holder in rows.all()}
