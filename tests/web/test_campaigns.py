"""Campaigns at the table server (service/campaigns.py): a whole campaign flown by bots table
after table, its stored score equal to its tables' games scored again in order; a campaign
whose game ended while nobody scored it moves on after a restart; two processes moving the same
campaign on create its next table once.

The hub runs in-process over a real SQLite store with its bots (no waiting on real time beyond
the bots' own moves: every wait is bounded).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from aerodeck.core.api import JSON
from aerodeck.core.errors import ConfigError
from aerodeck.core.registry import make
from aerodeck.web.db import migrate
from aerodeck.web.db.campaign_store import CampaignQueries
from aerodeck.web.db.store import Store, make_engine
from aerodeck.web.service.bots import Autoplay
from aerodeck.web.service.campaigns import (
    OVER,
    CampaignRecord,
    Campaigns,
    series_choices,
    series_of,
    series_option,
)
from aerodeck.web.service.hub import Hub, SeatSpec
from aerodeck.web.service.status import TableStatus
from aerodeck.web.settings import Settings

GAME = "down_in_flames"
SHORT = "1965 India-Pakistan War"  # one mission
LONG = "1973 Yom Kippur War"  # six missions
WAIT = 240.0  # seconds a whole campaign of bots may take, at most (a bound, never a sleep)


@dataclass
class Process:
    """One server process in-process: a hub over the store, its bots, its campaigns (scoring
    each game as its table ends only when ``scoring``)."""

    folder: Path
    database: str = ""  # "": SQLite in the folder; else a PostgreSQL URL
    bots: bool = True
    scoring: bool = True
    store: Store | None = None
    hub: Hub | None = None
    autoplay: Autoplay | None = None
    campaigns: Campaigns | None = None
    ended: asyncio.Queue[str] = field(default_factory=asyncio.Queue)

    async def start(self) -> Campaigns:
        self.folder.mkdir(parents=True, exist_ok=True)
        url = self.database or f"sqlite+aiosqlite:///{self.folder / 'store.sqlite3'}"
        engine = make_engine(url)
        await migrate.upgrade(engine)
        self.store = Store(engine)
        self.hub = Hub(self.store, Settings(data_dir=self.folder, table_seed=7))
        self.campaigns = Campaigns(self.hub, CampaignQueries(self.store))
        if self.scoring:
            self.hub.finishers.append(self.campaigns.table_finished)

        async def heard(table: object) -> None:
            await self.ended.put(getattr(table, "id", ""))

        self.hub.finishers.append(heard)  # after the campaign's: the next table exists
        if self.bots:
            self.autoplay = Autoplay(self.hub)
        await self.hub.restore()
        await self.campaigns.catch_up()
        return self.campaigns

    async def stop(self) -> None:
        assert self.store is not None and self.hub is not None
        if self.autoplay is not None:
            self.autoplay.stop()
        self.hub.shutdown()
        await self.store.close()

    async def until_over(self, campaign_id: str) -> CampaignRecord:
        """The campaign once it is over, within ``WAIT`` seconds."""
        assert self.campaigns is not None

        async def wait() -> CampaignRecord:
            while True:
                campaign = await self.campaigns.load(campaign_id)  # type: ignore[union-attr]
                if campaign.status == OVER:
                    return campaign
                await self.ended.get()

        return await asyncio.wait_for(wait(), WAIT)


async def bots_campaign(campaigns: Campaigns, name: str, levels: tuple[str, str]) -> str:
    campaign, created = await campaigns.create(
        GAME, name, {}, [SeatSpec("bot", level) for level in levels], None, "", True, None
    )
    assert created.table.status is TableStatus.PLAYING
    return campaign.id


def scored_again(campaign: CampaignRecord, finals: list[object]) -> object:
    """The campaign's series from its first game, each table's final state scored in order."""
    series = make(campaign.game, **campaign.options).series()
    assert series is not None
    for final in finals:
        series = series.record(final)  # type: ignore[arg-type]
    return series


def test_the_lobby_offers_a_games_campaigns_by_name_and_finds_their_option() -> None:
    assert series_option(GAME) == "campaign"
    names = [choice["value"] for choice in series_choices(GAME)]
    assert SHORT in names and LONG in names
    assert series_choices("aces_versus_aces") == []


@pytest.mark.slow  # a six-mission campaign of bots: about 8 s
def test_a_whole_campaign_flown_by_bots_is_scored_table_after_table(tmp_path: Path) -> None:
    async def run() -> tuple[CampaignRecord, list[object], dict[int, str], dict[str, object]]:
        process = Process(tmp_path)
        campaigns = await process.start()
        campaign_id = await bots_campaign(campaigns, LONG, ("medium", "easy"))
        campaign = await process.until_over(campaign_id)
        assert process.hub is not None
        tables = await campaigns.store.mission_tables(campaign_id)
        finals = []
        for number in sorted(tables):
            table = await process.hub.get(tables[number])
            assert table is not None and table.over
            assert [s.bot for s in table.seats] == ["medium", "easy"]  # side i at seat i
            finals.append(table.state)
        described = await campaigns.describe(campaign)
        await process.stop()
        return campaign, finals, tables, described

    campaign, finals, tables, described = asyncio.run(run())
    series = series_of(campaign)
    assert sorted(tables) == [1, 2, 3, 4, 5, 6] and series.played == 6 and series.finished
    again = scored_again(campaign, finals)
    assert again.to_json() == campaign.series  # type: ignore[attr-defined]
    totals = series.totals()
    stored = campaign.series["results"]
    assert totals == tuple(sum(r["vp"][side] for r in stored) for side in (0, 1))
    assert series.winners() == [side for side in (0, 1) if totals[side] == max(totals)]  # R64
    assert described["totals"] == list(totals) and described["status"] == OVER
    assert described["table"] is None and described["sheet"]["finished"]
    assert all(game["replay"] for game in described["games"])
    assert [side["flier"] for side in described["sides"]] == ["medium", "easy"]


def test_a_campaign_whose_game_ended_unscored_moves_on_after_a_restart(
    tmp_path: Path, database: str
) -> None:
    async def run() -> tuple[int, int, list[str], TableStatus, int]:
        crashed = Process(tmp_path, database, scoring=False)  # the game ends; nobody scores it
        campaigns = await crashed.start()
        campaign_id = await bots_campaign(campaigns, LONG, ("medium", "medium"))
        first = await asyncio.wait_for(crashed.ended.get(), WAIT)
        await crashed.stop()
        # two processes on the store move it on at once: the next table is created once
        one = Process(tmp_path, database, bots=False)
        two = Process(tmp_path, database, bots=False, scoring=False)
        await one.start()  # its start-up catches up
        await two.start()
        assert one.campaigns is not None and two.campaigns is not None
        await asyncio.gather(one.campaigns.advance(campaign_id), two.campaigns.advance(campaign_id))
        campaign = await one.campaigns.load(campaign_id)
        tables = await one.campaigns.store.mission_tables(campaign_id)
        assert one.hub is not None
        second = await one.hub.get(tables[2])
        assert second is not None and campaign.table_id == second.id and tables[1] == first
        status, seats = second.status, len(second.seats)
        await one.stop()
        await two.stop()
        return campaign.played, len(tables), [s.kind for s in campaign.seats], status, seats

    played, count, kinds, status, seats = asyncio.run(run())
    assert (played, count, status, seats) == (1, 2, TableStatus.PLAYING, 2)
    assert kinds == ["bot", "bot"]


def test_a_campaign_refuses_a_game_without_series_and_an_unknown_one(tmp_path: Path) -> None:
    async def run() -> list[str]:
        process = Process(tmp_path, bots=False)
        campaigns = await process.start()
        said = []
        for game, name, bot in (
            ("aces_versus_aces", SHORT, "easy"),
            (GAME, "1812 Overture", "easy"),
            (GAME, SHORT, "nobody"),
        ):
            with pytest.raises(ConfigError) as refused:
                await campaigns.create(
                    game, name, {}, [SeatSpec("bot", bot)] * 2, None, "", True, None
                )
            said.append(str(refused.value))
        stored = await campaigns.store.unfinished_campaigns()
        await process.stop()
        return [*said, *stored]

    no_series, unknown, bad_bot, *stored = asyncio.run(run())
    assert "no campaigns" in no_series and "\n" not in no_series
    assert "1812 Overture" in unknown and "\n" not in unknown
    assert "unknown bot 'nobody'" in bad_bot and "\n" not in bad_bot
    assert stored == []  # nothing kept of a refused campaign


def test_the_sheet_says_nothing_of_the_mission_in_flight_not_even_a_secret_skill(
    tmp_path: Path,
) -> None:
    """With skills, each nation first takes a skill in secret (§17.2): the campaign as anyone
    reads it (the sheet page's and the API's data) is the same before and after those moves."""

    async def run() -> tuple[JSON, JSON, list[str]]:
        process = Process(tmp_path, bots=False)
        campaigns = await process.start()
        sides = [SeatSpec("human"), SeatSpec("human")]
        campaign, created = await campaigns.create(
            GAME, LONG, {"skills": True}, sides, 0, "ann", True, "p-ann"
        )
        assert process.hub is not None
        table = created.table
        for seat, code in created.invites:
            await process.hub.join(table, seat, code, "bea", "p-bea")
        before = await campaigns.describe(campaign)
        made = []
        for _ in range(4):  # the secret skill choices come first
            seat = table.state.current_player
            assert seat is not None
            move = str(table.state.legal_actions()[0])
            frame = await process.hub.submit(table, seat, move, None, table.version, "human")
            assert frame["type"] == "ack", frame
            made.append(move)
        after = await campaigns.describe(campaign)
        await process.stop()
        return before, after, made

    before, after, made = asyncio.run(run())
    assert any(move.startswith("skill") for move in made), made
    assert before == after
    assert [side["flier"] for side in after["sides"]] == ["ann", "bea"]
