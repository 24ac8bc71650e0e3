"""Accounts (REST): a guest becomes an account, signs in on another browser, signs out here or
everywhere, changes the name others see. Every call that starts a session sets a new cookie;
the browser's old session ends (service/accounts.py says why)."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Annotated, TypeVar

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from aerodeck.core.api import JSON
from aerodeck.core.i18n import _
from aerodeck.web.routers.bodies import Text
from aerodeck.web.routers.deps import HubDep, answer
from aerodeck.web.routers.players import (
    COOKIE,
    forget_session,
    keep_session,
    player_of,
    players_of,
)
from aerodeck.web.service.accounts import MAX_PASSWORD, Accounts
from aerodeck.web.service.limits import TooManyTriesError
from aerodeck.web.service.players import MAX_DISPLAY_NAME, Player

router = APIRouter(tags=["accounts"])
T = TypeVar("T")
# The calls that start a session: refused from another site even without a cookie (a forged
# sign-in would put the visitor in someone else's account). app.py hands them to SameOrigin.
STARTS_SESSION = frozenset({"/api/account", "/api/sign-in"})


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Credentials(_Body):
    username: Text = Field(max_length=64)
    password: Text = Field(max_length=MAX_PASSWORD)


class NewPassword(_Body):
    current: Text = Field(max_length=MAX_PASSWORD)
    new: Text = Field(max_length=MAX_PASSWORD)


class NewName(_Body):
    name: Text = Field(max_length=MAX_DISPLAY_NAME * 4)


def accounts_of(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


async def session_of(request: Request) -> tuple[Player, str]:
    """The player of the request's session cookie and the cookie's secret, or 401: managing an
    account takes the browser's session (an API token is not enough)."""
    secret = request.cookies.get(COOKIE)
    player = await players_of(request).by_session(secret)
    if player is None or secret is None:
        raise HTTPException(401, _("not signed in: open the lobby page first"))
    return player, secret


SessionDep = Annotated[tuple[Player, str], Depends(session_of)]


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def _throttled(work: Awaitable[T]) -> T:
    """``answer(work)``, and 429 with Retry-After when the attempt is over the throttle."""
    try:
        return await answer(work)
    except TooManyTriesError as refused:
        headers = {"Retry-After": str(refused.retry_after)}
        raise HTTPException(429, str(refused), headers=headers) from None


def _me(player: Player) -> JSON:
    return {**player.public(), "username": player.username}


@router.post("/api/account", status_code=201)
async def create_account(
    body: Credentials, session: SessionDep, request: Request, response: Response
) -> JSON:
    """This browser's guest becomes an account (same player, new session and cookie)."""
    player, secret = session
    signed_in = await answer(
        accounts_of(request).register(player, body.username, body.password, secret)
    )
    keep_session(response, request, signed_in.secret)
    return _me(signed_in.player)


@router.post("/api/sign-in")
async def sign_in(body: Credentials, request: Request, response: Response) -> JSON:
    """Sign in to an account: a new session and cookie; this browser's last session ends."""
    secret = request.cookies.get(COOKIE)
    accounts = accounts_of(request)
    signed_in = await _throttled(
        accounts.sign_in(body.username, body.password, _address(request), secret)
    )
    keep_session(response, request, signed_in.secret)
    return _me(signed_in.player)


@router.post("/api/sign-out")
async def sign_out(session: SessionDep, request: Request, response: Response) -> JSON:
    """End this browser's session (its next page visit makes a new guest)."""
    await accounts_of(request).sign_out(session[1])
    forget_session(response, request)
    return {"signed_out": 1}


@router.post("/api/sign-out-everywhere")
async def sign_out_everywhere(
    session: SessionDep, request: Request, response: Response, hub: HubDep
) -> JSON:
    """End every session of this browser's player, on every device (API tokens stay), and close
    the table connections opened with them."""
    ended = await accounts_of(request).sign_out_everywhere(session[0])
    hub.disconnect_player(session[0].id)
    forget_session(response, request)
    return {"signed_out": ended}


@router.post("/api/me/password")
async def change_password(
    body: NewPassword, session: SessionDep, request: Request, response: Response
) -> JSON:
    """A new password, given the present one: every session of the account ends but this
    browser's, which gets a new one (and cookie)."""
    accounts = accounts_of(request)
    signed_in = await _throttled(
        accounts.change_password(session[0], body.current, body.new, _address(request))
    )
    keep_session(response, request, signed_in.secret)
    return _me(signed_in.player)


@router.post("/api/me/name")
async def rename(body: NewName, request: Request) -> JSON:
    """Change the name the player is shown under (1 to 32 characters)."""
    player = await player_of(request)
    if player is None:
        raise HTTPException(401, _("no player: open the lobby page to get a guest name"))
    return _me(await answer(players_of(request).rename(player, body.name)))
