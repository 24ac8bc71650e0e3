"""My games (REST): the tables where the signed-in player holds a seat, as that seat sees them."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request

from aerodeck.core.api import JSON
from aerodeck.core.i18n import _
from aerodeck.web.routers.deps import HubDep
from aerodeck.web.routers.players import PlayerDep
from aerodeck.web.service.mygames import MyGamesStore, my_games

router = APIRouter()


@router.get("/api/me/games", tags=["players"])
async def games(player: PlayerDep, request: Request, hub: HubDep) -> JSON:
    """My tables in progress ("your turn" first), then my finished games with their replay and
    record."""
    if player is None:
        raise HTTPException(401, _("no player: open the lobby page to get a guest name"))
    store: MyGamesStore = request.app.state.store
    return await my_games(hub, store, player.id)
