"""The security headers in chromium: the lobby, a table (with its WebSocket), a replay, a
leaderboard and a player page load under the server's Content-Security-Policy with no violation
reported, and each page's answer carries the headers (docs/server.md, The edge)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from aerodeck.web.settings import Settings
from tests.browser.people import Person
from tests.web.server import Server
from tests.web.standings import LEAGUE, Shop, with_shop

# every violation, also those the console would word differently (an init script runs exempt
# from the page's policy)
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
"""
HEADERS = ("content-security-policy", "x-content-type-options", "x-frame-options")


def test_pages_load_under_the_policy_without_a_violation(browser: Any, web: Server) -> None:
    async def league(shop: Shop) -> str:
        people = await shop.league(games=2)
        return people["Ann"].id

    with ThreadPoolExecutor(1) as worker:  # the store is written from outside the page's loop
        ann = worker.submit(asyncio.run, with_shop(Settings(data_dir=web.data_dir), league))
        player = ann.result(timeout=300)
    table = web.create(game=LEAGUE[0], players=2)["table"]
    person = Person(browser, web.base, seed=3, bypass_csp=False)
    page = person.page
    page.add_init_script(RECORD_VIOLATIONS)
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)

    violations: list[str] = []

    def visit(path: str) -> None:
        if page.url.startswith(web.base):  # the page left behind: its violations, if any
            violations.extend(page.evaluate("window.__violations"))
        response = page.goto(web.base + path)
        assert response is not None and response.status == 200, path
        assert all(name in response.headers for name in HEADERS), path
        assert response.headers["referrer-policy"] == "same-origin"

    visit("/")
    page.wait_for_selector("#game option", state="attached")
    visit(f"/t/{table}")
    page.wait_for_selector("#seats > *", timeout=30000)  # drawn from the WebSocket's welcome
    assert any(frame["type"] == "welcome" for frame in person.received)
    visit(f"/leaderboard/{LEAGUE[0]}?players={LEAGUE[1]}")
    visit(f"/p/{player}")
    violations.extend(page.evaluate("window.__violations"))
    page.click("table.results a.button >> nth=0")  # the replay of one of the player's games
    page.wait_for_selector("#steps-data", state="attached")
    page.wait_for_load_state("load")  # the replay's module has run: its buttons answer
    page.click("#next")  # the replay's controls answer: its script runs
    assert page.input_value("#step") == "1"
    violations.extend(page.evaluate("window.__violations"))
    assert violations == []
    assert [line for line in console if "Content Security Policy" in line] == []
    assert person.errors == []
    person.close()
