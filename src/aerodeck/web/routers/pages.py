"""The browser's pages: the lobby (rendered here from the games' own options) and the table page
(a shell whose client, static/table.js, speaks the WebSocket protocol of docs/web-protocol.md).

No page ever carries a secret: the host token, seat tokens and invite codes reach the browser only
in JSON bodies and the URL fragment, and are kept in the tab's sessionStorage; the player's session
secret only in its HttpOnly cookie (a first visit to a page makes a guest: routers/players.py).
"""

from __future__ import annotations

import asyncio
import re
from http import HTTPStatus
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from aerodeck.core.i18n import LANGUAGES, _, language, n_
from aerodeck.web.language import page_messages
from aerodeck.web.reference import reference_of
from aerodeck.web.routers.boards import board_urls
from aerodeck.web.routers.deps import HubDep, table_or_404
from aerodeck.web.routers.lobby import LIST_LIMIT
from aerodeck.web.routers.players import keep_session, visitor
from aerodeck.web.service.campaigns import series_choices
from aerodeck.web.service.catalogue import game_catalogue, level_word
from aerodeck.web.service.steps import replay_steps

WEB = Path(__file__).resolve().parents[1]
templates = Jinja2Templates(directory=WEB / "templates")
# every word of a page through the catalogs of the request's language (web/language.py)
templates.env.globals.update(
    _=_,
    n_=n_,
    language=language,
    languages=LANGUAGES,
    page_messages=page_messages,
    level_word=level_word,
)
router = APIRouter(include_in_schema=False)
SEAT_ROWS = 6  # the most seats any game has


@router.get("/", response_class=HTMLResponse)
async def lobby_page(request: Request, hub: HubDep) -> HTMLResponse:
    """The lobby: create a table (game, players, options with their help, seats), open tables."""
    player, secret = await visitor(request)
    listed = [table.describe() for table in await hub.open_tables(LIST_LIMIT)]
    games = game_catalogue()
    response = templates.TemplateResponse(
        request,
        "lobby.html",
        {
            "games": games,
            "tables": listed,
            "campaign_choices": {g["id"]: series_choices(g["id"]) for g in games},
            "campaigns": await request.app.state.campaigns.listed(),
            "seat_rows": range(SEAT_ROWS),
            "player": player.public(),
            "username": player.username,
        },
    )
    keep_session(response, request, secret)
    return response


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(table_id: str, request: Request, hub: HubDep) -> HTMLResponse:
    """The table page: the client fills it from the welcome frame."""
    table = await table_or_404(hub, table_id)
    player, secret = await visitor(request)
    response = templates.TemplateResponse(
        request,
        "table.html",
        {
            "table": table.describe(),
            "reference": reference_of(table.game),
            "board": board_urls(table.game),
            "player": player.public(),
            "host": player.id == table.host_player_id,
            "campaign": await request.app.state.campaigns.link_of(table.id),
        },
    )
    keep_session(response, request, secret)
    return response


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(table_id: str, request: Request, hub: HubDep) -> HTMLResponse:
    """A finished game step by step (its record is whole and public once the game is over,
    played to its end or forfeited)."""
    table = await table_or_404(hub, table_id)
    if not table.over:
        raise HTTPException(409, _("the game is not over: watch it at its table"))
    steps = await asyncio.to_thread(replay_steps, table.state.record())
    return templates.TemplateResponse(
        request,
        "replay.html",
        {
            "table": table.describe(),
            "steps": steps,
            "chat": await hub.chat.transcript(table, game_over=True),
            "reference": reference_of(table.game),
            "board": board_urls(table.game),
        },
    )


_REPLAY = re.compile(r"/t/([^/]+)/replay")


def error_page(request: Request, status: int, detail: str) -> HTMLResponse:
    """An HTTP error as a page (``middleware.one_line_errors``): the one line, and the way back."""
    if detail == HTTPStatus(status).phrase:  # the framework's own words: an unknown address
        detail = _("there is no page at this address")
    replay = _REPLAY.fullmatch(request.url.path)
    return templates.TemplateResponse(
        request,
        "error.html",
        {
            "title": _("This page cannot be shown"),
            "detail": detail,
            "table_link": f"/t/{replay.group(1)}" if replay and status == 409 else None,
        },
        status_code=status,
    )
