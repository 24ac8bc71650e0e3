"""API tokens: named secrets an account makes for its scripts and bots.

A token is shown once, when it is made; the store keeps its digest. Sent as
``Authorization: Bearer <token>``, it identifies its player on the API as the session cookie
does in a browser (and, being no cookie, is no cross-site risk). Revoking a token deletes it:
the next request with it is refused.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from aerodeck.core.i18n import _
from aerodeck.web.service.errors import ConflictError, NotFoundError
from aerodeck.web.service.players import Player, check_display_name
from aerodeck.web.service.records import utcnow
from aerodeck.web.service.tokens import TOKEN_BYTES, digest

PREFIX = "adk_"  # tells an aerodeck API token from the other secrets at a glance
MAX_TOKENS = 20  # per player
TOKEN_ID_BYTES = 9
MAX_TOKEN_CHARS = 128


@dataclass(frozen=True)
class ApiToken:
    """A token as its owner sees it listed: never the secret."""

    id: str
    player_id: str
    name: str
    created_at: datetime

    def public(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "created_at": self.created_at.isoformat()}


class ApiTokenStore(Protocol):
    """What the tokens need of the store (``aerodeck.web.db.store.Store`` implements it)."""

    async def add_api_token(self, token: ApiToken, token_hash: str, most: int) -> bool: ...

    async def api_tokens(self, player_id: str) -> list[ApiToken]: ...

    async def delete_api_token(self, player_id: str, token_id: str) -> bool: ...

    async def api_token_player(self, token_hash: str) -> Player | None: ...


class ApiTokens:
    """An account's tokens made, listed and revoked; a request's token looked up."""

    def __init__(self, store: ApiTokenStore) -> None:
        self.store = store

    async def make(self, player: Player, name: str) -> tuple[ApiToken, str]:
        """A new token of ``player`` (an account) and its secret, shown this once."""
        if player.is_guest:
            raise ConflictError(_("a guest has no API tokens: create an account first"))
        token = ApiToken(
            secrets.token_urlsafe(TOKEN_ID_BYTES), player.id, check_display_name(name), utcnow()
        )
        secret = PREFIX + secrets.token_urlsafe(TOKEN_BYTES)
        if not await self.store.add_api_token(token, digest(secret), MAX_TOKENS):
            raise ConflictError(
                _("an account has at most {count} API tokens: revoke one", count=MAX_TOKENS)
            )
        return token, secret

    async def of(self, player: Player) -> list[ApiToken]:
        """``player``'s tokens, oldest first."""
        return await self.store.api_tokens(player.id)

    async def revoke(self, player: Player, token_id: str) -> None:
        """Delete one of ``player``'s tokens (NotFoundError when they have none of that id)."""
        if len(token_id) > 32 or not await self.store.delete_api_token(player.id, token_id):
            raise NotFoundError(_("no such API token"))

    async def player_of(self, secret: str) -> Player | None:
        """The player of a token, or None (unknown, revoked, or not a token at all)."""
        if not secret.startswith(PREFIX) or len(secret) > MAX_TOKEN_CHARS:
            return None
        return await self.store.api_token_player(digest(secret))
