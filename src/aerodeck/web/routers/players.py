"""Who is asking: the player of a request's session cookie, a guest made on a first visit.

The cookie holds the session's secret only (HttpOnly, SameSite=Lax, Secure when the server is
reached over HTTPS); the store keeps its digest. Pages make a guest for a visitor without one;
the JSON API only reads the cookie.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from starlette.requests import HTTPConnection

from aerodeck.core.api import JSON
from aerodeck.core.i18n import _
from aerodeck.web.service.api_tokens import ApiTokens
from aerodeck.web.service.players import Player, Players

router = APIRouter()
COOKIE = "aerodeck_session"
COOKIE_DAYS = 400  # the longest a browser keeps a cookie (RFC 6265bis)


def players_of(connection: HTTPConnection) -> Players:
    players: Players = connection.app.state.players
    return players


def bearer_token(connection: HTTPConnection) -> str | None:
    """The API token of an ``Authorization: Bearer`` header, or None when there is none."""
    scheme, _, token = connection.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


async def player_of(connection: HTTPConnection) -> Player | None:
    """The player of the request's (or WebSocket's) API token or, without one, of its session
    cookie; None for neither. An HTTP request with a token that is unknown or revoked is
    refused (401) rather than served as nobody."""
    token = bearer_token(connection)
    if token is None:
        return await players_of(connection).by_session(connection.cookies.get(COOKIE))
    api_tokens: ApiTokens = connection.app.state.api_tokens
    player = await api_tokens.player_of(token)
    if player is None and connection.scope["type"] == "http":
        raise HTTPException(401, _("unknown or revoked API token"))
    return player


PlayerDep = Annotated[Player | None, Depends(player_of)]


def seat_name(player: Player | None) -> str:
    """The name a seat takes when the request gives none: the player's display name."""
    return "" if player is None else player.name


async def visitor(request: Request) -> tuple[Player, str | None]:
    """The request's player, made a guest on a first visit: (player, the new session's secret
    to set with ``keep_session``, or None when the visitor already had one)."""
    player = await player_of(request)
    if player is not None:
        return player, None
    return await players_of(request).new_guest()


def _over_https(request: Request) -> bool:
    public_url: str = request.app.state.hub.settings.public_url
    return request.url.scheme == "https" or public_url.startswith("https://")


def keep_session(response: Response, request: Request, secret: str | None) -> None:
    """Set the session cookie on ``response`` (when a session was just made)."""
    if secret is None:
        return
    response.set_cookie(
        COOKIE,
        secret,
        max_age=COOKIE_DAYS * 86400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=_over_https(request),
    )


def forget_session(response: Response, request: Request) -> None:
    """Tell the browser to drop the session cookie (signed out)."""
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=_over_https(request)
    )


@router.get("/api/me", tags=["players"])
async def me(player: PlayerDep) -> JSON:
    """The player signed in with this browser's session cookie (or the request's API token)."""
    if player is None:
        raise HTTPException(401, _("no player: open the lobby page to get a guest name"))
    return {**player.public(), "username": player.username}
