"""What campaigns ask of the store (revision 0010): the campaigns with who flies each side, and
the tables of their games (``tables.campaign_id`` and ``campaign_mission``, unique together, so
a campaign's next table is stored once whichever process tries)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, select, update

from aerodeck.core.api import JSON
from aerodeck.web.db.models import CampaignRow, CampaignSeatRow, SeatRow, TableRow
from aerodeck.web.db.store import Store
from aerodeck.web.service.campaigns import OVER, PLAYING, CampaignRecord, SideSeat


def _campaign(row: CampaignRow, seats: Sequence[CampaignSeatRow]) -> CampaignRecord:
    return CampaignRecord(
        id=row.id,
        game=row.game,
        players=row.players,
        options=dict(row.options),
        host_player_id=row.host_player_id,
        series=dict(row.series),
        played=row.played,
        table_id=row.table_id,
        status=row.status,
        listed=row.listed,
        created_at=row.created_at,
        seats=tuple(SideSeat(s.kind, s.bot, s.player_id, s.name) for s in seats),
        finished_at=row.finished_at,
    )


def _seat_rows(campaign_id: str, seats: Sequence[SideSeat]) -> list[CampaignSeatRow]:
    return [
        CampaignSeatRow(
            campaign_id=campaign_id,
            seat=index,
            kind=seat.kind,
            bot=seat.bot,
            player_id=seat.player_id,
            name=seat.name[:64],
        )
        for index, seat in enumerate(seats)
    ]


class CampaignQueries:
    """The campaign queries over a ``Store``'s sessions (``service.campaigns.CampaignStore``)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def create_campaign(self, campaign: CampaignRecord) -> None:
        async with self.store._write() as session:
            session.add(
                CampaignRow(
                    id=campaign.id,
                    game=campaign.game,
                    players=campaign.players,
                    options=campaign.options,
                    host_player_id=campaign.host_player_id,
                    series=campaign.series,
                    played=campaign.played,
                    table_id=campaign.table_id,
                    status=campaign.status,
                    listed=campaign.listed,
                    created_at=campaign.created_at,
                    finished_at=campaign.finished_at,
                )
            )
            await session.flush()  # the campaign first: its seats refer to it
            session.add_all(_seat_rows(campaign.id, campaign.seats))

    async def load_campaign(self, campaign_id: str) -> CampaignRecord | None:
        async with self.store._read() as session:
            row = await session.get(CampaignRow, campaign_id)
            if row is None:
                return None
            seats = await session.scalars(
                select(CampaignSeatRow)
                .where(CampaignSeatRow.campaign_id == campaign_id)
                .order_by(CampaignSeatRow.seat)
            )
            return _campaign(row, seats.all())

    async def record_game(
        self,
        campaign_id: str,
        played_before: int,
        series: JSON,
        seats: Sequence[SideSeat],
        finished_at: datetime | None,
    ) -> bool:
        """Store the campaign's series with one more game scored, if its score is still the one
        after ``played_before`` games (False: another process scored that game first)."""
        async with self.store._write() as session:
            done = await session.execute(
                update(CampaignRow)
                .where(CampaignRow.id == campaign_id, CampaignRow.played == played_before)
                .values(
                    series=series,
                    played=played_before + 1,
                    status=PLAYING if finished_at is None else OVER,
                    finished_at=finished_at,
                )
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                return False
            await session.execute(
                delete(CampaignSeatRow).where(CampaignSeatRow.campaign_id == campaign_id)
            )
            session.add_all(_seat_rows(campaign_id, seats))
            return True

    async def set_campaign_table(self, campaign_id: str, table_id: str) -> None:
        async with self.store._write() as session:
            await session.execute(
                update(CampaignRow).where(CampaignRow.id == campaign_id).values(table_id=table_id)
            )

    async def mission_tables(self, campaign_id: str) -> dict[int, str]:
        """The campaign's tables by game number."""
        async with self.store._read() as session:
            rows = await session.execute(
                select(TableRow.campaign_mission, TableRow.id).where(
                    TableRow.campaign_id == campaign_id
                )
            )
            return {int(number): table_id for number, table_id in rows.all() if number}

    async def mission_of(self, table_id: str) -> tuple[str, int] | None:
        async with self.store._read() as session:
            row = (
                await session.execute(
                    select(TableRow.campaign_id, TableRow.campaign_mission).where(
                        TableRow.id == table_id
                    )
                )
            ).first()
            if row is None or row[0] is None or row[1] is None:
                return None
            return str(row[0]), int(row[1])

    async def listed_campaigns(self, limit: int) -> list[CampaignRecord]:
        """Listed campaigns in progress, newest first."""
        async with self.store._read() as session:
            rows = await session.scalars(
                select(CampaignRow)
                .where(CampaignRow.listed.is_(True), CampaignRow.status == PLAYING)
                .order_by(CampaignRow.created_at.desc())
                .limit(limit)
            )
            return [_campaign(row, ()) for row in rows.all()]

    async def unfinished_campaigns(self) -> list[str]:
        async with self.store._read() as session:
            rows = await session.scalars(
                select(CampaignRow.id)
                .where(CampaignRow.status == PLAYING)
                .order_by(CampaignRow.created_at)
            )
            return list(rows.all())

    async def player_campaigns(self, player_id: str, limit: int) -> list[CampaignRecord]:
        """The campaigns with a table where ``player_id`` holds a seat, newest first."""
        async with self.store._read() as session:
            flown = (
                select(TableRow.campaign_id)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.player_id == player_id, TableRow.campaign_id.is_not(None))
            )
            rows = await session.scalars(
                select(CampaignRow)
                .where(CampaignRow.id.in_(flown))
                .order_by(CampaignRow.created_at.desc())
                .limit(limit)
            )
            return [_campaign(row, ()) for row in rows.all()]
