"""One table's lobby calls (REST): describe it, claim and leave seats, hand a seat to a bot and
take it back, a fresh invite. Secrets travel only in JSON bodies, never in a URL."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request

from aerodeck.core.api import JSON
from aerodeck.core.i18n import _
from aerodeck.web.routers.bodies import HostBot, HostOnly, Join, SeatProof, SeatToken
from aerodeck.web.routers.deps import HubDep, invite_link, table_or_404
from aerodeck.web.routers.players import PlayerDep, seat_name
from aerodeck.web.routers.wrong_secrets import with_secret
from aerodeck.web.service.players import Player


def _id(player: Player | None) -> str | None:
    return None if player is None else player.id


router = APIRouter(prefix="/api/tables/{table_id}")


@router.get("", tags=["lobby"])
async def one_table(table_id: str, hub: HubDep) -> JSON:
    """One table, listed or not."""
    return (await table_or_404(hub, table_id)).describe()


@router.post("/join", tags=["seats"])
async def join(table_id: str, body: Join, request: Request, hub: HubDep, player: PlayerDep) -> JSON:
    """Claim a human seat (it belongs to the signed-in player); the answer carries the seat's
    token."""
    table = await table_or_404(hub, table_id)
    name = body.name or seat_name(player)
    joining = hub.join(table, body.seat, body.invite, name, _id(player))
    seat, token = await with_secret(request, hub, table, joining)
    return {"table": table.id, "seat": seat, "token": token}


@router.post("/leave", tags=["seats"])
async def leave(table_id: str, body: SeatToken, request: Request, hub: HubDep) -> JSON:
    """Release a seat: its token stops working."""
    table = await table_or_404(hub, table_id)
    return {"seat": await with_secret(request, hub, table, hub.leave(table, body.token))}


@router.post("/seats/{seat}/bot", tags=["seats"])
async def hand_to_bot(
    table_id: str, seat: int, body: HostBot, request: Request, hub: HubDep, player: PlayerDep
) -> JSON:
    """The host hands an absent human seat to a bot."""
    table = await table_or_404(hub, table_id)
    handing = hub.hand_to_bot(table, seat, body.host_token, body.bot, _id(player))
    return await with_secret(request, hub, table, handing)


@router.post("/seats/{seat}/take", tags=["seats"])
async def take_back(
    table_id: str, seat: int, body: SeatProof, request: Request, hub: HubDep, player: PlayerDep
) -> JSON:
    """The player takes the seat back from the bot."""
    table = await table_or_404(hub, table_id)
    taking = hub.take_back(table, seat, body.token, _id(player))
    return await with_secret(request, hub, table, taking)


@router.post("/seats/{seat}/invite", tags=["seats"])
async def new_invite(
    table_id: str, seat: int, body: HostOnly, request: Request, hub: HubDep, player: PlayerDep
) -> JSON:
    """A fresh invite code for a human seat (host); on a claimed seat its holder loses it."""
    table = await table_or_404(hub, table_id)
    inviting = hub.new_invite(table, seat, body.host_token, _id(player))
    code = await with_secret(request, hub, table, inviting)
    return {"seat": seat, "code": code, "link": invite_link(request, table.id, seat, code)}


@router.get("/record", tags=["lobby"])
async def record(table_id: str, hub: HubDep) -> JSON:
    """A finished game's record (whole and public once the game is over)."""
    table = await table_or_404(hub, table_id)
    if not table.over:
        raise HTTPException(409, _("the game is not over: watch it at its table"))
    record: JSON = table.end(None)["record"]  # a forfeited game's says who ran out of time
    return record
