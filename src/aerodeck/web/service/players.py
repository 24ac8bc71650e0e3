"""Players: who a person is, across tables and visits.

A first visit makes a guest: a player with a display name and a session whose secret travels
only in an HttpOnly cookie (the store keeps its digest, like every secret here). The same
session finds the same player on the next visit, so the seats and tables that belong to the
player (``Seat.player_id``, ``TableRecord.host_player_id``) follow the person rather than the
tab. Accounts (a username and a password) are guests who chose to sign in elsewhere too.
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from aerodeck.core.i18n import _
from aerodeck.web.service.errors import InvalidRequestError
from aerodeck.web.service.records import utcnow
from aerodeck.web.service.tokens import digest, new_token

MAX_DISPLAY_NAME = 32
PLAYER_ID_BYTES = 12


@dataclass(frozen=True)
class Player:
    """A person: ``username`` is None for a guest."""

    id: str
    name: str
    username: str | None
    created_at: datetime

    @property
    def is_guest(self) -> bool:
        return self.username is None

    def public(self) -> dict[str, object]:
        """What anyone may see of the player."""
        return {"id": self.id, "name": self.name, "guest": self.is_guest}


class PlayerStore(Protocol):
    """What the players need of the store (``aerodeck.web.db.store.Store`` implements it)."""

    async def create_player(self, player: Player, secret_hash: str) -> None: ...

    async def session_player(self, secret_hash: str) -> Player | None: ...

    async def rename_player(self, player_id: str, name: str) -> None: ...


def check_display_name(name: str) -> str:
    """``name`` stripped, or InvalidRequestError: 1 to 32 characters, none of them control."""
    name = unicodedata.normalize("NFC", name).strip()
    if not name:
        raise InvalidRequestError(_("a name needs at least one character"))
    if len(name) > MAX_DISPLAY_NAME:
        raise InvalidRequestError(
            _("a name has at most {count} characters", count=MAX_DISPLAY_NAME)
        )
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise InvalidRequestError(_("a name cannot hold control or invisible characters"))
    return name


def guest_name() -> str:
    """A new guest's name until they choose one: "Guest" and four digits."""
    return f"Guest {secrets.randbelow(9000) + 1000}"


class Players:
    """The players of a store: guests made, sessions looked up, names changed."""

    def __init__(self, store: PlayerStore) -> None:
        self.store = store

    async def new_guest(self) -> tuple[Player, str]:
        """A new guest and its session's secret (for the cookie; stored only as a digest)."""
        player = Player(secrets.token_urlsafe(PLAYER_ID_BYTES), guest_name(), None, utcnow())
        secret = new_token()
        await self.store.create_player(player, digest(secret))
        return player, secret

    async def by_session(self, secret: str | None) -> Player | None:
        """The player signed in with ``secret``, or None (no cookie, unknown or revoked)."""
        if not secret or len(secret) > 128:
            return None
        return await self.store.session_player(digest(secret))

    async def rename(self, player: Player, name: str) -> Player:
        """The player under a new display name (InvalidRequestError says why one is refused)."""
        name = check_display_name(name)
        await self.store.rename_player(player.id, name)
        return Player(player.id, name, player.username, player.created_at)
