"""The lobby header's account forms in chromium: a guest renames itself and becomes an account,
a second browser signs in as the same player, and signing out everywhere there leaves the first
a new guest; signed in on a second browser, the player's seat opens there as it is. Every
request the pages make passes the server's same-origin check."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import SERVER_ARGS
from tests.browser.people import STATE, Person
from tests.web.server import Server

PASSWORD = "analytical engine"
WAIT_MS = 30_000


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Server]:
    """A server hashing passwords cheaply (64 KiB: tests only, see test_accounts.py)."""
    running = Server(tmp_path / "serve", "", *SERVER_ARGS, "--password-memory-kib", "64")
    yield running.start()
    running.stop()


def player_of(page: Any) -> dict[str, Any]:
    me: dict[str, Any] = page.evaluate("fetch('/api/me').then((r) => r.json())")
    return me


def test_a_guest_becomes_an_account_and_signs_in_on_another_browser(
    browser: Any, web: Server
) -> None:
    laptop = browser.new_context(viewport={"width": 1280, "height": 800})
    phone = browser.new_context(viewport={"width": 390, "height": 800})
    try:
        page = laptop.new_page()
        page.goto(web.base + "/")
        guest = player_of(page)
        page.get_by_label("Playing as").fill("Ada")
        page.get_by_role("button", name="Save name").click()
        page.get_by_role("status").get_by_text("You play as Ada.").wait_for(timeout=WAIT_MS)

        page.locator("summary", has_text="Create account").click()
        page.get_by_label("Username").first.fill("Ada")
        page.locator("#register-password").fill(PASSWORD)
        with page.expect_navigation(timeout=WAIT_MS):
            page.get_by_role("button", name="Create account").click()
        assert page.get_by_text("Signed in as").inner_text() == "Signed in as ada"
        assert player_of(page) == {**guest, "name": "Ada", "guest": False, "username": "ada"}

        other = phone.new_page()
        other.goto(web.base + "/")
        other.locator("summary", has_text="Sign in").click()
        other.locator("#sign-in-username").fill("ADA")
        other.locator("#sign-in-password").fill("not the password")
        other.locator("#sign-in-form button").click()
        refusal = other.get_by_role("status").get_by_text("wrong username or password")
        refusal.wait_for(timeout=WAIT_MS)
        other.locator("#sign-in-password").fill(PASSWORD)
        with other.expect_navigation(timeout=WAIT_MS):
            other.locator("#sign-in-form button").click()
        assert player_of(other)["id"] == guest["id"]

        with other.expect_navigation(timeout=WAIT_MS):
            other.get_by_role("button", name="Sign out everywhere").click()
        page.reload()
        assert page.get_by_text("Create account").first.is_visible(), "a new guest"
        assert player_of(page)["id"] not in (guest["id"], player_of(other)["id"])
    finally:
        laptop.close()
        phone.close()


SIGN = (  # a same-origin POST from the page, as the header's forms make
    "([path, body]) => fetch(path, {method: 'POST', headers: {'content-type': 'application/json'},"
    " body: JSON.stringify(body)}).then((r) => r.status)"
)
WHERE = (
    "(() => { const s = window.aerodeck.state; return {seat: s.seat, version: s.version,"
    " view: s.view}; })()"
)


def test_signed_in_on_a_second_browser_the_player_takes_the_same_seat(
    browser: Any, web: Server
) -> None:
    laptop, phone = Person(browser, web.base, seed=5), Person(browser, web.base, seed=6)
    laptop.page.goto(web.base + "/")
    account = {"username": "grace", "password": PASSWORD}
    assert laptop.page.evaluate(SIGN, ["/api/account", account]) == 201
    laptop.create("aces_versus_aces", 2, [0], {"target": 10})
    table = laptop.page.evaluate("document.getElementById('app').dataset.table")
    laptop.page.wait_for_function(f"{STATE}.status === 'playing'")
    before = laptop.page.evaluate(WHERE)

    phone.page.goto(web.base + "/")
    assert phone.page.evaluate(SIGN, ["/api/sign-in", account]) == 200
    phone.page.goto(f"{web.base}/t/{table}")
    phone.wait_welcome()
    assert phone.page.evaluate("sessionStorage.length") == 0, "no token: the signed-in player"
    phone.page.wait_for_function(f"{STATE}.seat === 0")
    assert phone.page.evaluate(WHERE) == before, "the same seat, where it was"
    for person in (laptop, phone):
        person.check_protocol()
        person.close()
