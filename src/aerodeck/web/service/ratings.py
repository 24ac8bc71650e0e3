"""Ratings per game and player count: a finished table's results recorded and rated, and what
the leaderboard and a player's page show of them.

The rating is the simulator's (``aerodeck.sim.ratings``): openskill's Plackett-Luce model, one
rating (mu, sigma) per subject, game and player count, updated game by game; the leaderboard
sorts by the conservative ordinal, mu - 3 sigma (0 for a newcomer: 25 - 3 x 25/3). Who is rated
is ruled in ``service/results.py``. A profile is built from finished games' results only, so a
game in progress shows nowhere on it, and from the player's public fields only.

Results and the rating update are written in one transaction, once per table (a second record
of the same table is refused by the store and changes nothing). The read, update and write of
the ratings run under one lock: one server process rates its tables one at a time, so two tables
that finish together and share a subject (a bot level) both count.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from aerodeck.core.api import JSON
from aerodeck.core.errors import AerodeckError, ConfigError
from aerodeck.core.registry import game_class
from aerodeck.sim.ratings import Skill, best_returns, rate_game
from aerodeck.web.service.errors import DuplicateError, NotFoundError, StoreError
from aerodeck.web.service.players import Player
from aerodeck.web.service.records import StoredTable, utcnow
from aerodeck.web.service.results import SeatResult, player_subject, seat_results
from aerodeck.web.service.tables import Table

log = logging.getLogger("aerodeck.web")

LEADERBOARD_ROWS = 100
PROFILE_GAMES = 50
CHART_POINTS = 200  # the latest ratings a chart shows
DECIMALS = 1  # ratings as shown


@dataclass(frozen=True)
class Rating:
    """A subject's rating at one game and player count."""

    subject: str
    game: str
    players: int
    skill: Skill
    games: int


@dataclass(frozen=True)
class Standing:
    """A leaderboard row: the rating and who holds it (a player's current public name)."""

    rating: Rating
    name: str
    guest: bool | None  # None: a bot


@dataclass(frozen=True)
class RatingPoint:
    """A subject's rating just after one rated game (the chart's points)."""

    game: str
    players: int
    table_id: str
    skill: Skill
    at: datetime


class RatingStore(Protocol):
    """What the ratings need of the store (``aerodeck.web.db.store.Store`` implements it)."""

    async def load(self, table_id: str) -> StoredTable | None: ...

    async def unrecorded(self) -> list[str]: ...

    async def skills(
        self, game: str, players: int, subjects: Sequence[str]
    ) -> dict[str, Skill]: ...

    async def save_results(
        self, results: Sequence[SeatResult], skills: Mapping[str, Skill]
    ) -> None: ...

    async def standings(self, game: str, players: int, limit: int) -> list[Standing]: ...

    async def find_player(self, player_id: str) -> Player | None: ...

    async def games_of(self, player_id: str, limit: int) -> list[list[SeatResult]]: ...

    async def games_played(self, player_id: str) -> int: ...

    async def tables_kept(self, table_ids: Sequence[str]) -> set[str]: ...

    async def ratings_of(self, subject: str) -> list[Rating]: ...

    async def history_of(self, subject: str) -> list[RatingPoint]: ...


def shown(value: float) -> float:
    return round(value, DECIMALS)


def game_title(game_id: str) -> str:
    try:
        return game_class(game_id).info.title
    except ConfigError:  # a game no longer installed: its results stay
        return game_id


def _rating_json(rating: Rating) -> JSON:
    return {
        "rating": shown(rating.skill.ordinal),
        "mu": shown(rating.skill.mu),
        "sigma": shown(rating.skill.sigma),
        "games": rating.games,
    }


def _seat_json(result: SeatResult) -> JSON:
    return {
        "seat": result.seat,
        "name": result.bot or result.name,
        "bot": result.bot,
        "player": result.player_id,
        "place": result.place,
        "return": result.value,
    }


class Ratings:
    """Records finished tables and answers the leaderboard and profile pages."""

    def __init__(self, store: RatingStore) -> None:
        self.store = store
        self._lock = asyncio.Lock()

    # --- recording --------------------------------------------------------------------------

    async def record_table(self, table: Table) -> None:
        """The hub's finisher: record a table whose game just ended."""
        await self.record(table.id, table.state.returns(), table.state.placings())

    async def record(
        self,
        table_id: str,
        returns: Sequence[float],
        placings: Sequence[Sequence[int]] | None = None,
    ) -> list[SeatResult]:
        """Record a finished table's results and update the ratings of its rated seats; the
        results ([] when the table is unknown or was recorded already). The ratings move by
        the returns; the places shown are the game's ``placings`` when given."""
        async with self._lock:
            stored = await self.store.load(table_id)
            if stored is None:
                return []
            finished_at = stored.table.finished_at or utcnow()
            results = seat_results(stored, returns, finished_at, placings)
            rated = [r for r in results if r.rated and r.subject is not None]
            best = best_returns([r.subject or "" for r in rated], [r.value for r in rated])
            record = stored.table
            before = await self.store.skills(record.game, record.players, sorted(best))
            try:
                await self.store.save_results(results, rate_game(before, best))
            except DuplicateError:
                return []
            return results

    async def catch_up(self) -> int:
        """Record every finished table still stored without results (a server stopped between
        a game's last move and its record; tables finished before the ratings existed), each
        replayed in a worker thread; how many were recorded (a store failure is logged)."""
        recorded = 0
        try:
            for table_id in await self.store.unrecorded():
                stored = await self.store.load(table_id)
                if stored is None:
                    continue
                try:
                    state = (await asyncio.to_thread(Table.rebuild, stored)).state
                except (AerodeckError, ValueError) as error:
                    log.error("table %s cannot be rebuilt to record it: %s", table_id, error)
                    continue
                recorded_now = state.is_terminal and await self.record(
                    table_id, state.returns(), state.placings()
                )
                if recorded_now:
                    recorded += 1
        except StoreError:
            log.exception("recording the finished tables stopped; the next start goes on")
        if recorded:
            log.info("recorded the results of %d finished tables", recorded)
        return recorded

    # --- pages ------------------------------------------------------------------------------

    async def leaderboard(self, game_id: str, players: int | None) -> JSON:
        """The game's leaderboard at ``players`` (None: the game's default count);
        NotFoundError for an unknown game or a count it is not played with."""
        try:
            info = game_class(game_id).info
        except ConfigError as error:
            raise NotFoundError(str(error)) from None
        count = info.default_players if players is None else players
        if count not in info.player_counts:
            counts = ", ".join(map(str, info.player_counts))
            raise NotFoundError(f"{info.title} is played by {counts} players, not {count}")
        rows = await self.store.standings(info.id, count, LEADERBOARD_ROWS)
        return {
            "game": info.id,
            "title": info.title,
            "players": count,
            "player_counts": list(info.player_counts),
            "standings": [
                {
                    "rank": rank,
                    "name": row.name,
                    "bot": row.guest is None,
                    "guest": bool(row.guest),
                    "player": row.rating.subject.removeprefix("player:")
                    if row.guest is not None
                    else None,
                    **_rating_json(row.rating),
                }
                for rank, row in enumerate(rows, start=1)
            ],
        }

    async def profile(self, player_id: str) -> JSON:
        """What anyone may see of a player: the public name, finished games and ratings
        (NotFoundError for an unknown player). Nothing private (username, sessions), nothing of
        a game in progress: only finished games have results."""
        player = await self.store.find_player(player_id) if len(player_id) <= 64 else None
        if player is None:
            raise NotFoundError("no such player")
        subject = player_subject(player.id)
        games = await self.store.games_of(player.id, PROFILE_GAMES)
        kept = await self.store.tables_kept([seats[0].table_id for seats in games])
        history = await self.store.history_of(subject)
        return {
            "player": player.public(),
            "games_played": await self.store.games_played(player.id),
            "results": [self._game_json(player.id, seats, kept) for seats in games],
            "ratings": [
                {
                    "game": rating.game,
                    "title": game_title(rating.game),
                    "players": rating.players,
                    **_rating_json(rating),
                    "history": _chart(history, rating),
                }
                for rating in await self.store.ratings_of(subject)
            ],
        }

    @staticmethod
    def _game_json(player_id: str, seats: list[SeatResult], kept: set[str]) -> JSON:
        mine = next(r for r in seats if r.player_id == player_id)
        return {
            "table": mine.table_id,
            "game": mine.game,
            "title": game_title(mine.game),
            "players": mine.players,
            "finished": _iso(mine.finished_at),
            "seat": mine.seat,
            "place": mine.place,
            "return": mine.value,
            "rated": mine.rated,
            "replay": mine.table_id in kept,
            "seats": [_seat_json(r) for r in seats],
        }


def _chart(history: Sequence[RatingPoint], rating: Rating) -> list[JSON]:
    """The latest points of ``rating``'s history, oldest first."""
    points = [p for p in history if (p.game, p.players) == (rating.game, rating.players)]
    return [
        {"at": _iso(point.at), "rating": shown(point.skill.ordinal), "table": point.table_id}
        for point in points[-CHART_POINTS:]
    ]


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds") + "+00:00"
