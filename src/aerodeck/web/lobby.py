"""The lobby (REST): games, tables, seats. Secrets travel only in JSON bodies, never in a URL."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Request
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from aerodeck.agents.registry import agent_names
from aerodeck.core.api import JSON
from aerodeck.core.errors import ConfigError
from aerodeck.core.registry import list_games, make
from aerodeck.web.frames import TABLE_ID_PATTERN
from aerodeck.web.hub import Hub, LobbyError, SeatSpec
from aerodeck.web.limits import WindowCounter
from aerodeck.web.tables import Table

router = APIRouter()


def _encodable(text: str) -> str:
    """Text the store can keep (no lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text must be valid Unicode") from None
    return text


Text = Annotated[StrictStr, AfterValidator(_encodable)]
Scalar = Text | StrictBool | StrictInt
LIST_LIMIT = 200
MAX_SEATS = 16


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(_Body):
    kind: Literal["human", "bot"]
    bot: Text | None = Field(default=None, max_length=64)


class CreateTable(_Body):
    game: Text = Field(max_length=64)
    players: StrictInt | None = Field(default=None, ge=1, le=MAX_SEATS)
    options: dict[Annotated[Text, Field(max_length=64)], Scalar] = Field(default_factory=dict)
    seats: list[SeatIn] | None = Field(default=None, max_length=MAX_SEATS)
    listed: bool = True
    clock: int | None = Field(default=None, ge=5, le=86400)
    fallback_bot: Text = Field(default="heuristic", max_length=64)
    claim: int | None = Field(default=None, ge=0, le=MAX_SEATS)
    name: Text = Field(default="", max_length=32)


class Join(_Body):
    seat: int | None = Field(default=None, ge=0, le=MAX_SEATS)
    invite: Text | None = Field(default=None, max_length=128)
    name: Text = Field(default="", max_length=32)


class SeatToken(_Body):
    token: Text = Field(max_length=128)


class HostBot(_Body):
    host_token: Text = Field(max_length=128)
    bot: Text | None = Field(default=None, max_length=64)


class HostOnly(_Body):
    host_token: Text = Field(max_length=128)


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(hub_of)]


async def _table(hub: Hub, table_id: str) -> Table:
    table = await hub.get(table_id) if re.fullmatch(TABLE_ID_PATTERN, table_id) else None
    if table is None:
        raise HTTPException(404, "no such table")
    return table


def _base(request: Request) -> str:
    configured: str = request.app.state.hub.settings.public_url
    return (configured or str(request.base_url)).rstrip("/")


def _link(request: Request, table_id: str, fragment: str = "") -> str:
    return f"{_base(request)}/t/{table_id}" + (f"#{fragment}" if fragment else "")


def _invite_link(request: Request, table_id: str, seat: int, code: str) -> str:
    """The link that takes ``seat``: code and seat in the fragment (never sent, never logged)."""
    return _link(request, table_id, f"invite={code}&seat={seat}")


async def _call(work: Any) -> Any:
    """Await a hub call, turning its refusals into HTTP errors."""
    try:
        return await work
    except LobbyError as error:
        raise HTTPException(error.status, error.detail) from None
    except ConfigError as error:
        raise HTTPException(400, str(error)) from None


@router.get("/healthz", tags=["server"])
async def healthz(hub: HubDep) -> JSON:
    """Up, and the store answers."""
    await hub.store.ping()
    return {"ok": True, "tables": len(hub.tables), "connections": hub.connection_count}


@router.get("/api/games", tags=["lobby"])
async def games() -> list[JSON]:
    """The games a table can be created for, with their options and bots."""
    out = []
    for info in list_games():
        out.append(
            {
                "id": info.id,
                "title": info.title,
                "player_counts": list(info.player_counts),
                "default_players": info.default_players,
                "summary": info.summary,
                "options": [
                    {
                        "name": o.name,
                        "default": o.default,
                        "help": o.help,
                        "choices": list(o.choices) if o.choices else None,
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                    }
                    for o in info.options
                ],
                "bots": agent_names(make(info.id)),
            }
        )
    return out


@router.post("/api/tables", status_code=201, tags=["lobby"])
async def create_table(body: CreateTable, request: Request, hub: HubDep) -> JSON:
    """Create a table: the host token, one invite per human seat, and the spectator link."""
    creations: WindowCounter = request.app.state.creations
    address = request.client.host if request.client else "unknown"
    if not creations.allow(address):
        raise HTTPException(429, "too many tables created from this address: wait a while")
    seats = [SeatSpec(s.kind, s.bot) for s in body.seats] if body.seats is not None else None
    created = await _call(
        hub.create(
            body.game,
            body.players,
            dict(body.options),
            seats,
            body.listed,
            body.clock,
            body.fallback_bot,
            body.claim,
            body.name,
        )
    )
    table = created.table
    return {
        "table": table.id,
        "game": table.game.id,
        "players": table.game.players,
        "host_token": created.host_token,
        "seat": created.seat,
        "token": created.token,
        "invites": [
            {"seat": seat, "code": code, "link": _invite_link(request, table.id, seat, code)}
            for seat, code in created.invites
        ],
        "spectate": _link(request, table.id),
        "host": _link(request, table.id),
        "table_state": table.describe(),
    }


@router.get("/api/tables", tags=["lobby"])
async def open_tables(hub: HubDep) -> JSON:
    """Listed tables waiting for players or playing, newest first."""
    out = []
    for table_id in await hub.store.listed(LIST_LIMIT):
        table = hub.tables.get(table_id)
        if table is not None:
            out.append(table.describe())
    return {"tables": out}


@router.get("/api/tables/{table_id}", tags=["lobby"])
async def one_table(table_id: str, hub: HubDep) -> JSON:
    """One table, listed or not."""
    return (await _table(hub, table_id)).describe()


@router.post("/api/tables/{table_id}/join", tags=["seats"])
async def join(table_id: str, body: Join, hub: HubDep) -> JSON:
    """Claim a human seat; the answer carries the seat's token."""
    table = await _table(hub, table_id)
    seat, token = await _call(hub.join(table, body.seat, body.invite, body.name))
    return {"table": table.id, "seat": seat, "token": token}


@router.post("/api/tables/{table_id}/leave", tags=["seats"])
async def leave(table_id: str, body: SeatToken, hub: HubDep) -> JSON:
    """Release a seat: its token stops working."""
    table = await _table(hub, table_id)
    return {"seat": await _call(hub.leave(table, body.token))}


@router.post("/api/tables/{table_id}/seats/{seat}/bot", tags=["seats"])
async def hand_to_bot(table_id: str, seat: int, body: HostBot, hub: HubDep) -> JSON:
    """The host hands an absent human seat to a bot."""
    table = await _table(hub, table_id)
    result: JSON = await _call(hub.hand_to_bot(table, seat, body.host_token, body.bot))
    return result


@router.post("/api/tables/{table_id}/seats/{seat}/take", tags=["seats"])
async def take_back(table_id: str, seat: int, body: SeatToken, hub: HubDep) -> JSON:
    """The player takes the seat back from the bot."""
    table = await _table(hub, table_id)
    result: JSON = await _call(hub.take_back(table, seat, body.token))
    return result


@router.post("/api/tables/{table_id}/seats/{seat}/invite", tags=["seats"])
async def new_invite(
    table_id: str, seat: int, body: HostOnly, request: Request, hub: HubDep
) -> JSON:
    """A fresh invite code for a free human seat (host)."""
    table = await _table(hub, table_id)
    code = await _call(hub.new_invite(table, seat, body.host_token))
    return {"seat": seat, "code": code, "link": _invite_link(request, table.id, seat, code)}
