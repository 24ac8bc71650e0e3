"""An account's API tokens (REST): make one (its secret shown once), list them, revoke one.
Managed from a signed-in browser only: a token cannot make more tokens."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from aerodeck.core.api import JSON
from aerodeck.web.routers.accounts import SessionDep
from aerodeck.web.routers.bodies import Text
from aerodeck.web.routers.deps import answer
from aerodeck.web.service.api_tokens import ApiTokens
from aerodeck.web.service.players import MAX_DISPLAY_NAME

router = APIRouter(prefix="/api/me/tokens", tags=["accounts"])


class NewToken(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Text = Field(max_length=MAX_DISPLAY_NAME * 4)


def api_tokens_of(request: Request) -> ApiTokens:
    api_tokens: ApiTokens = request.app.state.api_tokens
    return api_tokens


@router.get("")
async def list_tokens(session: SessionDep, request: Request) -> JSON:
    """The account's tokens (names and dates; never the secrets)."""
    tokens = await api_tokens_of(request).of(session[0])
    return {"tokens": [token.public() for token in tokens]}


@router.post("", status_code=201)
async def make_token(body: NewToken, session: SessionDep, request: Request) -> JSON:
    """A new named token: the answer is the only place its secret is ever shown."""
    token, secret = await answer(api_tokens_of(request).make(session[0], body.name))
    return {**token.public(), "token": secret}


@router.delete("/{token_id}", status_code=204)
async def revoke_token(token_id: str, session: SessionDep, request: Request) -> Response:
    """Revoke a token: requests with it are refused from now on."""
    await answer(api_tokens_of(request).revoke(session[0], token_id))
    return Response(status_code=204)
