"""The lobby (REST): the games, creating and listing tables, and the server's health. Secrets
travel only in JSON bodies, never in a URL."""

from __future__ import annotations

from fastapi import APIRouter, Request

from aerodeck.core.api import JSON
from aerodeck.web.routers.bodies import CreateTable
from aerodeck.web.routers.deps import (
    HubDep,
    answer,
    check_creation_allowed,
    created_links,
    table_link,
)
from aerodeck.web.routers.players import PlayerDep, seat_name
from aerodeck.web.service.catalogue import game_catalogue
from aerodeck.web.service.hub import SeatSpec

router = APIRouter()
LIST_LIMIT = 200


@router.get("/healthz", tags=["server"])
async def healthz(hub: HubDep) -> JSON:
    """Up, and the store answers."""
    await hub.ping()
    return {"ok": True, "tables": len(hub.tables), "connections": hub.connection_count}


@router.get("/api/games", tags=["lobby"])
async def games() -> list[JSON]:
    """The games a table can be created for, with their options and bots."""
    return game_catalogue()


@router.post("/api/tables", status_code=201, tags=["lobby"])
async def create_table(body: CreateTable, request: Request, hub: HubDep, player: PlayerDep) -> JSON:
    """Create a table: the host token, one invite per human seat, and the spectator link."""
    check_creation_allowed(request)
    seats = [SeatSpec(s.kind, s.bot) for s in body.seats] if body.seats is not None else None
    created = await answer(
        hub.create(
            body.game,
            body.players,
            dict(body.options),
            seats,
            body.listed,
            body.clock,
            body.fallback_bot,
            body.claim,
            body.name or seat_name(player),
            body.on_timeout,
            body.rated,
            None if player is None else player.id,
            hints=body.hints,
        )
    )
    table = created.table
    return {
        "table": table.id,
        "game": table.game.id,
        "players": table.game.players,
        **created_links(request, created),
        "host": table_link(request, table.id),
        "table_state": table.describe(),
    }


@router.get("/api/tables", tags=["lobby"])
async def open_tables(hub: HubDep) -> JSON:
    """Listed tables waiting for players or playing, newest first."""
    return {"tables": [table.describe() for table in await hub.open_tables(LIST_LIMIT)]}
