"""The table page says "your turn" (static/notify.js): the tab's title and icon while it is the
seat's move, and a browser notification, once allowed, when the turn comes while the person looks
elsewhere. One person against a bot: each time the bot hands the turn back, it is "your turn"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import launched_chromium
from tests.browser.people import STATE, Person
from tests.web.server import Server

# Records every notification the page makes (the real one is made too), and puts the window
# behind others: the page is "away", as when the person works in another window.
AWAY_AND_RECORDED = """
window.__notified = [];
const RealNotification = window.Notification;
window.Notification = class extends RealNotification {
  constructor(title, options) {
    window.__notified.push({ title, body: (options || {}).body || "" });
    super(title, options);
  }
};
document.hasFocus = () => false;
"""
MOVES = 40  # the bot hands the turn back within a few moves: a bound, not a wait


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The full chromium: its headless shell has no Notification API, so the page offers no
    notifications there."""
    yield from launched_chromium(full=True)


def test_the_turn_shows_in_the_title_and_a_granted_notification(browser: Any, web: Server) -> None:
    ann = Person(browser, web.base, seed=21)
    ann.context.grant_permissions(["notifications"], origin=web.base)
    ann.page.add_init_script(AWAY_AND_RECORDED)
    ann.create("aces_versus_aces", 2, [0], {"target": 10})
    page = ann.page
    page.wait_for_function(f"{STATE}.legal.length > 0 || {STATE}.status === 'over'")
    assert page.title() == "Your turn - Aces versus Aces · aerodeck"
    assert page.get_attribute('link[rel="icon"]', "href") == "/static/favicon_turn.svg"
    assert page.evaluate("window.__notified") == []  # the page opened on the turn: no ping
    assert page.is_checked("#turn-notify") and not page.is_checked("#turn-sound")
    assert page.locator("#turn-ask").count() == 0  # already allowed: nothing to ask
    for _ in range(MOVES):
        if page.evaluate("window.__notified.length") or ann.ended():
            break
        state = ann.my_turn()
        if state is None:
            page.wait_for_function(
                f"{STATE}.legal.length > 0 || {STATE}.end !== null || window.__notified.length"
            )
            continue
        ann.click_a_move(state)
        # the bot's move: the title says so (read with the state in one go: the bot may hand
        # the turn back at any moment)
        legal, title = page.evaluate(f"[{STATE}.legal.length, document.title]")
        if not legal:
            assert title == "Aces versus Aces · aerodeck"
    notified = page.evaluate("window.__notified")
    assert notified[:1] == [{"title": "Your turn - Aces versus Aces", "body": notified[0]["body"]}]
    assert notified[0]["body"].startswith("Your move")
    assert page.title().startswith("Your turn - ")
    ann.check_protocol()
    ann.close()
