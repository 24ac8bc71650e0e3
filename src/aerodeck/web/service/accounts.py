"""Accounts: a guest who chose a username and a password, signing in and out.

A guest becomes an account in place: the player keeps its id, so its seats and tables come
along. Passwords are hashed with Argon2id (argon2-cffi); the store keeps the hash only. Every
sign-in, and the step from guest to account, starts a new session (a new secret, so a new
cookie) and ends the one the browser came with: a secret planted in a browser before it signs
in (session fixation) is worth nothing after.

Signing in on a browser whose guest had games leaves that guest a separate player: its session
ends (the cookie now holds the account's), the games stay the guest's. To keep a guest's games,
turn that guest into the account first (docs/server.md, "Players and sessions").
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from dataclasses import dataclass
from typing import Protocol

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from aerodeck.core.errors import excerpt
from aerodeck.core.i18n import N_, _
from aerodeck.web.service.errors import ConflictError, InvalidRequestError, WrongSecretError
from aerodeck.web.service.limits import TooManyTriesError
from aerodeck.web.service.players import Player
from aerodeck.web.service.throttle import SignInThrottle
from aerodeck.web.service.tokens import digest, new_token

log = logging.getLogger("aerodeck.web.accounts")

USERNAME = re.compile(r"[a-z0-9][a-z0-9_.-]{2,31}")
USERNAME_RULE = N_("3 to 32 letters, digits, '.', '_' or '-', starting with a letter or digit")
MIN_PASSWORD = 8
MAX_PASSWORD = 1024  # Argon2 takes any length; this bounds what a request makes it read
# Hashes computed at once: each takes its memory (64 MiB by default) and a core for a while, so
# a burst of sign-ins waits its turn rather than filling the memory or every worker thread.
HASHES_AT_ONCE = 2


def check_username(username: str) -> str:
    """The username as stored (lower case: usernames are case-insensitive), or
    InvalidRequestError."""
    key = username.strip().lower()
    if not USERNAME.fullmatch(key):
        raise InvalidRequestError(_("a username has {rule}", rule=_(USERNAME_RULE)))
    return key


def check_password(password: str) -> str:
    """The password, or InvalidRequestError: 8 to 1024 characters."""
    if len(password) < MIN_PASSWORD:
        raise InvalidRequestError(
            _("a password has at least {count} characters", count=MIN_PASSWORD)
        )
    if len(password) > MAX_PASSWORD:
        raise InvalidRequestError(
            _("a password has at most {count} characters", count=MAX_PASSWORD)
        )
    return password


def _refused(what: str, username: str, address: str, reason: object) -> None:
    """Log a refused attempt: who, from where, why; never the password."""
    log.warning("%s refused for %s from %s: %s", what, excerpt(username), address, reason)


class AccountStore(Protocol):
    """What the accounts need of the store (``aerodeck.web.db.store.Store`` implements it)."""

    async def make_account(
        self, player_id: str, username: str, password_hash: str, secret_hash: str
    ) -> bool: ...

    async def account(self, username: str) -> tuple[Player, str] | None: ...

    async def start_session(self, player_id: str, secret_hash: str, ending: str | None) -> None: ...

    async def end_session(self, secret_hash: str) -> None: ...

    async def end_sessions(self, player_id: str) -> int: ...

    async def change_password(
        self, player_id: str, password_hash: str, secret_hash: str
    ) -> None: ...


@dataclass(frozen=True)
class SignedIn:
    """A player and the secret of their new session (for the cookie; stored as a digest)."""

    player: Player
    secret: str


class Accounts:
    """Turning guests into accounts, signing in (throttled) and out."""

    def __init__(
        self, store: AccountStore, hasher: PasswordHasher, throttle: SignInThrottle
    ) -> None:
        self.store = store
        self.hasher = hasher
        self.throttle = throttle
        self._dummy_hash: str | None = None
        self._hashing = asyncio.Semaphore(HASHES_AT_ONCE)

    async def register(
        self, player: Player, username: str, password: str, secret: str | None
    ) -> SignedIn:
        """``player`` (a guest) as an account: every earlier session of theirs ends, ``secret``'s
        included, and a new one starts. ConflictError for a taken username or an account."""
        if not player.is_guest:
            raise ConflictError(_("this player already has an account: sign out to make another"))
        key = check_username(username)
        password_hash = await self._hash(check_password(password))
        new_secret = new_token()
        if not await self.store.make_account(player.id, key, password_hash, digest(new_secret)):
            raise ConflictError(_("the username {name} is taken", name=key))
        log.info("player %s is now the account %s", player.id, key)
        return SignedIn(Player(player.id, player.name, key, player.created_at), new_secret)

    async def sign_in(
        self, username: str, password: str, address: str, secret: str | None
    ) -> SignedIn:
        """A new session for the account, ending the browser's present one (``secret``).
        TooManyTriesError past the throttle, WrongSecretError for anything else wrong (the
        same answer and about the same time for an unknown username as for a wrong password)."""
        key = username.strip().lower()[:64]
        try:
            self.throttle.attempt(key, address)
        except TooManyTriesError as refused:
            _refused("sign-in", key, address, refused)
            raise
        found = await self.store.account(key) if USERNAME.fullmatch(key) else None
        stored = found[1] if found is not None else await self._dummy()
        async with self._hashing:
            right = await asyncio.to_thread(self._verify, stored, password[:MAX_PASSWORD])
        if found is None or not right:
            reason = "no such account" if found is None else "wrong password"
            _refused("sign-in", key, address, reason)
            raise WrongSecretError(_("wrong username or password"))
        new_secret = new_token()
        ending = digest(secret) if secret else None
        await self.store.start_session(found[0].id, digest(new_secret), ending)
        return SignedIn(found[0], new_secret)

    async def change_password(
        self, player: Player, current: str, new: str, address: str
    ) -> SignedIn:
        """A new password for the account ``player``, given its present one (throttled as a
        sign-in): every session of the player ends, and a new one starts for this browser."""
        if player.username is None:
            raise ConflictError(_("a guest has no password: create an account"))
        try:
            self.throttle.attempt(player.username, address)
        except TooManyTriesError as refused:
            _refused("password change", player.username, address, refused)
            raise
        found = await self.store.account(player.username)
        async with self._hashing:
            right = found is not None and await asyncio.to_thread(
                self._verify, found[1], current[:MAX_PASSWORD]
            )
        if not right:
            _refused("password change", player.username, address, "wrong password")
            raise WrongSecretError(_("wrong password"))
        password_hash = await self._hash(check_password(new))
        new_secret = new_token()
        await self.store.change_password(player.id, password_hash, digest(new_secret))
        return SignedIn(player, new_secret)

    async def sign_out(self, secret: str) -> None:
        """End the session of ``secret``."""
        await self.store.end_session(digest(secret))

    async def sign_out_everywhere(self, player: Player) -> int:
        """End every session of ``player``; how many were open."""
        return await self.store.end_sessions(player.id)

    async def _hash(self, password: str) -> str:
        async with self._hashing:
            return await asyncio.to_thread(self.hasher.hash, password)

    def _verify(self, stored: str, password: str) -> bool:
        try:
            return self.hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False

    async def _dummy(self) -> str:
        """A hash no password matches, to verify against when the username is unknown."""
        if self._dummy_hash is None:
            self._dummy_hash = await self._hash(secrets.token_hex(16))
        return self._dummy_hash
