"""A table's chat over REST: the host closes it or opens it again (the messages themselves go
over the WebSocket, docs/web-protocol.md: Chat)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool

from aerodeck.core.api import JSON
from aerodeck.web.routers.bodies import Text
from aerodeck.web.routers.deps import HubDep, table_or_404
from aerodeck.web.routers.players import PlayerDep
from aerodeck.web.routers.wrong_secrets import with_secret

router = APIRouter(prefix="/api/tables/{table_id}")


class ChatSwitch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    host_token: Text | None = Field(default=None, max_length=128)  # None: the host player
    open: StrictBool


@router.post("/chat", tags=["chat"])
async def open_or_close_chat(
    table_id: str, body: ChatSwitch, request: Request, hub: HubDep, player: PlayerDep
) -> JSON:
    """The host closes the table's chat (nobody may post; what was said stays) or opens it."""
    table = await table_or_404(hub, table_id)
    player_id = None if player is None else player.id
    switching = hub.chat.set_open(table, body.host_token, player_id, body.open)
    return {"open": await with_secret(request, hub, table, switching)}
