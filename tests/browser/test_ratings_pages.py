"""The leaderboard and a player's page in chromium: a small league of finished games (seats
bound to players in the store, tests/web/standings.py), the leaderboard with its bots marked and
its player-count switch, a player's page with its results and the rating chart drawn by
static/ratings.js, no script inline, and nothing wider than a phone."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from aerodeck.web.settings import Settings
from tests.browser.conftest import SERVER_ARGS
from tests.browser.people import Person
from tests.web.server import Server
from tests.web.standings import LEAGUE, Shop, with_shop

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of the module's own: its leaderboard holds this league's games only (the
    session's server rates the two-player games other modules finish)."""
    running = Server(tmp_path_factory.mktemp("serve"), "", *SERVER_ARGS).start()
    yield running
    running.stop()


WIDTH = "document.documentElement.scrollWidth"


def test_leaderboard_and_player_page_render(browser: Any, web: Server) -> None:
    async def league(shop: Shop) -> dict[str, Any]:
        people = await shop.league(games=8)
        ann = people["Ann"]
        return {"ann": ann.id, "profile": await shop.ratings.profile(ann.id)}

    # Playwright's sync API holds the main thread's event loop: the store is written from another
    with ThreadPoolExecutor(1) as worker:
        work = with_shop(Settings(data_dir=web.data_dir), league)
        made = worker.submit(asyncio.run, work).result(timeout=300)
    profile = made["profile"]
    (rating,) = profile["ratings"]
    game, players, _ = LEAGUE
    person = Person(browser, web.base, seed=1)
    page = person.page
    page.goto(f"{web.base}/leaderboard/{game}?players={players}")
    standings = page.locator("table.standings tbody tr")
    assert standings.count() >= 4
    assert page.locator("tr.bot-row .badge.bot").count() >= 2, "bots are marked"
    assert page.locator(".counts [aria-current=page]").inner_text() == f"{players} players"
    page.click(".counts a >> nth=0")
    page.wait_for_url(re.compile(r"players=2$"))
    assert "No rated game" in page.inner_text("main")
    page.go_back()
    page.click(f'table.standings a[href="/p/{made["ann"]}"]')
    page.wait_for_selector("figure.rating-chart svg polyline")
    assert page.inner_text("h1").startswith("Ann")
    assert page.locator("figure.rating-chart svg circle").count() == len(rating["history"])
    assert page.locator("table.results tbody tr").count() == profile["games_played"]
    for path in (f"/leaderboard/{game}?players={players}", f"/p/{made['ann']}"):
        page.goto(web.base + path)
        html = page.content()
        # a script runs only from a file; a JSON data block (the catalogs) runs nothing
        script = r"<script(?![^>]*\b(src=|type=\"application/json\"))[^>]*>"
        assert not re.search(script, html), "no inline script"
        page.set_viewport_size(PHONE)
        assert page.evaluate(WIDTH) <= PHONE["width"], f"{path} is wider than a phone"
        page.set_viewport_size({"width": 1280, "height": 800})
    page.click("table.results a.button >> nth=0")
    page.wait_for_selector("#steps-data", state="attached")
    assert person.errors == []
    person.close()
