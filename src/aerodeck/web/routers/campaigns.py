"""Campaigns (REST and the sheet page): start a campaign from the lobby, read one as anyone may
(its sheet, who flies each side, every game's table and replay), the campaigns in progress, and
the signed-in player's own."""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import Field, StrictBool, StrictInt

from aerodeck.core.api import JSON
from aerodeck.core.errors import ConfigError
from aerodeck.core.i18n import _
from aerodeck.web.routers.bodies import MAX_SEATS, Scalar, SeatIn, Text, _Body
from aerodeck.web.routers.deps import (
    answer,
    check_creation_allowed,
    created_links,
)
from aerodeck.web.routers.pages import templates
from aerodeck.web.routers.players import PlayerDep, seat_name
from aerodeck.web.service.campaigns import CampaignRecord, Campaigns, series_choices
from aerodeck.web.service.frames import TABLE_ID_PATTERN
from aerodeck.web.service.hub import SeatSpec

router = APIRouter()
MY_CAMPAIGNS = 20


class CreateCampaign(_Body):
    game: Text = Field(max_length=64)
    campaign: Text = Field(max_length=64)  # one of the game's series choices, by its value
    options: dict[Annotated[Text, Field(max_length=64)], Scalar] = Field(default_factory=dict)
    sides: list[SeatIn] = Field(min_length=1, max_length=MAX_SEATS)
    claim: StrictInt | None = Field(default=None, ge=0, le=MAX_SEATS)
    name: Text = Field(default="", max_length=32)
    listed: StrictBool = True


def campaigns_of(request: Request) -> Campaigns:
    campaigns: Campaigns = request.app.state.campaigns
    return campaigns


CampaignsDep = Annotated[Campaigns, Depends(campaigns_of)]


async def campaign_or_404(campaigns: Campaigns, campaign_id: str) -> CampaignRecord:
    if not re.fullmatch(TABLE_ID_PATTERN, campaign_id):
        raise HTTPException(404, _("no such campaign"))
    return await answer(campaigns.load(campaign_id))


@router.get("/api/games/{game_id}/campaigns", tags=["campaigns"])
async def choices(game_id: str) -> JSON:
    """The campaigns (series of games) a game offers, by name with one line each."""
    try:
        return {"campaigns": series_choices(game_id)}
    except ConfigError:
        raise HTTPException(404, _("no such game")) from None


@router.post("/api/campaigns", status_code=201, tags=["campaigns"])
async def create(
    body: CreateCampaign, request: Request, campaigns: CampaignsDep, player: PlayerDep
) -> JSON:
    """Start a campaign: its first game's table (the host token, the invites) and its sheet."""
    check_creation_allowed(request)
    campaign, created = await answer(
        campaigns.create(
            body.game,
            body.campaign,
            dict(body.options),
            [SeatSpec(s.kind, s.bot) for s in body.sides],
            body.claim,
            body.name or seat_name(player),
            body.listed,
            None if player is None else player.id,
        )
    )
    table = created.table
    return {
        "campaign": campaign.id,
        "sheet": f"/c/{campaign.id}",
        "table": table.id,
        **created_links(request, created),
    }


@router.get("/api/campaigns", tags=["campaigns"])
async def in_progress(campaigns: CampaignsDep) -> JSON:
    """Listed campaigns in progress, newest first."""
    return {"campaigns": await campaigns.listed()}


@router.get("/api/campaigns/{campaign_id}", tags=["campaigns"])
async def one(campaign_id: str, campaigns: CampaignsDep) -> JSON:
    """A campaign as anyone may see it: its sheet (finished games' public results only), who
    flies each side, each game's table and replay, the result at the end."""
    return await campaigns.describe(await campaign_or_404(campaigns, campaign_id))


@router.get("/api/me/campaigns", tags=["players"])
async def mine(player: PlayerDep, campaigns: CampaignsDep) -> JSON:
    """The campaigns where the signed-in player flies a side, with each game's replay."""
    if player is None:
        raise HTTPException(401, _("no player: open the lobby page to get a guest name"))
    return {"campaigns": await campaigns.of_player(player.id, MY_CAMPAIGNS)}


@router.get("/c/{campaign_id}", response_class=HTMLResponse, include_in_schema=False)
async def sheet_page(campaign_id: str, request: Request, campaigns: CampaignsDep) -> HTMLResponse:
    """The campaign sheet: the series' sheet as tables, the sides, the games' links."""
    campaign = await campaigns.describe(await campaign_or_404(campaigns, campaign_id))
    return templates.TemplateResponse(request, "campaign.html", {"campaign": campaign})
