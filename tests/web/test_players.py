"""Players: a first visit makes a guest whose session lives in an HttpOnly cookie, and the same
cookie finds the same player again; the store keeps only the session's digest."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select, update

from aerodeck.web.db.models import PlayerSessionRow
from aerodeck.web.db.store import Store
from aerodeck.web.routers.players import COOKIE
from aerodeck.web.service.errors import InvalidRequestError
from aerodeck.web.service.players import Players, check_display_name
from aerodeck.web.settings import Settings
from tests.web.server import Server


def test_a_first_visit_makes_a_guest_and_the_cookie_finds_it_again(server: Server) -> None:
    with httpx.Client(base_url=server.base, timeout=30.0) as browser:
        assert browser.get("/api/me").status_code == 401
        first = browser.get("/")
        assert first.status_code == 200
        header = first.headers["set-cookie"]
        assert header.startswith(f"{COOKIE}=")
        flags = {part.strip().lower() for part in header.split(";")}
        assert {"httponly", "samesite=lax", "path=/"} <= flags
        assert "secure" not in flags, "plain http on loopback: a Secure cookie would be lost"
        me = browser.get("/api/me").json()
        assert me["guest"] is True and me["name"].startswith("Guest ")
        again = browser.get("/")
        assert "set-cookie" not in again.headers, "a known visitor keeps their session"
        assert browser.get("/api/me").json() == me
    with httpx.Client(base_url=server.base, timeout=30.0) as stranger:
        stranger.get("/")
        assert stranger.get("/api/me").json()["id"] != me["id"]


def test_a_forged_or_revoked_session_is_nobody(tmp_path: Path) -> None:
    async def run() -> None:
        store = await Store.open(Settings(data_dir=tmp_path))
        try:
            players = Players(store)
            guest, secret = await players.new_guest()
            assert await players.by_session(secret) == guest
            for forged in (None, "", secret[:-1], "x" * 5000):
                assert await players.by_session(forged) is None
            async with store.sessions() as session:
                stored = await session.scalars(select(PlayerSessionRow.secret_hash))
                assert secret not in stored.all(), "only the digest is stored"
            renamed = await players.rename(guest, "  Ada  ")
            assert (await players.by_session(secret)) == renamed and renamed.name == "Ada"
            async with store.sessions() as session, session.begin():
                await session.execute(update(PlayerSessionRow).values(revoked_at=guest.created_at))
            assert await players.by_session(secret) is None
        finally:
            await store.close()

    asyncio.run(run())


@pytest.mark.parametrize("bad", ["", "   ", "x" * 33, "a\u200bb", "tab\there"])
def test_display_names_refused_say_why(bad: str) -> None:
    with pytest.raises(InvalidRequestError, match="name"):
        check_display_name(bad)
