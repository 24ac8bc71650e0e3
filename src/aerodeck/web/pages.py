"""The browser's pages: the lobby (rendered here from the games' own options) and the table page
(a shell whose client, static/table.js, speaks the WebSocket protocol of docs/web-protocol.md).

No page ever carries a secret: the host token, seat tokens and invite codes reach the browser only
in JSON bodies and the URL fragment, and are kept in the tab's sessionStorage.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from aerodeck.web.boards import board_urls
from aerodeck.web.hub import Hub
from aerodeck.web.lobby import games, open_tables
from aerodeck.web.reference import reference_of
from aerodeck.web.steps import replay_steps

HERE = Path(__file__).resolve().parent
templates = Jinja2Templates(directory=HERE / "templates")
router = APIRouter(include_in_schema=False)
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
SEAT_ROWS = 6  # the most seats any game has


@router.get("/", response_class=HTMLResponse)
async def lobby_page(request: Request) -> HTMLResponse:
    """The lobby: create a table (game, players, options with their help, seats), open tables."""
    hub: Hub = request.app.state.hub
    listed = (await open_tables(hub))["tables"]
    return templates.TemplateResponse(
        request,
        "lobby.html",
        {"games": await games(), "tables": listed, "seat_rows": range(SEAT_ROWS)},
    )


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(table_id: str, request: Request) -> HTMLResponse:
    """The table page: the client fills it from the welcome frame."""
    hub: Hub = request.app.state.hub
    table = await hub.get(table_id) if TABLE_ID.match(table_id) else None
    if table is None:
        raise HTTPException(404, "no such table")
    return templates.TemplateResponse(
        request,
        "table.html",
        {
            "table": table.describe(),
            "reference": reference_of(table.game),
            "board": board_urls(table.game),
        },
    )


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(table_id: str, request: Request) -> HTMLResponse:
    """A finished game step by step (its record is whole and public once the game is over)."""
    hub: Hub = request.app.state.hub
    table = await hub.get(table_id) if TABLE_ID.match(table_id) else None
    if table is None:
        raise HTTPException(404, "no such table")
    state = table.state
    if not state.is_terminal:
        raise HTTPException(409, "the game is not over: watch it at its table")
    steps = await asyncio.to_thread(replay_steps, state.record_for(None))
    return templates.TemplateResponse(
        request,
        "replay.html",
        {
            "table": table.describe(),
            "steps": steps,
            "reference": reference_of(table.game),
            "board": board_urls(table.game),
        },
    )


def mount_pages(app: FastAPI) -> None:
    """Add the pages and their static files to ``app`` (before its JSON fallbacks)."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
