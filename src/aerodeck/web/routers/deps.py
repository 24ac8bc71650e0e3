"""What the routers share: the hub as a dependency, a table looked up by id, the links the lobby
hands out, and the service's refusals as HTTP errors."""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Annotated, TypeVar

from fastapi import Depends, HTTPException, Request

from aerodeck.core.api import JSON
from aerodeck.core.errors import ConfigError
from aerodeck.core.i18n import _
from aerodeck.web.service.errors import (
    CapacityError,
    ConflictError,
    InvalidRequestError,
    NotFoundError,
    TableRequestError,
    WrongSecretError,
)
from aerodeck.web.service.frames import TABLE_ID_PATTERN
from aerodeck.web.service.hub import Created, Hub
from aerodeck.web.service.limits import WindowCounter
from aerodeck.web.service.tables import Table

T = TypeVar("T")

STATUS_OF: dict[type[TableRequestError], int] = {  # docs/web-protocol.md: Lobby
    NotFoundError: 404,
    InvalidRequestError: 400,
    WrongSecretError: 401,
    ConflictError: 409,
    CapacityError: 503,
}


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(hub_of)]


async def table_or_404(hub: Hub, table_id: str) -> Table:
    """The table of ``table_id`` (loaded back from the store if it left memory), or 404."""
    table = await hub.get(table_id) if re.fullmatch(TABLE_ID_PATTERN, table_id) else None
    if table is None:
        raise HTTPException(404, _("no such table"))
    return table


async def answer(work: Awaitable[T]) -> T:
    """Await a hub call, turning its refusals into HTTP errors (a bad game, option or bot: 400)."""
    try:
        return await work
    except TableRequestError as error:
        status = next(code for kind, code in STATUS_OF.items() if isinstance(error, kind))
        raise HTTPException(status, str(error)) from None
    except ConfigError as error:
        raise HTTPException(400, str(error)) from None


def _base(request: Request) -> str:
    configured: str = request.app.state.hub.settings.public_url
    return (configured or str(request.base_url)).rstrip("/")


def table_link(request: Request, table_id: str, fragment: str = "") -> str:
    return f"{_base(request)}/t/{table_id}" + (f"#{fragment}" if fragment else "")


def invite_link(request: Request, table_id: str, seat: int, code: str) -> str:
    """The link that takes ``seat``: code and seat in the fragment (never sent, never logged)."""
    return table_link(request, table_id, f"invite={code}&seat={seat}")


def check_creation_allowed(request: Request) -> None:
    """429 when the client's address has created its share of tables this window."""
    creations: WindowCounter = request.app.state.creations
    address = request.client.host if request.client else "unknown"
    if not creations.allow(address):
        raise HTTPException(429, _("too many tables created from this address: wait a while"))


def created_links(request: Request, created: Created) -> JSON:
    """A new table's host token, the creator's seat and token, the invites and the spectator
    link, as the lobby's and the campaigns' create calls answer them."""
    table_id = created.table.id
    return {
        "host_token": created.host_token,
        "seat": created.seat,
        "token": created.token,
        "invites": [
            {"seat": seat, "code": code, "link": invite_link(request, table_id, seat, code)}
            for seat, code in created.invites
        ],
        "spectate": table_link(request, table_id),
    }
