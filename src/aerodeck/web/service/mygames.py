"""My games: the tables where a player holds a seat, as that seat sees them.

Tables in progress come first, those waiting for the player's move before the others ("your
turn" is whether the seat has legal moves now, the same question its table page asks, so nothing
of another seat is told), then the finished games with the seat's result and links to the replay
and the record. Everything else said of a table is what the lobby says of any table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from aerodeck.core.api import JSON
from aerodeck.core.i18n import _
from aerodeck.web.service.catalogue import level_word
from aerodeck.web.service.hub import Hub
from aerodeck.web.service.records import Seat
from aerodeck.web.service.tables import Table

MAX_IN_PROGRESS = 100
MAX_FINISHED = 20


@dataclass(frozen=True)
class PlayerSeat:
    """A seat that belongs to a player."""

    table_id: str
    seat: int


class MyGamesStore(Protocol):
    """What my games need of the store (``aerodeck.web.db.store.Store`` implements it)."""

    async def player_seats(
        self, player_id: str, finished: bool, limit: int
    ) -> list[PlayerSeat]: ...


def _name(seat: Seat) -> str:
    """A seat as the lobby names it."""
    if seat.kind == "bot":
        return _("{level} bot", level=level_word(seat.bot or ""))
    return (seat.name or _("a person")) if seat.claimed else _("an open seat")


def _entry(table: Table, seat: int) -> JSON:
    others = [_name(s) for s in table.seats]
    entry: JSON = {
        "table": table.id,
        "game": table.game.id,
        "title": table.game.info.title,
        "players": table.game.players,
        "status": table.status.value,
        "seat": seat,
        "names": others,
        "version": table.version,
        "link": f"/t/{table.id}",
    }
    if table.over:
        end = table.end(seat)  # the game's returns, or a forfeit's ruling
        place = next(s["place"] for s in end["standings"] if s["seat"] == seat)
        entry |= {
            "won": seat in end["winners"],
            "place": place,
            "replay": f"/t/{table.id}/replay",
            "record": f"/api/tables/{table.id}/record",
        }
    else:
        entry["your_turn"] = bool(table.legal_for(seat))
    return entry


async def my_games(hub: Hub, store: MyGamesStore, player_id: str) -> JSON:
    """The player's tables in progress ("your turn" first) and finished games (newest first)."""
    playing: list[JSON] = []
    finished: list[JSON] = []
    seen: set[str] = set()
    for done in (False, True):  # a game that ends between the two looks is listed once
        for owned in await store.player_seats(
            player_id, done, MAX_FINISHED if done else MAX_IN_PROGRESS
        ):
            table = await hub.get(owned.table_id)
            if table is None or table.id in seen:
                continue
            seen.add(table.id)
            (finished if table.over else playing).append(_entry(table, owned.seat))
    playing.sort(key=lambda entry: not entry["your_turn"])  # stable: newest first within
    waiting = sum(1 for entry in playing if entry["your_turn"])
    return {"waiting_for_you": waiting, "playing": playing, "finished": finished}
