"""Leaderboards and player pages, each with its JSON twin: ``/leaderboard/<game>`` and
``/api/leaderboard/<game>`` (``?players=N``, the game's default count without it), ``/p/<player
id>`` and ``/api/players/<player id>``. Everything here is public: a player's page shows their
public name, finished games and ratings only (service/ratings.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse
from starlette.requests import HTTPConnection

from aerodeck.core.api import JSON
from aerodeck.web.routers.deps import answer
from aerodeck.web.routers.pages import templates
from aerodeck.web.service.ratings import Ratings

router = APIRouter()
Players = Annotated[int | None, Query(ge=1, le=16)]


def ratings_of(connection: HTTPConnection) -> Ratings:
    ratings: Ratings = connection.app.state.ratings
    return ratings


RatingsDep = Annotated[Ratings, Depends(ratings_of)]


@router.get("/api/leaderboard/{game}", tags=["ratings"])
async def leaderboard(game: str, ratings: RatingsDep, players: Players = None) -> JSON:
    """The game's ratings at one player count, best first (bots marked)."""
    return await answer(ratings.leaderboard(game, players))


@router.get("/api/players/{player_id}", tags=["ratings"])
async def player(player_id: str, ratings: RatingsDep) -> JSON:
    """A player's public page: name, finished games, ratings with their history."""
    return await answer(ratings.profile(player_id))


@router.get("/leaderboard/{game}", response_class=HTMLResponse, include_in_schema=False)
async def leaderboard_page(
    game: str, request: Request, ratings: RatingsDep, players: Players = None
) -> HTMLResponse:
    board = await answer(ratings.leaderboard(game, players))
    return templates.TemplateResponse(request, "leaderboard.html", {"board": board})


@router.get("/p/{player_id}", response_class=HTMLResponse, include_in_schema=False)
async def player_page(player_id: str, request: Request, ratings: RatingsDep) -> HTMLResponse:
    profile = await answer(ratings.profile(player_id))
    return templates.TemplateResponse(request, "player.html", {"profile": profile})
