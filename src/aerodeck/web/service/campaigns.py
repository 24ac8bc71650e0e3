"""Campaigns at the table server: a series of games (``core/series.py``) flown table after table.

A campaign is created from the lobby with the series a game offers (``Game.series_choices``),
who flies each side (a person, a friend by invite link, or a bot level) and the game's options.
The campaign is stored (its options, the series' own JSON, who flies each side) and its first
game is an ordinary table whose seat i is side i. When a campaign's table ends, the table's
finished state is scored (``Series.record``), stored, and the next game's table is created with
the same seats: the same players (a person's seat keeps its token and belongs to the same
player, so a signed-in page takes it by its session), the same bots. A seat nobody holds any
more is flown by the campaign's fallback bot. After the last game, the campaign is over and its
sheet says the result.

Every step is idempotent and may be repeated (``advance``): after a restart the campaigns whose
table ended while nobody scored it are scored then (``catch_up``). The next game's table is
created once: the store's unique (campaign, mission) constraint refuses a second, whichever
process tries, and the campaign's score is written only over the score it was read with.

A campaign's tables are unrated (docs/server.md, Campaigns) and have no move clock: a mission
ends only by being flown to its end, never by a forfeit, so every mission can be scored.

Nothing here knows which game a campaign is of: the series says its title, sides, games and
sheet; the sheet shows only finished games' public results.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Protocol

from aerodeck.core.api import JSON, Game
from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.core.i18n import _
from aerodeck.core.registry import make
from aerodeck.core.series import Series
from aerodeck.core.userdata import check_remote_options
from aerodeck.web.service.errors import CapacityError, DuplicateError, NotFoundError, StoreError
from aerodeck.web.service.hub import Created, Hub, SeatSpec
from aerodeck.web.service.records import Seat, TableRecord, utcnow
from aerodeck.web.service.status import TableStatus
from aerodeck.web.service.tables import Table
from aerodeck.web.service.tokens import digest, new_table_id, new_token

log = logging.getLogger("aerodeck.web")

PLAYING, OVER = "playing", "over"
FALLBACK_BOT = "medium"  # flies a side whose person left the campaign
MAX_LISTED = 50


@dataclass(frozen=True)
class SideSeat:
    """Who flies one side of a campaign: a person (``player_id`` once known) or a bot level."""

    kind: str  # human or bot
    bot: str | None
    player_id: str | None
    name: str


@dataclass(frozen=True)
class CampaignRecord:
    """A campaign as stored: the game and the options that start its series, the series' JSON
    (its score after ``played`` games), the table of the game in progress, who flies each side."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    host_player_id: str | None
    series: JSON
    played: int
    table_id: str | None
    status: str  # playing or over
    listed: bool
    created_at: datetime
    seats: tuple[SideSeat, ...]
    finished_at: datetime | None = None


class CampaignStore(Protocol):
    """What campaigns need of the store (``aerodeck.web.db.campaign_store`` implements it)."""

    async def create_campaign(self, campaign: CampaignRecord) -> None: ...

    async def load_campaign(self, campaign_id: str) -> CampaignRecord | None: ...

    async def record_game(
        self,
        campaign_id: str,
        played_before: int,
        series: JSON,
        seats: Sequence[SideSeat],
        finished_at: datetime | None,
    ) -> bool: ...

    async def set_campaign_table(self, campaign_id: str, table_id: str) -> None: ...

    async def mission_tables(self, campaign_id: str) -> dict[int, str]: ...

    async def mission_of(self, table_id: str) -> tuple[str, int] | None: ...

    async def listed_campaigns(self, limit: int) -> list[CampaignRecord]: ...

    async def unfinished_campaigns(self) -> list[str]: ...

    async def player_campaigns(self, player_id: str, limit: int) -> list[CampaignRecord]: ...


@functools.cache
def series_option(game_id: str) -> str | None:
    """The option of ``game_id`` whose value names the series it starts: the option that, set to
    the first of the game's series choices, makes the configured game a series (None: the game
    offers no series). Found by asking the game, never by the option's name."""
    base = make(game_id)
    choices = base.series_choices()
    if not choices:
        return None
    value = choices[0][0]
    for option in base.info.options:
        if not isinstance(option.default, str):
            continue
        try:
            if make(game_id, None, **{option.name: value}).series() is not None:
                return option.name
        except ConfigError:
            continue
    return None


def series_choices(game_id: str) -> list[JSON]:
    """The series a person may start in ``game_id`` (its option's value, one line of words, the
    sides' names), for the lobby's campaign form; [] when it offers none."""
    option = series_option(game_id)
    if option is None:
        return []
    out = []
    for value, text in make(game_id).series_choices():
        series = make(game_id, None, **{option: value}).series()
        sides = list(series.sides) if series is not None else []
        out.append({"value": value, "text": text, "sides": sides, "option": option})
    return out


def series_of(campaign: CampaignRecord) -> Series:
    """The campaign's series as its stored JSON left it."""
    return base_game(campaign).series_from_json(campaign.series)


def base_game(campaign: CampaignRecord) -> Game:
    return make(campaign.game, **campaign.options)


def _side_seat(seat: Seat) -> SideSeat:
    if seat.kind == "bot":
        return SideSeat("bot", seat.bot, None, seat.bot or "")
    return SideSeat("human", None, seat.player_id, seat.name)


def carried(old: Seat) -> Seat:
    """The seat of the next game for the occupant of ``old``: a person keeps the seat's token and
    player (and a bot playing for them keeps playing until they take the seat back); a bot stays;
    a person's seat that nobody holds any more is the fallback bot's."""
    if old.kind == "bot":
        return Seat("bot", old.bot, old.bot or "", None, None, None)
    if old.claimed:
        return Seat("human", None, old.name, old.token_hash, None, old.bot_override, old.player_id)
    return Seat("bot", FALLBACK_BOT, FALLBACK_BOT, None, None, None)


class Campaigns:
    """The hub's campaigns: created from the lobby, each game scored as its table ends."""

    def __init__(self, hub: Hub, store: CampaignStore) -> None:
        self.hub = hub
        self.store = store
        self._locks: dict[str, asyncio.Lock] = {}

    # --- creating ---------------------------------------------------------------------------

    async def create(
        self,
        game_id: str,
        choice: str,
        options: dict[str, Any],
        sides: Sequence[SeatSpec],
        claim: int | None,
        name: str,
        listed: bool,
        player_id: str | None,
    ) -> tuple[CampaignRecord, Created]:
        """A new campaign of the series ``choice`` and its first game's table (ConfigError, one
        line, on a game without series, an unknown series, a bad option, side or bot: the
        hub checks the seats before anything is stored)."""
        if self.hub.unfinished() >= self.hub.settings.max_tables:
            raise CapacityError(_("the server holds its maximum of tables"))
        option = series_option(game_id) if isinstance(game_id, str) else None
        if option is None:
            raise ConfigError(_("{game} has no campaigns", game=excerpt(game_id)))
        chosen = {**check_remote_options(game_id, options), option: choice}
        game = make(game_id, **chosen)
        series = game.series()
        first = None if series is None else series.next_game()
        if series is None or first is None:
            raise ConfigError(_("{game} has no campaigns", game=excerpt(game_id)))
        if len(sides) != first.players:
            raise ConfigError(
                _(
                    "this campaign has {players} sides, not {count}",
                    players=first.players,
                    count=len(sides),
                )
            )
        seats = tuple(
            SideSeat("bot", (s.bot or "").strip().lower(), None, (s.bot or "").strip().lower())
            if s.kind == "bot"
            else SideSeat("human", None, player_id if index == claim else None, "")
            for index, s in enumerate(sides)
        )
        campaign_id = new_table_id()
        # the table first: a campaign is stored only with its first table (a table whose
        # campaign failed to be stored names a campaign that is not, and is an ordinary game)
        created = await self.hub.create(
            game_id,
            first.players,
            dict(first.options),
            list(sides),
            listed,
            None,  # no move clock: a mission ends by being flown, so it can be scored
            FALLBACK_BOT,
            claim,
            name,
            rated=False,
            player_id=player_id,
            mission=(campaign_id, 1),
        )
        campaign = CampaignRecord(
            id=campaign_id,
            game=game_id,
            players=first.players,
            options=dict(game.options),
            host_player_id=player_id,
            series=series.to_json(),
            played=0,
            table_id=created.table.id,
            status=PLAYING,
            listed=listed,
            created_at=utcnow(),
            seats=seats,
        )
        await self.store.create_campaign(campaign)
        await self.advance(campaign_id)  # bots may have ended the game before it was stored
        return campaign, created

    # --- a game ended -----------------------------------------------------------------------

    async def table_finished(self, table: Table) -> None:
        """The hub's finisher: a campaign's table ended, so the campaign moves on."""
        mission = await self.store.mission_of(table.id)
        if mission is not None:
            await self.advance(mission[0])

    async def catch_up(self) -> int:
        """Move on every campaign whose game ended while nobody scored it (start-up); how many
        campaigns were looked at."""
        ids = await self.store.unfinished_campaigns()
        for campaign_id in ids:
            try:
                await self.advance(campaign_id)
            except (StoreError, ConfigError):
                log.exception("campaign %s could not move on", campaign_id)
        return len(ids)

    async def advance(self, campaign_id: str) -> CampaignRecord | None:
        """Score the game in progress if its table ended, then make sure the next game's table
        exists: each step done once, however often this is called and by whichever process."""
        lock = self._locks.setdefault(campaign_id, asyncio.Lock())
        async with lock:
            campaign = await self.store.load_campaign(campaign_id)
            if campaign is None or campaign.status == OVER:
                return campaign
            tables = await self.store.mission_tables(campaign_id)
            playing = tables.get(campaign.played + 1)
            if playing is not None:
                table = await self.hub.get(playing)
                if table is None or not table.over:
                    return campaign
                if not await self._score(campaign, table):
                    return await self.store.load_campaign(campaign_id)
                campaign = await self.store.load_campaign(campaign_id)
                if campaign is None or campaign.status == OVER:
                    return campaign
            return await self._next_table(campaign, tables)

    async def _score(self, campaign: CampaignRecord, table: Table) -> bool:
        """Store the campaign with ``table``'s game scored; False if it could not be (another
        process scored it first, or the game ended without an end to score)."""
        if not table.state.is_terminal:
            log.error("campaign %s: table %s ended unfinished", campaign.id, table.id)
            return False
        series = series_of(campaign).record(table.state)
        finished_at = utcnow() if series.finished else None
        seats = [_side_seat(seat) for seat in table.seats]
        return await self.store.record_game(
            campaign.id, campaign.played, series.to_json(), seats, finished_at
        )

    async def _next_table(self, campaign: CampaignRecord, tables: dict[int, str]) -> CampaignRecord:
        """The table of the campaign's next game: created (its seats carried from the last
        game's table), or found when another process created it."""
        number = campaign.played + 1
        table_id = tables.get(number)
        if table_id is None:
            last = tables.get(campaign.played)
            previous = None if last is None else await self.hub.get(last)
            if previous is None:
                log.error("campaign %s: no table of game %d", campaign.id, campaign.played)
                return campaign
            if self.hub.unfinished() >= self.hub.settings.max_tables:
                log.warning("campaign %s waits: the server holds its most tables", campaign.id)
                return campaign
            try:
                table_id = await self._open(campaign, number, previous)
            except DuplicateError:  # another process created it first
                table_id = (await self.store.mission_tables(campaign.id)).get(number)
                if table_id is None:
                    raise
        if campaign.table_id != table_id:
            await self.store.set_campaign_table(campaign.id, table_id)
        return replace(campaign, table_id=table_id)

    async def _open(self, campaign: CampaignRecord, number: int, previous: Table) -> str:
        """Open game ``number``'s table, playing at once with the previous game's seats."""
        game = series_of(campaign).next_game()
        if game is None:
            raise ConfigError(f"campaign {campaign.id} has no game {number}")
        now = utcnow()
        record = TableRecord(
            id=new_table_id(),
            game=game.id,
            players=game.players,
            options=dict(game.options),
            seed=self.hub.new_seed(),
            status=TableStatus.PLAYING,
            listed=campaign.listed,
            host_hash=digest(new_token()),  # the host is the campaign's host player
            created_at=now,
            clock=None,
            fallback_bot=previous.fallback_bot,
            turn_began_at=now,
            rated=False,
            host_player_id=campaign.host_player_id,
            campaign_id=campaign.id,
            campaign_mission=number,
        )
        table = await self.hub.open_table(record, [carried(seat) for seat in previous.seats])
        return table.id

    # --- what pages show ---------------------------------------------------------------------

    async def load(self, campaign_id: str) -> CampaignRecord:
        campaign = await self.store.load_campaign(campaign_id)
        if campaign is None:
            raise NotFoundError(_("no such campaign"))
        return campaign

    async def describe(self, campaign: CampaignRecord) -> JSON:
        """The campaign as anyone may see it (in the language in use): the series' sheet, who
        flies each side, every game's table with its replay once over, the result at the end."""
        series = series_of(campaign)
        tables = await self.store.mission_tables(campaign.id)
        current = await self.hub.get(campaign.table_id) if campaign.table_id else None
        seats = (
            [_side_seat(seat) for seat in current.seats]
            if current is not None
            else list(campaign.seats)
        )
        games = []
        for number in sorted(tables):
            over = number <= campaign.played  # scored, so over (and no table to load for it)
            games.append(
                {
                    "number": number,
                    "table": tables[number],
                    "link": f"/t/{tables[number]}",
                    "over": over,
                    "replay": f"/t/{tables[number]}/replay" if over else None,
                }
            )
        finished = campaign.status == OVER
        return {
            "campaign": campaign.id,
            "game": campaign.game,
            "title": series.title,
            "status": campaign.status,
            "played": series.played,
            "length": series.length,
            "sides": [
                {"side": index, "name": name, **_flier(seats[index])}
                for index, name in enumerate(series.sides)
            ],
            "totals": list(series.totals()),
            "winners": series.winners(),
            "sheet": series.sheet(),
            "games": games,
            "table": None if finished else campaign.table_id,
            "link": f"/c/{campaign.id}",
            "created": campaign.created_at.isoformat(timespec="seconds") + "+00:00",
        }

    async def link_of(self, table_id: str) -> JSON | None:
        """The campaign a table is a game of, as its page links to it (None: not a campaign's)."""
        mission = await self.store.mission_of(table_id)
        campaign = None if mission is None else await self.store.load_campaign(mission[0])
        if mission is None or campaign is None:
            return None
        series = series_of(campaign)
        return {
            "campaign": campaign.id,
            "link": f"/c/{campaign.id}",
            "title": series.title,
            "number": mission[1],
            "length": series.length,
        }

    async def listed(self) -> list[JSON]:
        """Listed campaigns in progress, newest first, as the lobby lists them (not one whose
        table was purged: waiting a day for its friend, or abandoned)."""
        out = []
        for campaign in await self.store.listed_campaigns(MAX_LISTED):
            if campaign.table_id is None or await self.hub.get(campaign.table_id) is None:
                continue
            out.append(await self._summary(campaign))
        return out

    async def of_player(self, player_id: str, limit: int) -> list[JSON]:
        """The campaigns where ``player_id`` flies a side, newest first, with each game's
        replay (my games)."""
        found = await self.store.player_campaigns(player_id, limit)
        out = []
        for campaign in found:
            summary = await self._summary(campaign)
            tables = await self.store.mission_tables(campaign.id)
            summary["games"] = [
                {"number": n, "link": f"/t/{tables[n]}", "replay": f"/t/{tables[n]}/replay"}
                for n in sorted(tables)
                if n <= campaign.played
            ]
            out.append(summary)
        return out

    async def _summary(self, campaign: CampaignRecord) -> JSON:
        series = series_of(campaign)
        return {
            "campaign": campaign.id,
            "title": series.title,
            "status": campaign.status,
            "played": series.played,
            "length": series.length,
            "sides": list(series.sides),
            "totals": list(series.totals()),
            "result": series.sheet()["result"] if series.finished else None,
            "link": f"/c/{campaign.id}",
            "table": None if campaign.status == OVER else campaign.table_id,
        }


def _flier(seat: SideSeat) -> JSON:
    """Who flies a side, as the sheet says it: a person's name, or a bot's level."""
    if seat.kind == "bot":
        return {"kind": "bot", "bot": seat.bot, "flier": seat.name}
    return {"kind": "human", "bot": None, "flier": seat.name}
