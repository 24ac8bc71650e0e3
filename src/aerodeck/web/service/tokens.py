"""Secrets of a table: host and seat tokens, invite codes; stored hashed, compared in constant
time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 32  # token_urlsafe(32): 43 characters, 256 bits
INVITE_BYTES = 16
TABLE_ID_BYTES = 12  # 16 characters: table ids are not secret (spectator links) but unguessable


def new_token() -> str:
    """A host or seat token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_invite() -> str:
    """A one-time invite code for one seat."""
    return secrets.token_urlsafe(INVITE_BYTES)


def new_table_id() -> str:
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def digest(secret: str) -> str:
    """What the store keeps of a secret: its SHA-256, hex (the secret itself is never stored)."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def matches(secret: str | None, stored: str | None) -> bool:
    """Whether ``secret`` is the one whose digest is ``stored``, in constant time."""
    if secret is None or stored is None:
        return False
    return hmac.compare_digest(digest(secret), stored)
